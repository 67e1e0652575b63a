package io.tcplab.stack.conn;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.tcplab.stack.PacketSink;
import io.tcplab.stack.StackStats;
import io.tcplab.stack.wire.SegmentWriter;
import io.tcplab.stack.wire.TcpOptions;

/**
 * Builds and emits every segment of one stack. One packet buffer and one payload scratch buffer
 * are reused for all of them, so emitting allocates nothing.
 */
public final class SegmentOutput {
    private static final int MAX_PACKET = 65535 + 60 + 60;
    private final SegmentWriter writer = new SegmentWriter();
    private final ByteBuf packet = Unpooled.buffer(MAX_PACKET, MAX_PACKET);
    private final TcpOptions options = new TcpOptions();
    private final PacketSink sink;
    private final StackStats stats;
    private int ipId;

    public SegmentOutput(PacketSink sink, StackStats stats) {
        this(sink, stats, false, false);
    }

    /**
     * With {@code virtualPayload}, segments are written without their payload bytes (see
     * {@link SegmentWriter#setVirtualPayload}); with {@code partialChecksums}, with the TCP checksum
     * left for the device to complete (see {@link SegmentWriter#setPartialChecksum}).
     */
    public SegmentOutput(PacketSink sink, StackStats stats, boolean virtualPayload, boolean partialChecksums) {
        this.sink = sink;
        this.stats = stats;
        writer.setVirtualPayload(virtualPayload);
        writer.setPartialChecksum(partialChecksums);
    }

    /** The options of the next segment, cleared; fill them, then call {@link #send}. */
    public TcpOptions options() {
        options.clear();
        return options;
    }

    /** Emits one segment without payload, with the options last filled through {@link #options()}. */
    public void send(byte[] src, byte[] dst, int srcPort, int dstPort, int seq, int ack, int flags, int window,
                     int ecn) {
        send(src, dst, srcPort, dstPort, seq, ack, flags, window, ecn, null, 0, 0, 0, 0);
    }

    /**
     * Emits one segment whose payload is {@code data[aIndex, aIndex+aLength)} followed by
     * {@code data[bIndex, bIndex+bLength)} (a send ring that wraps), copied straight into the packet.
     */
    void send(byte[] src, byte[] dst, int srcPort, int dstPort, int seq, int ack, int flags, int window, int ecn,
              ByteBuf data, int aIndex, int aLength, int bIndex, int bLength) {
        packet.clear();
        writer.setAddresses(src, dst).setPorts(srcPort, dstPort).setSeq(seq).setAck(ack).setFlags(flags)
                .setWindow(window).setEcn(ecn).setIpId(ipId++).setOptions(options);
        writer.write(packet, data, aIndex, aLength, data, bIndex, bLength);
        stats.countSent();
        sink.send(packet);
    }

    /** A RST for a segment that has no connection (RFC 9293 §3.10.7.1). */
    public void resetReply(byte[] src, byte[] dst, int srcPort, int dstPort, int seq, int ack, int flags) {
        sendBare(src, dst, srcPort, dstPort, seq, ack, flags, 0);
    }

    /** A segment with no options and no payload. */
    void sendBare(byte[] src, byte[] dst, int srcPort, int dstPort, int seq, int ack, int flags, int window) {
        options.clear();
        send(src, dst, srcPort, dstPort, seq, ack, flags, window, 0);
    }
}
