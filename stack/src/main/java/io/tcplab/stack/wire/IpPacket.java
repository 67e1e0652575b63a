package io.tcplab.stack.wire;

import io.netty.buffer.ByteBuf;
import io.tcplab.stack.DropReason;
import java.util.Arrays;

/**
 * Reusable flyweight view of an IPv4 or IPv6 packet carrying TCP (or, after NOT_TCP, another protocol). {@link #wrap} validates and
 * records offsets; it copies the fixed header (IPv4's 20 bytes, IPv6's 40) out of the buffer in one
 * access (see {@link BigEndian}) and the getters read that copy. Getters are meaningful only after
 * {@code wrap} returned null, and only while the buffer is unchanged.
 */
public final class IpPacket {
    static final int PROTOCOL_TCP = 6;
    /** RFC 792. */
    public static final int PROTOCOL_ICMP = 1;
    /** RFC 4443 (next header 58). */
    public static final int PROTOCOL_ICMPV6 = 58;
    static final int IPV4_HEADER_LENGTH = 20;
    static final int IPV6_HEADER_LENGTH = 40;

    // RFC 8200 §4 extension header types.
    private static final int HOP_BY_HOP = 0;
    private static final int ROUTING = 43;
    private static final int FRAGMENT = 44;
    private static final int DESTINATION_OPTIONS = 60;

    private ByteBuf buf;
    /** The fixed header as copied by {@link #wrap}: its first min(40, readable) bytes are the packet's. */
    private final byte[] header = new byte[IPV6_HEADER_LENGTH];
    private int headerOffset;
    private int version;
    private int transportOffset;
    private int transportLength;
    private int protocol;
    private boolean virtualPayload;

    /**
     * Accepts payload-free packets (see {@link SegmentWriter#setVirtualPayload}): the IP length
     * may count more bytes than the buffer holds, as long as the headers are there.
     */
    public void setVirtualPayload(boolean on) {
        this.virtualPayload = on;
    }

    /** Validates the packet in {@code buf} between readerIndex and writerIndex; null when OK. */
    public DropReason wrap(ByteBuf buf) {
        this.buf = buf;
        this.headerOffset = buf.readerIndex();
        if (buf.readableBytes() < 1) {
            return DropReason.TRUNCATED_IP;
        }
        buf.getBytes(headerOffset, header, 0, Math.min(buf.readableBytes(), IPV6_HEADER_LENGTH));
        version = BigEndian.u8(header, 0) >>> 4;
        if (version == 4) {
            return wrapV4(buf.readableBytes());
        }
        if (version == 6) {
            return wrapV6(buf.readableBytes());
        }
        return DropReason.BAD_IP_VERSION;
    }

    /** RFC 791 §3.1. Bytes after total length (link padding) are ignored. */
    private DropReason wrapV4(int readable) {
        if (readable < IPV4_HEADER_LENGTH) {
            return DropReason.TRUNCATED_IP;
        }
        int headerLength = (BigEndian.u8(header, 0) & 0x0f) * 4;
        if (headerLength < IPV4_HEADER_LENGTH) {
            return DropReason.BAD_IP_HEADER_LENGTH;
        }
        if (headerLength > readable) {
            return DropReason.TRUNCATED_IP;
        }
        int totalLength = BigEndian.u16(header, 2);
        if (totalLength < headerLength || (totalLength > readable && !virtualPayload)) {
            return DropReason.BAD_IP_TOTAL_LENGTH;
        }
        // the payload-free emulated wire has no checksums (it flags corruption in the TCP header)
        if (!virtualPayload && Checksum.fold(Checksum.sum(buf, headerOffset, headerLength, 0)) != 0) {
            return DropReason.BAD_IP_CHECKSUM;
        }
        // MF flag or a non-zero fragment offset: a piece of a larger datagram.
        if ((BigEndian.u16(header, 6) & 0x3fff) != 0) {
            return DropReason.IP_FRAGMENT;
        }
        protocol = BigEndian.u8(header, 9);
        transportOffset = headerOffset + headerLength;
        transportLength = totalLength - headerLength;
        return protocol == PROTOCOL_TCP ? null : DropReason.NOT_TCP;
    }

