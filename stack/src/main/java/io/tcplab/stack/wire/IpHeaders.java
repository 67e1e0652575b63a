package io.tcplab.stack.wire;

import io.netty.buffer.ByteBuf;

/** Writes the fixed IP headers every packet the stack emits starts with; shared by the writers. */
final class IpHeaders {
    private IpHeaders() {
    }

    /**
     * RFC 791 §3.1, no options, header checksum filled in. {@code tos} carries the ECN bits. The
     * header is put together as five 32-bit words, summed for the checksum (RFC 1071) as words,
     * and written in three stores: each store into a ByteBuf pays its bounds and liveness checks.
     */
    static void writeV4(ByteBuf out, int ip, int tos, int totalLength, int ipId, int flags, int ttl, int protocol,
                        byte[] src, byte[] dst) {
        int w0 = 0x45 << 24 | tos << 16 | totalLength;
        int w1 = ipId << 16 | flags;
        int w2 = ttl << 24 | protocol << 16; // checksum 0 while summing
        int w3 = word(src);
        int w4 = word(dst);
        int sum = (w0 >>> 16) + (w0 & 0xffff) + (w1 >>> 16) + (w1 & 0xffff) + (w2 >>> 16)
                + (w3 >>> 16) + (w3 & 0xffff) + (w4 >>> 16) + (w4 & 0xffff);
        w2 |= Checksum.fold(sum) & 0xffff;
        out.setLong(ip, (long) w0 << 32 | (w1 & 0xffffffffL));
        out.setLong(ip + 8, (long) w2 << 32 | (w3 & 0xffffffffL));
        out.setInt(ip + 16, w4);
    }

    /** A 4-byte address as a big-endian word. */
    private static int word(byte[] a) {
        return (a[0] & 0xff) << 24 | (a[1] & 0xff) << 16 | (a[2] & 0xff) << 8 | (a[3] & 0xff);
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
