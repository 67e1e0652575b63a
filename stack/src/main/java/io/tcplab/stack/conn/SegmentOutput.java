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
    private final ByteBuf payload = Unpooled.buffer(MAX_PACKET, MAX_PACKET);
    private final TcpOptions options = new TcpOptions();
    private final PacketSink sink;
    private final StackStats stats;
    private int ipId;

    public SegmentOutput(PacketSink sink, StackStats stats) {
        this.sink = sink;
        this.stats = stats;
    }

    /** The options of the next segment, cleared; fill them, then call {@link #send}. */
    TcpOptions options() {
        options.clear();
        return options;
    }

    /** An empty scratch buffer to copy the next segment's payload into. */
    ByteBuf payload() {
        payload.clear();
        return payload;
    }

    /**
     * Emits one segment with the options last filled through {@link #options()} and the payload
     * last copied into {@link #payload()} (pass {@code withPayload=false} for none).
     */
    void send(byte[] src, byte[] dst, int srcPort, int dstPort, int seq, int ack, int flags, int window, int ecn,
              boolean withPayload) {
        packet.clear();
        writer.setAddresses(src, dst).setPorts(srcPort, dstPort).setSeq(seq).setAck(ack).setFlags(flags)
                .setWindow(window).setEcn(ecn).setIpId(ipId++).setOptions(options);
        if (withPayload) {
            writer.write(packet, payload, payload.readerIndex(), payload.readableBytes());
        } else {
            writer.write(packet, null, 0, 0);
        }
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
        send(src, dst, srcPort, dstPort, seq, ack, flags, window, 0, false);
    }
}
