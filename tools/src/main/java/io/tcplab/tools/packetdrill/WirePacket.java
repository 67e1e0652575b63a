package io.tcplab.tools.packetdrill;

import io.netty.buffer.ByteBuf;
import io.tcplab.stack.wire.IpPacket;
import io.tcplab.stack.wire.TcpHeader;
import java.util.ArrayList;
import java.util.List;

/** One packet the stack emitted, copied out of the sink's buffer, with its options in wire order. */
record WirePacket(long nanos, int flags, long seq, long ack, int window, int ecn, int length, int srcPort, int dstPort,
                  List<Raw> options) {

    /** One option as it was on the wire; {@code a} and {@code b} hold its values, {@code bytes} a Fast Open cookie. */
    record Raw(int kind, int length, long a, long b, long[] sack, byte[] bytes) {
        Raw(int kind, int length, long a, long b, long[] sack) {
            this(kind, length, a, b, sack, null);
        }
    }

    static final int KIND_EOL = 0;
    static final int KIND_NOP = 1;
    static final int KIND_MSS = 2;
    static final int KIND_WSCALE = 3;
    static final int KIND_SACK_OK = 4;
    static final int KIND_SACK = 5;
    static final int KIND_TS = 8;
    /** RFC 9768 §3.2.3: AccECN0 and AccECN1; their 24-bit fields are kept in {@link Raw#sack}. */
    static final int KIND_ACCECN0 = OptionSpec.AccEcn.KIND0;
    static final int KIND_ACCECN1 = OptionSpec.AccEcn.KIND1;
    /** RFC 7413 §4.1.1, and Linux's experimental form (RFC 6994 kind 254, ExID 0xF989): {@link Raw#bytes} holds the cookie. */
    static final int KIND_FAST_OPEN = 34;
    static final int KIND_FAST_OPEN_EXP = 254;

    /** Parses an emitted IP packet; null when it is not one the stack should ever emit. */
    static WirePacket parse(long nanos, ByteBuf packet) {
        IpPacket ip = new IpPacket();
        TcpHeader tcp = new TcpHeader();
        if (ip.wrap(packet) != null || tcp.wrap(ip) != null) {
            return null;
        }
        ByteBuf buf = ip.buffer();
        List<Raw> options = new ArrayList<>();
        int at = tcp.optionsOffset();
        int end = at + tcp.optionsLength();
        while (at < end) {
            int kind = buf.getUnsignedByte(at);
            if (kind == KIND_EOL || kind == KIND_NOP) {
                options.add(new Raw(kind, 1, 0, 0, null));
                at++;
                if (kind == KIND_EOL) {
                    break;
                }
                continue;
            }
            int len = at + 1 < end ? buf.getUnsignedByte(at + 1) : 0;
            if (len < 2 || at + len > end) {
                options.add(new Raw(kind, len, 0, 0, null));
                break;
            }
            switch (kind) {
                case KIND_MSS -> options.add(new Raw(kind, len, buf.getUnsignedShort(at + 2), 0, null));
                case KIND_WSCALE -> options.add(new Raw(kind, len, buf.getUnsignedByte(at + 2), 0, null));
                case KIND_TS -> options.add(new Raw(kind, len, buf.getUnsignedInt(at + 2), buf.getUnsignedInt(at + 6),
                        null));
                case KIND_SACK -> {
                    long[] edges = new long[(len - 2) / 4];
                    for (int i = 0; i < edges.length; i++) {
                        edges[i] = buf.getUnsignedInt(at + 2 + 4 * i);
                    }
                    options.add(new Raw(kind, len, 0, 0, edges));
                }
                case KIND_ACCECN0, KIND_ACCECN1 -> {
                    long[] fields = new long[Math.min(3, (len - 2) / 3)];
                    for (int i = 0; i < fields.length; i++) {
                        fields[i] = buf.getUnsignedMedium(at + 2 + 3 * i);
                    }
                    options.add(new Raw(kind, len, 0, 0, fields));
                }
                case KIND_FAST_OPEN -> options.add(new Raw(kind, len, 0, 0, null, bytes(buf, at + 2, len - 2)));
                case KIND_FAST_OPEN_EXP -> options.add(len >= 4 && buf.getUnsignedShort(at + 2) == 0xF989
                        ? new Raw(kind, len, 0, 0, null, bytes(buf, at + 4, len - 4)) : new Raw(kind, len, 0, 0, null));
                default -> options.add(new Raw(kind, len, 0, 0, null));
            }
            at += len;
        }
        return new WirePacket(nanos, tcp.flags(), tcp.seq() & 0xFFFFFFFFL, tcp.ack() & 0xFFFFFFFFL, tcp.window(),
                ip.ecn(), tcp.payloadLength(), tcp.srcPort(), tcp.dstPort(), List.copyOf(options));
    }

    private static byte[] bytes(ByteBuf buf, int at, int length) {
        byte[] b = new byte[length];
        buf.getBytes(at, b);
        return b;
    }

    Raw option(int kind) {
        for (Raw r : options) {
            if (r.kind == kind) {
                return r;
            }
        }
        return null;
    }

    /**
     * Back-to-back segments sent at one instant as the one super-segment Linux's segmentation
     * offload would have put on the tun device: the first header, the flags of all, the summed
     * length.
     */
    WirePacket mergedWith(WirePacket next) {
        return new WirePacket(nanos, flags | next.flags, seq, ack, window, ecn, length + next.length, srcPort, dstPort,
                options);
    }
}
