package io.tcplab.tools.scenario;

import io.tcplab.stack.conn.ConnectionOptions;

/**
 * One flow (or, for web traffic, one stream of page downloads) of a scenario.
 *
 * @param name          unique in the scenario
 * @param group         label the summary aggregates by ("test", "background", or the file's own)
 * @param from          router the sender host attaches to
 * @param to            router the receiver host attaches to
 * @param rttNanos      base round-trip time wanted (set through the sender's access delay), or
 *                      -1 to keep the access links' own delay
 * @param options       the connection settings of both ends
 * @param autoBuffers   size the send and receive buffers from the path's bandwidth-delay product
 *                      instead of {@code options}
 * @param traffic       what the application does
 * @param startNanos    when it starts
 * @param stopNanos     when it stops sending (the connection is closed), or {@link Long#MAX_VALUE}
 * @param trace         record the sender's cwnd, ssthresh and srtt at every ACK (for plots)
 * @param kernel        {@code stack: kernel}: with {@code tcplab run --real} the sender is a kernel
 *                      socket with the kernel's algorithm of the same name; on the emulator, which
 *                      has no kernel, tcplab's algorithm of that name stands in
 */
public record FlowSpec(String name, String group, String from, String to, long rttNanos,
                       ConnectionOptions options, boolean autoBuffers, TrafficSpec traffic,
                       long startNanos, long stopNanos, boolean trace, boolean kernel) {

    /** A bulk flow from {@code from} to {@code to} starting at 0 with the given options. */
    public static FlowSpec bulk(String name, String from, String to, long rttNanos, ConnectionOptions options) {
        return new FlowSpec(name, "test", from, to, rttNanos, options, true, new TrafficSpec.Bulk(), 0,
                Long.MAX_VALUE, false, false);
    }

    /** {@code "kernel"} or {@code "tcplab"}: the {@code stack} field. */
    public String stack() {
        return kernel ? "kernel" : "tcplab";
    }

    public FlowSpec startingAt(long nanos) {
        return new FlowSpec(name, group, from, to, rttNanos, options, autoBuffers, traffic, nanos, stopNanos, trace,
                kernel);
    }
}
