package io.tcplab.stack.wire;

import io.netty.buffer.ByteBuf;

/** Writes the fixed IP headers every packet the stack emits starts with; shared by the writers. */
final class IpHeaders {
    private IpHeaders() {
    }

    /** RFC 791 §3.1, no options, header checksum filled in. {@code tos} carries the ECN bits. */
    static void writeV4(ByteBuf out, int ip, int tos, int totalLength, int ipId, int flags, int ttl, int protocol,
                        byte[] src, byte[] dst) {
        out.setByte(ip, 0x45);
        out.setByte(ip + 1, tos);
        out.setShort(ip + 2, totalLength);
        out.setShort(ip + 4, ipId);
        out.setShort(ip + 6, flags);
        out.setByte(ip + 8, ttl);
        out.setByte(ip + 9, protocol);
        out.setShort(ip + 10, 0);
        out.setBytes(ip + 12, src);
        out.setBytes(ip + 16, dst);
        out.setShort(ip + 10, Checksum.fold(Checksum.sum(out, ip, IpPacket.IPV4_HEADER_LENGTH, 0)));
    }

    /** RFC 8200 §3: flow label 0, no extension headers. */
    static void writeV6(ByteBuf out, int ip, int trafficClass, int payloadLength, int nextHeader, int hopLimit,
                        byte[] src, byte[] dst) {
        out.setInt(ip, (6 << 28) | (trafficClass << 20));
        out.setShort(ip + 4, payloadLength);
        out.setByte(ip + 6, nextHeader);
        out.setByte(ip + 7, hopLimit);
        out.setBytes(ip + 8, src);
        out.setBytes(ip + 24, dst);
    }
}
