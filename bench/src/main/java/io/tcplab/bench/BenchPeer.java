package io.tcplab.bench;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.tcplab.stack.PacketSink;
import io.tcplab.stack.RandomSource;
import io.tcplab.stack.StackConfig;
import io.tcplab.stack.TcpStack;
import io.tcplab.stack.conn.ConnectionOptions;
import io.tcplab.stack.wire.IpPacket;
import io.tcplab.stack.wire.SegmentWriter;
import io.tcplab.stack.wire.TcpHeader;
import io.tcplab.stack.wire.TcpOptions;
import io.tcplab.tools.replay.Keep;
import io.tcplab.tools.replay.Recorder;
import java.io.IOException;
import java.nio.file.Path;

/**
 * The far end of a benchmarked stack: builds the segments it receives (into one reused buffer,
 * so building allocates nothing) and reads the ones it emits. The stack under test has
 * address 10.0.0.1 and ISN {@link #STACK_ISN}; this peer is 10.0.0.2 with ISN {@link #PEER_ISN}.
 * With {@code payload} "none" both ends run payload-free (the emulator's experiment mode:
 * segments carry lengths, no bytes, no checksum).
 */
final class BenchPeer implements PacketSink {
    static final byte[] STACK_ADDRESS = {10, 0, 0, 1};
    static final byte[] PEER_ADDRESS = {10, 0, 0, 2};
    static final long STACK_ISN = 1_000_000L;
    static final long PEER_ISN = 5_000_000L;
    static final int PEER_PORT = 40000;

    final TcpOptions options = new TcpOptions();
    private final boolean virtualPayload;
    private final SegmentWriter writer;
    private final ByteBuf out = Unpooled.directBuffer(2048);
    private final ByteBuf payload = Unpooled.buffer(2048);
    private final IpPacket ip = new IpPacket();
    private final TcpHeader tcp = new TcpHeader();
    final TcpOptions emittedOptions = new TcpOptions();
    private Recorder recorder;
    long emitted;
    int lastFlags;
    long lastAck;

    BenchPeer() {
        this("bytes");
    }

    /** {@code payload}: "bytes" (real payload and checksums) or "none" (payload-free). */
    BenchPeer(String payload) {
        if (!payload.equals("bytes") && !payload.equals("none")) {
            throw new IllegalArgumentException("payload must be bytes or none, got " + payload);
        }
        virtualPayload = payload.equals("none");
        writer = new SegmentWriter().setAddresses(PEER_ADDRESS, STACK_ADDRESS).setVirtualPayload(virtualPayload);
        ip.setVirtualPayload(virtualPayload);
        tcp.setVirtualPayload(virtualPayload);
        this.payload.writeZero(this.payload.capacity());
    }

    TcpStack newStack(ConnectionOptions connectionOptions) {
        return newStack(connectionOptions, "off");
    }

    /**
     * The stack, recorded as {@code tcplab --record} records one when {@code record} is
     * "packets" or "headers" ({@code --record-headers}), into /dev/null: what is measured is the
     * recorder's work on the stack's thread, and its compressor's hold on it when it falls behind.
     */
    TcpStack newStack(ConnectionOptions connectionOptions, String record) {
        Keep keep = switch (record) {
            case "off" -> null;
            case "packets" -> Keep.PACKETS;
            case "headers" -> Keep.HEADERS;
            default -> throw new IllegalArgumentException("record must be off, packets or headers, got " + record);
        };
        recorder = keep == null ? null : new Recorder(Path.of("/dev/null"), "bench", keep);
        RandomSource random = RandomSource.seeded(1);
        StackConfig config = StackConfig.builder(recorder == null ? random : recorder.random(random))
                .address(STACK_ADDRESS)
                .isnSource((now, la, lp, ra, rp) -> STACK_ISN)
                .defaultOptions(connectionOptions)
                .virtualPayload(virtualPayload)
                .build();
        TcpStack stack = new TcpStack(config, recorder == null ? this : recorder.sink(this));
        if (recorder != null) {
            recorder.attachOrFail(stack);
        }
        return stack;
    }

    /** Ends the recording, if any. */
    void close() throws IOException {
        if (recorder != null) {
            recorder.close();
        }
    }

    /** A segment from the peer; sequence numbers are absolute (ISN-based) longs. */
    ByteBuf segment(int stackPort, int flags, long seq, long ack, int window, int payloadLength) {
        return segmentFrom(PEER_PORT, stackPort, flags, seq, ack, window, payloadLength);
    }

    /** The same from another of the peer's ports, for benchmarks with many connections. */
    ByteBuf segmentFrom(int peerPort, int stackPort, int flags, long seq, long ack, int window, int payloadLength) {
        out.clear();
        writer.setPorts(peerPort, stackPort).setSeq((int) seq).setAck((int) ack).setFlags(flags)
                .setWindow(window).setOptions(options);
        writer.write(out, payload, 0, payloadLength);
        return out;
    }

    @Override
    public void send(ByteBuf packet) {
        emitted++;
        if (ip.wrap(packet) == null && tcp.wrap(ip) == null) {
            lastFlags = tcp.flags();
            lastAck = tcp.ack() & 0xFFFFFFFFL;
            emittedOptions.parse(packet, tcp.optionsOffset(), tcp.optionsLength());
        }
    }
}
