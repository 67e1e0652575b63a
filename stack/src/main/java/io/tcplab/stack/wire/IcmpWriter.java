package io.tcplab.stack.wire;

import io.netty.buffer.ByteBuf;

/**
 * Writes a complete IPv4 + ICMP (RFC 792) or IPv6 + ICMPv6 (RFC 4443) packet with its checksums:
 * the 8-byte ICMP header from type, code and the rest-of-header word, then a body copied from a
 * buffer. Nothing allocates unless the output buffer has to grow.
 */
public final class IcmpWriter {
    private static final int DEFAULT_TTL = 64;

    private int ipId;
    private int ttl = DEFAULT_TTL;
    /** The IP header, put together here and copied into the packet in one access. */
    private final byte[] ipHeader = new byte[IpPacket.IPV6_HEADER_LENGTH];

    /** IPv4 identification of the next packet; ignored for IPv6. */
    public IcmpWriter setIpId(int ipId) {
        this.ipId = ipId & 0xffff;
        return this;
    }

    /** IPv4 TTL or IPv6 hop limit; 64 unless set. */
    public IcmpWriter setTtl(int ttl) {
        if (ttl < 0 || ttl > 255) {
            throw new IllegalArgumentException("TTL out of range 0..255: " + ttl);
        }
        this.ttl = ttl;
        return this;
    }

    /** Bytes {@link #write} produces for a body of {@code bodyLength} bytes. */
    public static int packetLength(int addressLength, int bodyLength) {
        return (addressLength == 4 ? IpPacket.IPV4_HEADER_LENGTH : IpPacket.IPV6_HEADER_LENGTH)
                + IcmpMessage.HEADER_LENGTH + bodyLength;
    }

    /**
     * Writes one packet at {@code out}'s writerIndex and advances it; returns its length.
     * {@code src} and {@code dst} are both 4 (ICMP) or both 16 (ICMPv6) bytes; {@code body} may be
     * null when {@code bodyLength} is 0.
     */
    public int write(ByteBuf out, byte[] src, byte[] dst, int type, int code, long restOfHeader,
                     ByteBuf body, int bodyIndex, int bodyLength) {
        if (src.length != dst.length || (src.length != 4 && src.length != 16)) {
            throw new IllegalArgumentException("addresses must both be 4 or both 16 bytes");
        }
        boolean v4 = src.length == 4;
        int icmpLength = IcmpMessage.HEADER_LENGTH + bodyLength;
        int total = packetLength(src.length, bodyLength);
        if ((v4 ? total : icmpLength) > 0xffff) {
            throw new IllegalArgumentException("packet too long for the IP length field: " + total);
        }
        out.ensureWritable(total);
        int ip = out.writerIndex();
        int icmp = ip + total - icmpLength;
        if (v4) {
            // DF clear: a reply as long as its request may need fragments on the way back
            IpHeaders.writeV4(ipHeader, 0, 0, total, ipId, 0, ttl, IpPacket.PROTOCOL_ICMP, src, dst);
        } else {
            IpHeaders.writeV6(ipHeader, 0, 0, icmpLength, IpPacket.PROTOCOL_ICMPV6, ttl, src, dst);
        }
        out.setBytes(ip, ipHeader, 0, icmp - ip);
        out.setByte(icmp, type);
        out.setByte(icmp + 1, code);
        out.setShort(icmp + 2, 0);
        out.setInt(icmp + 4, (int) restOfHeader);
        if (bodyLength > 0) {
            out.setBytes(icmp + IcmpMessage.HEADER_LENGTH, body, bodyIndex, bodyLength);
        }
        int pseudo = v4 ? 0 : Checksum.pseudoHeaderV6(out, ip, icmpLength, IpPacket.PROTOCOL_ICMPV6);
        out.setShort(icmp + 2, Checksum.fold(Checksum.sum(out, icmp, icmpLength, pseudo)));
        out.writerIndex(ip + total);
        return total;
    }
}
