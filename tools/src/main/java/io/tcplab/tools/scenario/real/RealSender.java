package io.tcplab.tools.scenario.real;

import io.tcplab.stack.conn.ConnectionInfo;
import io.tcplab.tools.ab.OutsideDrops;
import io.tcplab.tools.scenario.FlowSeries;
import java.io.IOException;

/** A real run's sender of one flow: started at the flow's start, stopped at its stop, ended with the run. */
interface RealSender extends AutoCloseable {
    /** What the sender's counters said at the end: tcplab's connection, or the kernel's ss line. */
    record Ending(ConnectionInfo info, FlowSeries.KernelCounts kernel) {
    }

    /** Connects and starts sending (may block for a handshake: runs off the sampling thread). */
    void start() throws IOException;

    /** Offers nothing more; the connection closes once what is buffered has gone. */
    void stop();

    /** The congestion window in bytes now, 0 before the start. */
    long cwndBytes();

    /** Adds what was lost between this sender and the kernel outside any link (nothing for a kernel socket). */
    default void outsideDrops(OutsideDrops.Builder drops) {
    }

    /** Takes the last counters and resets the connection (the run is over). */
    Ending end() throws InterruptedException, IOException;

    /** Resets whatever is left, quietly (after a failure). */
    @Override
    void close();
}
