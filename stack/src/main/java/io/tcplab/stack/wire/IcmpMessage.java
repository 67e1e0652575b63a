package io.tcplab.stack.wire;

import io.netty.buffer.ByteBuf;
import io.tcplab.stack.DropReason;

/**
 * Reusable flyweight view of an ICMP (RFC 792) or ICMPv6 (RFC 4443) message inside an
 * {@link IpPacket} that {@code wrap} reported as {@link DropReason#NOT_TCP}. {@link #wrap} checks
 * length and checksum; for error messages {@link #wrapQuote} then locates the quoted TCP header
 * (RFC 792: IP header and the first 64 bits of data; RFC 4443 §2.4(c): as much as fits). Getters
 * read the buffer in place and are meaningful only after the wrap that guards them returned null.
 */
public final class IcmpMessage {
    /** Type, code, checksum and the 32-bit rest of header (RFC 792, RFC 4443 §2.1). */
    public static final int HEADER_LENGTH = 8;

    // RFC 792 types
    public static final int V4_ECHO_REPLY = 0;
    public static final int V4_DESTINATION_UNREACHABLE = 3;
    public static final int V4_SOURCE_QUENCH = 4;
    public static final int V4_ECHO_REQUEST = 8;
    public static final int V4_TIME_EXCEEDED = 11;
    public static final int V4_PARAMETER_PROBLEM = 12;
    /** RFC 1191 §4: Destination Unreachable code 4, "fragmentation needed and DF set". */
    public static final int V4_CODE_FRAGMENTATION_NEEDED = 4;

    // RFC 4443 §2.1 types, RFC 4861 §4 Neighbor Discovery types
    public static final int V6_DESTINATION_UNREACHABLE = 1;
    public static final int V6_PACKET_TOO_BIG = 2;
    public static final int V6_TIME_EXCEEDED = 3;
    public static final int V6_PARAMETER_PROBLEM = 4;
    public static final int V6_ECHO_REQUEST = 128;
    public static final int V6_ECHO_REPLY = 129;
    public static final int V6_ROUTER_SOLICITATION = 133;
    public static final int V6_REDIRECT = 137;

    private static final int QUOTED_TCP_BYTES = 8; // ports and sequence number: all RFC 792 promises

    private ByteBuf buf;
    private int offset;
    private int length;
    private int version;
    private int quoteOffset;
    private int quoteTransportOffset;

    /**
     * Validates the ICMP message of {@code ip} (wrapped, protocol 1 on IPv4 or 58 on IPv6); null
     * when its length and checksum are right. The ICMPv6 checksum covers the pseudo-header
     * (RFC 4443 §2.3, RFC 8200 §8.1); the ICMPv4 checksum only the message (RFC 792).
     */
    public DropReason wrap(IpPacket ip) {
        buf = ip.buffer();
        offset = ip.transportOffset();
        length = ip.transportLength();
        version = ip.version();
        quoteOffset = -1;
        if (length < HEADER_LENGTH) {
            return DropReason.TRUNCATED_ICMP;
        }
        int pseudo = version == 4 ? 0
                : Checksum.pseudoHeaderV6(buf, ip.headerOffset(), length, IpPacket.PROTOCOL_ICMPV6);
        if (Checksum.fold(Checksum.sum(buf, offset, length, pseudo)) != 0) {
            return DropReason.BAD_ICMP_CHECKSUM;
        }
        return null;
    }

    public int type() {
        return buf.getUnsignedByte(offset);
    }

    public int code() {
        return buf.getUnsignedByte(offset + 1);
    }

    /** Echo identifier (RFC 792, RFC 4443 §4.1). */
    public int identifier() {
        return buf.getUnsignedShort(offset + 4);
    }

    /** Echo sequence number. */
    public int sequence() {
        return buf.getUnsignedShort(offset + 6);
    }

    /**
     * The second 32-bit word: RFC 1191 §4 next-hop MTU in its low 16 bits, RFC 4443 §3.2 MTU, the
     * RFC 4443 §3.4 pointer, or the echo identifier and sequence.
     */
    public long restOfHeader() {
        return buf.getUnsignedInt(offset + 4);
    }

    /** Absolute index of the ICMP header. */
    public int offset() {
        return offset;
    }

    /** Bytes of ICMP header and body. */
    public int length() {
        return length;
    }

    /** Absolute index of the body: echo data, or the quoted packet of an error. */
    public int bodyOffset() {
        return offset + HEADER_LENGTH;
    }

    public int bodyLength() {
        return length - HEADER_LENGTH;
    }

    public ByteBuf buffer() {
        return buf;
    }

    // ---------------------------------------------------------------- the quoted packet of an error

    /**
     * Locates the TCP header quoted by an error message; null when the quote is a packet of the
     * same IP version with no IPv6 extension headers (we send none) carrying at least the first 8
     * bytes of a TCP header at fragment offset 0.
     */
    public DropReason wrapQuote() {
        quoteOffset = -1;
        int at = bodyOffset();
        int n = bodyLength();
        if (version == 4) {
            if (n < IpPacket.IPV4_HEADER_LENGTH || buf.getUnsignedByte(at) >>> 4 != 4) {
                return DropReason.MALFORMED_ICMP_QUOTE;
            }
            int headerLength = (buf.getUnsignedByte(at) & 0x0f) * 4;
            if (headerLength < IpPacket.IPV4_HEADER_LENGTH || n < headerLength + QUOTED_TCP_BYTES
                    || (buf.getUnsignedShort(at + 6) & 0x1fff) != 0) {
                return DropReason.MALFORMED_ICMP_QUOTE;
            }
            if (buf.getUnsignedByte(at + 9) != IpPacket.PROTOCOL_TCP) {
                return DropReason.ICMP_QUOTE_NOT_TCP;
            }
            quoteTransportOffset = at + headerLength;
        } else {
            if (n < IpPacket.IPV6_HEADER_LENGTH + QUOTED_TCP_BYTES || buf.getUnsignedByte(at) >>> 4 != 6) {
                return DropReason.MALFORMED_ICMP_QUOTE;
            }
            if (buf.getUnsignedByte(at + 6) != IpPacket.PROTOCOL_TCP) {
                return DropReason.ICMP_QUOTE_NOT_TCP;
            }
            quoteTransportOffset = at + IpPacket.IPV6_HEADER_LENGTH;
        }
        quoteOffset = at;
        return null;
    }

    /** 4 or 16: the quoted packet has the outer packet's version. */
    public int quotedAddressLength() {
        return version == 4 ? 4 : 16;
    }

    /** The quoted packet's source: our address when it is one of our segments. */
    public void copyQuotedSrc(byte[] out) {
        buf.getBytes(quoteOffset + (version == 4 ? 12 : 8), out, 0, quotedAddressLength());
    }

    public void copyQuotedDst(byte[] out) {
        buf.getBytes(quoteOffset + (version == 4 ? 16 : 24), out, 0, quotedAddressLength());
    }

    public int quotedSrcPort() {
        return buf.getUnsignedShort(quoteTransportOffset);
    }

    public int quotedDstPort() {
        return buf.getUnsignedShort(quoteTransportOffset + 2);
    }

    /** Raw 32-bit sequence number of the quoted segment. */
    public int quotedSeq() {
        return buf.getInt(quoteTransportOffset + 4);
    }

    /** The quoted packet's full length as its IP header declared it (IPv4 total length; IPv6 40 + payload length). */
    public int quotedPacketLength() {
        return version == 4 ? buf.getUnsignedShort(quoteOffset + 2)
                : IpPacket.IPV6_HEADER_LENGTH + buf.getUnsignedShort(quoteOffset + 4);
    }
}
