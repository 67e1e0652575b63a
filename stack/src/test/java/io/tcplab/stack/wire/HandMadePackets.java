package io.tcplab.stack.wire;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;

/** Builders and repair helpers for hand-made test packets. */
final class HandMadePackets {
    static final byte[] V4_A = {(byte) 192, 0, 2, 1};
    static final byte[] V4_B = {(byte) 198, 51, 100, 2};
    static final byte[] V6_A = ipv6(1);
    static final byte[] V6_B = ipv6(2);

    private HandMadePackets() {}

    /** 2001:db8::host (RFC 3849 documentation prefix). */
    private static byte[] ipv6(int host) {
        byte[] a = new byte[16];
        a[0] = 0x20;
        a[1] = 0x01;
        a[2] = 0x0d;
        a[3] = (byte) 0xb8;
        a[15] = (byte) host;
        return a;
    }

    /** A valid ACK segment carrying {@code payload}, with the given options (may be null). */
    static ByteBuf segment(byte[] src, byte[] dst, int flags, TcpOptions options, byte[] payload) {
        SegmentWriter writer = new SegmentWriter()
                .setAddresses(src, dst)
                .setPorts(40000, 80)
                .setSeq(1000)
                .setAck(2000)
                .setFlags(flags)
                .setWindow(1024)
                .setOptions(options);
        ByteBuf out = Unpooled.buffer();
        writer.write(out, Unpooled.wrappedBuffer(payload), 0, payload.length);
        return out;
    }

    static ByteBuf ackSegment(byte[] src, byte[] dst, byte[] payload) {
        return segment(src, dst, TcpHeader.ACK, null, payload);
    }

    /** Recomputes the IPv4 header checksum after a test changed the header on purpose. */
    static void refreshIpv4Checksum(ByteBuf packet) {
        int ip = packet.readerIndex();
        int headerLength = (packet.getByte(ip) & 0x0f) * 4;
        packet.setShort(ip + 10, 0);
        packet.setShort(ip + 10, Checksum.fold(Checksum.sum(packet, ip, headerLength, 0)));
    }

    /** Recomputes the TCP checksum of a packet whose IP layer wraps cleanly. */
    static void refreshTcpChecksum(ByteBuf packet) {
        IpPacket ip = new IpPacket();
        if (ip.wrap(packet) != null) {
            throw new IllegalStateException("IP layer must be valid to refresh the TCP checksum");
        }
        int tcp = ip.transportOffset();
        packet.setShort(tcp + 16, 0);
        int sum = Checksum.sum(packet, tcp, ip.transportLength(), Checksum.pseudoHeader(ip));
        packet.setShort(tcp + 16, Checksum.fold(sum));
    }

    /**
     * Inserts an IPv6 extension header right after the fixed header of {@code v6}: its first
     * byte (next header) is set to the packet's current next header, the IPv6 next header to
     * {@code type}, and the payload length grows. The TCP checksum stays valid (RFC 8200 §8.1).
     */
    static ByteBuf withIpv6Extension(ByteBuf v6, int type, byte[] extension) {
        ByteBuf out = Unpooled.buffer();
        out.writeBytes(v6, v6.readerIndex(), IpPacket.IPV6_HEADER_LENGTH);
        out.writeBytes(extension);
        out.writeBytes(v6, v6.readerIndex() + IpPacket.IPV6_HEADER_LENGTH,
                v6.readableBytes() - IpPacket.IPV6_HEADER_LENGTH);
        out.setByte(IpPacket.IPV6_HEADER_LENGTH, v6.getByte(v6.readerIndex() + 6));
        out.setByte(6, type);
        out.setShort(4, out.getUnsignedShort(4) + extension.length);
        return out;
    }

    static ByteBuf bytes(int... values) {
        ByteBuf buf = Unpooled.buffer(values.length);
        for (int v : values) {
            buf.writeByte(v);
        }
        return buf;
    }
}
