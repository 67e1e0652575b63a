package io.tcplab.stack.wire;

/**
 * Writes the fixed IP headers every packet the stack emits starts with; shared by the writers. They
 * put a packet's headers together in a small array and copy it into the ByteBuf in one access
 * (see {@link BigEndian}).
 */
final class IpHeaders {
    private IpHeaders() {
    }

    /**
     * RFC 791 §3.1, no options, header checksum filled in. {@code tos} carries the ECN bits. The
     * header is put together as five 32-bit words, summed for the checksum (RFC 1071) as words.
     */
    static void writeV4(byte[] out, int ip, int tos, int totalLength, int ipId, int flags, int ttl, int protocol,
                        byte[] src, byte[] dst) {
        int w0 = 0x45 << 24 | tos << 16 | totalLength;
        int w1 = ipId << 16 | flags;
        int w2 = ttl << 24 | protocol << 16; // checksum 0 while summing
        int w3 = word(src);
        int w4 = word(dst);
        int sum = (w0 >>> 16) + (w0 & 0xffff) + (w1 >>> 16) + (w1 & 0xffff) + (w2 >>> 16)
                + (w3 >>> 16) + (w3 & 0xffff) + (w4 >>> 16) + (w4 & 0xffff);
        w2 |= Checksum.fold(sum) & 0xffff;
        BigEndian.put64(out, ip, (long) w0 << 32 | (w1 & 0xffffffffL));
        BigEndian.put64(out, ip + 8, (long) w2 << 32 | (w3 & 0xffffffffL));
        BigEndian.put32(out, ip + 16, w4);
    }

    /** A 4-byte address as a big-endian word. */
    private static int word(byte[] a) {
        return (a[0] & 0xff) << 24 | (a[1] & 0xff) << 16 | (a[2] & 0xff) << 8 | (a[3] & 0xff);
    }

    /** RFC 8200 §3: flow label 0, no extension headers. */
    static void writeV6(byte[] out, int ip, int trafficClass, int payloadLength, int nextHeader, int hopLimit,
                        byte[] src, byte[] dst) {
        BigEndian.put32(out, ip, (6 << 28) | (trafficClass << 20));
        BigEndian.put32(out, ip + 4, payloadLength << 16 | nextHeader << 8 | hopLimit);
        System.arraycopy(src, 0, out, ip + 8, 16);
        System.arraycopy(dst, 0, out, ip + 24, 16);
    }
}
