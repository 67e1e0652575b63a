package io.tcplab.bench;

import io.netty.buffer.ByteBuf;
import io.tcplab.stack.TcpStack;
import io.tcplab.stack.conn.Connection;
import io.tcplab.stack.conn.ConnectionHandler;
import io.tcplab.stack.conn.ConnectionOptions;
import io.tcplab.stack.wire.TcpHeader;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * A stack holding {@code idle} established connections (keep-alive armed two hours out, so each
 * has a deadline) and one busy one. One op is what a driver does per packet: an in-order
 * 1448-byte segment for the busy connection through {@link TcpStack#receive}, the application's
 * read, then {@link TcpStack#nextDeadline()} and {@link TcpStack#poll} (the busy connection's
 * delayed ACK fires when due). With a scan over all connections this grows with {@code idle};
 * with the deadline heap it must not.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@State(Scope.Thread)
@Fork(value = 1, jvmArgsAppend = "-Xmx2g")
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
public class ManyConnectionsBench {
    private static final int PORT = 5001;
    private static final int MSS = 1448;
    private static final int FIRST_PEER_PORT = 10_000;
    private static final long HOUR = 3_600_000_000_000L;

    @Param({"10000"})
    int idle;

    private final BenchPeer peer = new BenchPeer();
    private final byte[] readBuffer = new byte[64 * 1024];
    private TcpStack stack;
    private int busyPort;
    private long now;
    private long seq;

    @Setup
    public void setup() {
        stack = peer.newStack(ConnectionOptions.builder()
                .sendBufferBytes(16 << 10).receiveBufferBytes(16 << 10)
                .keepAlive(2 * HOUR, 75_000_000_000L, 9)
                .build());
        ConnectionHandler drain = new ConnectionHandler() {
            @Override
            public void onReadable(Connection c, long t) {
                while (c.read(t, readBuffer, 0, readBuffer.length) > 0) {
                    // the application consumes everything
                }
            }
        };
        stack.listen(PORT, null, (c, t) -> drain);
        for (int i = 0; i <= idle; i++) {
            open(FIRST_PEER_PORT + i);
        }
        busyPort = FIRST_PEER_PORT + idle;
        seq = BenchPeer.PEER_ISN + 1;
        if (stack.connections().size() != idle + 1 || receiveAndPoll() == 0) {
            throw new IllegalStateException("the benchmark connections did not open");
        }
    }

    private void open(int peerPort) {
        peer.options.clear();
        peer.options.setMss(1460);
        peer.options.setSackPermitted(true);
        peer.options.setWindowScale(7);
        stack.receive(now += 1000, peer.segmentFrom(peerPort, PORT, TcpHeader.SYN, BenchPeer.PEER_ISN, 0, 65535, 0));
        peer.options.clear();
        stack.receive(now += 1000, peer.segmentFrom(peerPort, PORT, TcpHeader.ACK, BenchPeer.PEER_ISN + 1,
                BenchPeer.STACK_ISN + 1, 65535, 0));
    }

    @Benchmark
    public long receiveAndPoll() {
        ByteBuf segment = peer.segmentFrom(busyPort, PORT, TcpHeader.ACK | TcpHeader.PSH, seq,
                BenchPeer.STACK_ISN + 1, 65535, MSS);
        seq += MSS;
        stack.receive(now += 1000, segment);
        if (stack.nextDeadline() <= now) {
            stack.poll(now);
        }
        return peer.emitted;
    }
}