    /** RFC 8200 §3 and §4: walks the extension header chain up to TCP. */
    private DropReason wrapV6(int readable) {
        if (readable < IPV6_HEADER_LENGTH) {
            return DropReason.TRUNCATED_IP;
        }
        int payloadLength = BigEndian.u16(header, 4);
        if (IPV6_HEADER_LENGTH + payloadLength > readable && !virtualPayload) {
            return DropReason.BAD_IP_TOTAL_LENGTH;
        }
        int end = headerOffset + IPV6_HEADER_LENGTH + payloadLength;
        // extension headers must lie in the bytes present, also when the payload is virtual
        int headersEnd = Math.min(end, headerOffset + readable);
        int next = BigEndian.u8(header, 6);
        int at = headerOffset + IPV6_HEADER_LENGTH;
        while (next != PROTOCOL_TCP) {
            if (next == FRAGMENT) {
                return DropReason.IP_FRAGMENT;
            }
            if (next != HOP_BY_HOP && next != ROUTING && next != DESTINATION_OPTIONS) {
                protocol = next;
                transportOffset = at;
                transportLength = end - at;
                return DropReason.NOT_TCP;
            }
            // RFC 8200 §4.1: Hop-by-Hop may only follow the IPv6 header immediately.
            if (next == HOP_BY_HOP && at != headerOffset + IPV6_HEADER_LENGTH) {
                return DropReason.MALFORMED_IPV6_EXTENSION;
            }
            if (at + 8 > headersEnd) {
                return DropReason.MALFORMED_IPV6_EXTENSION;
            }
            int length = (buf.getUnsignedByte(at + 1) + 1) * 8;
            if (at + length > headersEnd) {
                return DropReason.MALFORMED_IPV6_EXTENSION;
            }
            // RFC 8200 §4.4: segments left > 0 means we would have to act as a router.
            if (next == ROUTING && buf.getUnsignedByte(at + 3) != 0) {
                return DropReason.UNSUPPORTED_IPV6_EXTENSION;
            }
            next = buf.getUnsignedByte(at);
            at += length;
        }
        protocol = PROTOCOL_TCP;
        transportOffset = at;
        transportLength = end - at;
        return null;
    }

    public ByteBuf buffer() {
        return buf;
    }

    /** 4 or 6. */
    public int version() {
        return version;
    }

    /** Absolute index of the IP header in {@link #buffer()}. */
    public int headerOffset() {
        return headerOffset;
    }

    /** Absolute index of the TCP header. */
    public int transportOffset() {
        return transportOffset;
    }

    /** Bytes of TCP header and data, as declared by the IP header. */
    public int transportLength() {
        return transportLength;
    }

    /**
     * The transport protocol; after a successful wrap always 6. After a wrap that returned
     * {@link DropReason#NOT_TCP} it names the other protocol, and {@link #transportOffset()} and
     * {@link #transportLength()} locate its message (so ICMP can be read from the same view).
     */
    public int protocol() {
        return protocol;
    }

    /** The 2-bit ECN field (RFC 3168 §5): 0 Not-ECT, 1 ECT(1), 2 ECT(0), 3 CE. */
    public int ecn() {
        return version == 4
                ? BigEndian.u8(header, 1) & 0x03
                : (BigEndian.i32(header, 0) >>> 20) & 0x03;
    }

    /** IPv4 TTL or IPv6 hop limit. */
    public int ttl() {
        return BigEndian.u8(header, version == 4 ? 8 : 7);
    }

    /** 4 or 16. */
    public int addressLength() {
        return version == 4 ? 4 : 16;
    }

    public int srcAddressOffset() {
        return headerOffset + srcInHeader();
    }

    public int dstAddressOffset() {
        return headerOffset + dstInHeader();
    }

    private int srcInHeader() {
        return version == 4 ? 12 : 8;
    }

    private int dstInHeader() {
        return version == 4 ? 16 : 24;
    }

    public boolean srcEquals(byte[] address) {
        return addressEquals(srcInHeader(), address);
    }

    public boolean dstEquals(byte[] address) {
        return addressEquals(dstInHeader(), address);
    }

    /** Copies the source address into {@code out}, which has {@link #addressLength()} bytes. */
    public void copySrc(byte[] out) {
        System.arraycopy(header, srcInHeader(), out, 0, addressLength());
    }

    /** Copies the destination address into {@code out}, which has {@link #addressLength()} bytes. */
    public void copyDst(byte[] out) {
        System.arraycopy(header, dstInHeader(), out, 0, addressLength());
    }

    /** Equals {@code java.util.Arrays.hashCode(src)}: look up address-keyed tables without copying. */
    public int srcAddressHash() {
        return addressHash(srcInHeader());
    }

    /** Equals {@code java.util.Arrays.hashCode(dst)}. */
    public int dstAddressHash() {
        return addressHash(dstInHeader());
    }

    private boolean addressEquals(int at, byte[] address) {
        int n = addressLength();
        return address.length == n && Arrays.equals(header, at, at + n, address, 0, n);
    }

    private int addressHash(int at) {
        int h = 1;
        for (int i = 0, n = addressLength(); i < n; i++) {
            h = 31 * h + header[at + i];
        }
        return h;
    }
}
