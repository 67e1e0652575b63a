package io.tcplab.bench;

import io.netty.buffer.ByteBuf;
import io.tcplab.stack.TcpStack;
import io.tcplab.stack.conn.Connection;
import io.tcplab.stack.conn.ConnectionOptions;
import io.tcplab.stack.wire.TcpHeader;
import java.io.IOException;
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
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * ACK processing at the sender with {@code inFlight} segments outstanding under SACK: each op is
 * one ACK that advances SND.UNA by a segment and SACKs the segment after the next (so a hole and
 * a SACKed segment are always present), the scoreboard, RTT, congestion-control and send
 * decisions that follow, and the one new segment the application's write then releases, so the
 * flight stays the same size. {@link #peerOnly} measures the peer's own part of that, to subtract.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@State(Scope.Thread)
@Fork(1)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
public class AckPathBench {
    private static final int MSS = 1448;

    @Param({"10000"})
    int inFlight;

    /** "bytes": real payload, checksummed; "none": payload-free, as experiment runs in the emulator. */
    @Param({"bytes", "none"})
    String payload;

    /** "off", or "packets" / "headers": the stack recorded as --record / --record-headers record it (docs/replay.md). */
    @Param({"off"})
    String record;

    private BenchPeer peer;
    private final byte[] data = new byte[MSS];
    private TcpStack stack;
    private Connection connection;
    private int port;
    private long now;
    private long una;
    private int tsVal = 1;

    @Setup
    public void setup() {
        peer = new BenchPeer(payload);
        ConnectionOptions options = ConnectionOptions.builder()
                .initialWindowSegments(inFlight)
                .sendBufferBytes((inFlight + 16) * MSS)
                .nagle(false)
                .build();
        stack = peer.newStack(options, record);
        connection = stack.connect(now, BenchPeer.STACK_ADDRESS, 33000, BenchPeer.PEER_ADDRESS,
                BenchPeer.PEER_PORT, options, null);
        port = connection.localPort();
        peer.options.clear();
        peer.options.setMss(1460);
        peer.options.setSackPermitted(true);
        peer.options.setWindowScale(14);
        peer.options.setTimestamps(tsVal, (int) peer.emittedOptions.tsVal());
        una = BenchPeer.STACK_ISN + 1;
        stack.receive(now += 1000, peer.segment(port, TcpHeader.SYN | TcpHeader.ACK, BenchPeer.PEER_ISN, una,
                65535, 0));
        // the SYN-ACK's window is unscaled (RFC 7323 §2.2): open the scaled window with an ACK
        peer.options.clear();
        stack.receive(now += 1000, peer.segment(port, TcpHeader.ACK, BenchPeer.PEER_ISN + 1, una, 65535, 0));
        for (int i = 0; i < inFlight; i++) {
            connection.write(now, data, 0, MSS);
        }
        if (connection.info().segmentsSent() != inFlight) {
            throw new IllegalStateException("expected " + inFlight + " segments in flight, sent "
                    + connection.info().segmentsSent());
        }
    }

    @TearDown
    public void tearDown() throws IOException {
        peer.close();
    }

    @Benchmark
    public long ackOne() {
        stack.receive(now += 100, nextAck());
        connection.write(now, data, 0, MSS);
        return peer.emitted;
    }

    /**
     * The peer's share of {@link #ackOne}, to subtract: building the ACK, and reading one segment
     * as it reads the one the stack emits per op (here the ACK itself, which has a SACK block more).
     */
    @Benchmark
    public long peerOnly() {
        peer.send(nextAck());
        return peer.emitted;
    }

    private ByteBuf nextAck() {
        peer.options.clear();
        peer.options.setTimestamps(++tsVal, 0);
        una += MSS;
        peer.options.addSackBlock((int) (una + MSS), (int) (una + 2 * MSS));
        return peer.segment(port, TcpHeader.ACK, BenchPeer.PEER_ISN + 1, una, 65535, 0);
    }
}
