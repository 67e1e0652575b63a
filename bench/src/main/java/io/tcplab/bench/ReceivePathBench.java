package io.tcplab.bench;

import io.netty.buffer.ByteBuf;
import io.tcplab.stack.TcpStack;
import io.tcplab.stack.conn.Connection;
import io.tcplab.stack.conn.ConnectionHandler;
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
 * The in-order data receive path of an established connection: one 1448-byte segment with
 * timestamps enters {@link TcpStack#receive}, is checksummed, demultiplexed, checked (PAWS,
 * window), stored, read by the application, and the ACK decision is taken (every second segment
 * is acknowledged). {@link #buildOnly} measures the peer's segment building alone, to subtract.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@State(Scope.Thread)
@Fork(1)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
public class ReceivePathBench {
    private static final int PORT = 5001;
    private static final int MSS = 1448;

    /** "bytes": real payload, checksummed; "none": payload-free, as experiment runs in the emulator. */
    @Param({"bytes", "none"})
    String payload;

    /** "off", or "packets" / "headers": the stack recorded as --record / --record-headers record it (docs/replay.md). */
    @Param({"off"})
    String record;

    private BenchPeer peer;
    private final byte[] readBuffer = new byte[64 * 1024];
    private TcpStack stack;
    private long now;
    private long seq;
    private int tsVal;

    @Setup
    public void setup() {
        peer = new BenchPeer(payload);
        stack = peer.newStack(ConnectionOptions.builder().receiveBufferBytes(4 << 20).build(), record);
        ConnectionHandler drain = new ConnectionHandler() {
            @Override
            public void onReadable(Connection c, long t) {
                while (c.read(t, readBuffer, 0, readBuffer.length) > 0) {
                    // the application consumes everything
                }
            }
        };
        stack.listen(PORT, null, (c, t) -> drain);
        peer.options.clear();
        peer.options.setMss(1460);
        peer.options.setSackPermitted(true);
        peer.options.setWindowScale(7);
        peer.options.setTimestamps(tsVal = 1, 0);
        stack.receive(now, peer.segment(PORT, TcpHeader.SYN, BenchPeer.PEER_ISN, 0, 65535, 0));
        peer.options.clear();
        peer.options.setTimestamps(++tsVal, 1);
        seq = BenchPeer.PEER_ISN + 1;
        stack.receive(now += 1000, peer.segment(PORT, TcpHeader.ACK, seq, BenchPeer.STACK_ISN + 1, 65535, 0));
        if (stack.connections().isEmpty() || receiveOne() == 0) {
            throw new IllegalStateException("the benchmark connection did not open");
        }
    }

    @TearDown
    public void tearDown() throws IOException {
        peer.close();
    }

    @Benchmark
    public long receiveOne() {
        peer.options.setTimestamps(++tsVal, 1);
        ByteBuf segment = peer.segment(PORT, TcpHeader.ACK | TcpHeader.PSH, seq, BenchPeer.STACK_ISN + 1, 65535, MSS);
        seq += MSS;
        stack.receive(now += 1000, segment);
        return peer.emitted;
    }

    @Benchmark
    public int buildOnly() {
        peer.options.setTimestamps(++tsVal, 1);
        seq += MSS;
        return peer.segment(PORT, TcpHeader.ACK | TcpHeader.PSH, seq, BenchPeer.STACK_ISN + 1, 65535, MSS)
                .writerIndex();
    }
}
