package io.tcplab.tools.ab;

import io.tcplab.stack.RandomSource;
import io.tcplab.stack.StackConfig;
import io.tcplab.stack.conn.Connection;
import io.tcplab.stack.conn.ConnectionHandler;
import io.tcplab.stack.conn.ConnectionInfo;
import io.tcplab.stack.conn.ConnectionOptions;
import io.tcplab.stack.trace.TraceListener;
import io.tcplab.tools.replay.StackRecording;
import io.tcplab.tools.traffic.InputStreamSource;
import io.tcplab.tun.Namespace;
import io.tcplab.tun.InterfaceAddress;
import io.tcplab.tun.RealTimeDriver;
import io.tcplab.tun.TunDevice;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.concurrent.Callable;

/**
 * tcplab as a sender on a {@link RealPath}: its stack on a {@link RealTimeDriver} behind its own
 * TUN device, whose kernel side is in the left namespace (which forwards into the link), with one
 * connection to the right side writing what {@code source} gives and reporting to a trace listener
 * on the driver thread; its stack recorded when a {@link StackRecording} says so (docs/replay.md).
 */
public final class TcplabSender implements AutoCloseable {
    private final RealTimeDriver driver;
    private final Connection connection;
    private final ConnectionHandler source;
    private final long connectNanos;
    private final StackRecording recording;

    private TcplabSender(RealTimeDriver driver, Connection connection, ConnectionHandler source, long connectNanos,
                         StackRecording recording) {
        this.driver = driver;
        this.connection = connection;
        this.source = source;
        this.connectNanos = connectNanos;
        this.recording = recording;
    }

    /**
     * Opens the device (its txqueuelen the path's {@link PathSizing#deviceQueuePackets()}) and the
     * driver and connects; the listener sees the connection's first record.
     */
    public static TcplabSender connect(RealPath path, int port, ConnectionOptions options, long seed, int mtu,
                                       InputStreamSource source, TraceListener listener, String threadName,
                                       StackRecording recording) {
        return connect(path.left(), RealPath.OURS_CIDR, RealPath.OURS_ADDR, RealPath.RIGHT_ADDR, port, options, seed,
                mtu, path.sizing().deviceQueuePackets(), source, listener, threadName, recording);
    }

    /**
     * The same from any namespace: the device's kernel side gets {@code deviceCidr} in {@code host}
     * (which must forward) and a txqueuelen of {@code txQueuePackets} (0: the kernel's 500), the
     * stack {@code ourAddress}, and the connection goes to {@code peer}:{@code port};
     * {@code listener} may be null; the sender owns {@code recording} and closes it after the driver.
     */
    public static TcplabSender connect(Namespace host, String deviceCidr, String ourAddress, String peer, int port,
                                       ConnectionOptions options, long seed, int mtu, int txQueuePackets,
                                       ConnectionHandler source, TraceListener listener, String threadName,
                                       StackRecording recording) {
        TunDevice tun = host.tun().name("tcplab-ab%d").address(deviceCidr).mtu(mtu).txQueueLength(txQueuePackets).open();
        StackConfig config = StackConfig.builder(recording.random(RandomSource.seeded(seed)))
                .address(InterfaceAddress.parseAddress(ourAddress)).build();
        RealTimeDriver driver;
        try {
            driver = recording.observe(RealTimeDriver.builder(tun, config).threadName(threadName)).start();
        } catch (UncheckedIOException e) { // the recording's file could not be begun
            tun.close();
            throw new AbException(e.getMessage(), e);
        } catch (RuntimeException e) {
            tun.close();
            throw e;
        }
        try {
            long[] connectedAt = new long[1];
            Connection c = driver.call(() -> {
                connectedAt[0] = driver.now();
                Connection conn = driver.stack().connect(connectedAt[0],
                        InterfaceAddress.parseAddress(peer), port, options, source);
                if (listener != null) {
                    conn.setTraceListener(listener);
                }
                return conn;
            });
            return new TcplabSender(driver, c, source, connectedAt[0], recording);
        } catch (RuntimeException e) {
            driver.close(true);
            closeQuietly(recording);
            throw e;
        }
    }

    /** Runs {@code body} on the driver thread (where the trace listener runs) and waits for it. */
    public <T> T call(Callable<T> body) {
        return driver.call(body);
    }

    /**
     * When the SYN left, on the driver's clock: a run's time starts here, not before the device
     * was made, so its duration holds the connection and nothing of the harness.
     */
    public long connectNanos() {
        return connectNanos;
    }

    /** The driver's clock, for stack calls made through {@link #call}. */
    public long now() {
        return driver.now();
    }

    public ConnectionInfo info() {
        return driver.call(connection::info);
    }

    /** The connection's state and the source's error, for a message about a run that did not finish. */
    public String describe() {
        Object error = source instanceof InputStreamSource s ? s.error() : null;
        return "tcplab sender: " + info() + (error != null ? ", closed with " + error : "");
    }

    /**
     * Adds what was lost between the stack and the kernel: the drops of tcplab's TUN device (its TX
     * ring holds the ACKs coming back) and the writes the kernel refused.
     */
    public void outsideDrops(OutsideDrops.Builder drops) {
        RealPath.tcplabDeviceDrops(driver, drops);
    }

    /** Fails the run {@code what} if the driver stopped on its own. */
    public void check(String what) {
        if (driver.failure() != null) {
            throw new AbException(what + ": the driver failed: " + driver.failure(), driver.failure());
        }
    }

    /**
     * Resets the connection (it is done, in TIME-WAIT, or its run is over: no grace needed), stops,
     * and ends the recording; a recording that cannot be written fails with an {@link AbException}.
     */
    @Override
    public void close() {
        driver.close(true);
        try {
            recording.close(); // after the driver: nothing feeds the stack any more
        } catch (IOException e) {
            throw new AbException("writing the recording failed: " + e.getMessage(), e);
        }
    }

    private static void closeQuietly(StackRecording recording) {
        try {
            recording.close();
        } catch (IOException ignored) {
            // the failure to connect is the one worth reporting
        }
    }
}
