package io.tcplab.stack.wire;

import io.netty.buffer.ByteBuf;

/**
 * Reusable template that writes complete IPv4/IPv6 + TCP packets with both checksums (the TCP one
 * partial when a device completes it, {@link #setPartialChecksum}). Set
 * the fields (they persist between writes, so a connection sets addresses and ports once),
 * then call {@code write}. Nothing allocates unless the output buffer has to grow.
 */
public final class SegmentWriter {
    private static final int DEFAULT_TTL = 64;
    /** RFC 791 §3.1 flags: Don't Fragment; we size segments by MSS instead (RFC 9293 §3.7.1). */
    private static final int IPV4_DONT_FRAGMENT = 0x4000;

    private byte[] src;
    private byte[] dst;
    private int srcPort;
    private int dstPort;
    private int seq;
    private int ack;
    private int flags;
    private int window;
    private int ecn;
    private int ttl = DEFAULT_TTL;
    private int ipId;
    private TcpOptions options;
    private boolean virtualPayload;
    private boolean partialChecksum;
    /** The IP and TCP headers, put together here and copied into the packet in one access (see {@link BigEndian}). */
    private final byte[] headers = new byte[IpPacket.IPV6_HEADER_LENGTH + TcpHeader.MAX_LENGTH];

    /**
     * Both 4 bytes (IPv4) or both 16 bytes (IPv6). The arrays are kept by reference, not
     * copied: the caller must not change them while this writer uses them.
     */
    public SegmentWriter setAddresses(byte[] src, byte[] dst) {
        if (src.length != dst.length || (src.length != 4 && src.length != 16)) {
            throw new IllegalArgumentException("addresses must both be 4 or both 16 bytes");
        }
        this.src = src;
        this.dst = dst;
        return this;
    }

    public SegmentWriter setPorts(int srcPort, int dstPort) {
        this.srcPort = checkRange("source port", srcPort, 0xffff);
        this.dstPort = checkRange("destination port", dstPort, 0xffff);
        return this;
    }

    /** Raw 32-bit sequence number. */
    public SegmentWriter setSeq(int seq) {
        this.seq = seq;
        return this;
    }

    /** Raw 32-bit acknowledgment number; written whatever the ACK flag says. */
    public SegmentWriter setAck(int ack) {
        this.ack = ack;
        return this;
    }

    /** Bit set of {@link TcpHeader#FIN} .. {@link TcpHeader#AE}. */
    public SegmentWriter setFlags(int flags) {
        this.flags = checkRange("flags", flags, 0x1ff);
        return this;
    }

    /** The window field, already scaled down: 0..65535. */
    public SegmentWriter setWindow(int window) {
        this.window = checkRange("window", window, 0xffff);
        return this;
    }

    /** RFC 3168 §5 codepoint: 0 Not-ECT, 2 ECT(0), 1 ECT(1), 3 CE. */
    public SegmentWriter setEcn(int ecn) {
        this.ecn = checkRange("ECN codepoint", ecn, 3);
        return this;
    }

    /** IPv4 TTL or IPv6 hop limit; 64 unless set. */
    public SegmentWriter setTtl(int ttl) {
        this.ttl = checkRange("TTL", ttl, 0xff);
        return this;
    }

    /** IPv4 identification (the caller's counter); ignored for IPv6. */
    public SegmentWriter setIpId(int ipId) {
        this.ipId = ipId & 0xffff;
        return this;
    }

    /** Options to write, read at write time; null for none. */
    public SegmentWriter setOptions(TcpOptions options) {
        this.options = options;
        return this;
    }

    /**
     * Payload-free packets (see {@code StackConfig.Builder#virtualPayload}): the IP length counts
     * the payload, but only the headers are written, and the TCP checksum is left 0.
     */
    public SegmentWriter setVirtualPayload(boolean on) {
        this.virtualPayload = on;
        return this;
    }

    /**
     * Transmit checksum offload: the TCP checksum field gets the pseudo-header's sum, folded and not
     * complemented, for a device to complete over the segment (CHECKSUM_PARTIAL: start at the TCP
     * header, field at offset 16); the payload is not read. The IPv4 header checksum stays complete.
     */
    public SegmentWriter setPartialChecksum(boolean on) {
        this.partialChecksum = on;
        return this;
    }

    /** Bytes {@link #write} will produce for {@code payloadLength} bytes of data (as the IP length counts them). */
    public int packetLength(int payloadLength) {
        int ipHeader = src.length == 4 ? IpPacket.IPV4_HEADER_LENGTH : IpPacket.IPV6_HEADER_LENGTH;
        return ipHeader + tcpLength(payloadLength);
    }

    /**
     * Writes one packet at {@code out}'s writerIndex and advances it; returns the packet's
     * length (with a virtual payload, more than the bytes written). {@code payload} may be null
     * when {@code length} is 0.
     */
    public int write(ByteBuf out, ByteBuf payload, int index, int length) {
        return write(out, payload, index, length, null, 0, 0);
    }

    /** As {@link #write(ByteBuf, ByteBuf, int, int)} with data in two pieces, e.g. a wrapped ring. */
    public int write(ByteBuf out, ByteBuf a, int ai, int alen, ByteBuf b, int bi, int blen) {
        int tcpLength = tcpLength(alen + blen);
        int total = packetLength(alen + blen);
        if ((src.length == 4 ? total : tcpLength) > 0xffff) {
            throw new IllegalArgumentException("packet too long for the IP length field: " + total);
        }
        int ip = out.writerIndex();
        int tcp = ip + total - tcpLength;
        int payloadAt = tcp + tcpLength - alen - blen;
        out.ensureWritable(virtualPayload ? payloadAt - ip : total);
        if (src.length == 4) {
            writeIpv4Header(total);
        } else {
            writeIpv6Header(tcpLength);
        }
        writeTcpHeader(tcp - ip, payloadAt - tcp);
        out.setBytes(ip, headers, 0, payloadAt - ip);
        if (virtualPayload) {
            out.writerIndex(payloadAt);
            return total;
        }
        if (alen > 0) {
            out.setBytes(payloadAt, a, ai, alen);
        }
        if (blen > 0) {
            out.setBytes(payloadAt + alen, b, bi, blen);
        }
        int pseudo = src.length == 4
                ? Checksum.pseudoHeaderV4(out, ip, tcpLength)
                : Checksum.pseudoHeaderV6(out, ip, tcpLength);
        out.setShort(tcp + 16, partialChecksum ? Checksum.partial(pseudo) : Checksum.fold(Checksum.sum(out, tcp, tcpLength,
                pseudo)));
        out.writerIndex(ip + total);
        return total;
    }

    private int tcpLength(int payloadLength) {
        int optionsLength = options == null ? 0 : options.encodedLength();
        return TcpHeader.MIN_LENGTH + optionsLength + payloadLength;
    }

    /** RFC 791 §3.1, no IP options. */
    private void writeIpv4Header(int totalLength) {
        IpHeaders.writeV4(headers, 0, ecn, totalLength, ipId, IPV4_DONT_FRAGMENT, ttl, IpPacket.PROTOCOL_TCP, src, dst);
    }

    /** RFC 8200 §3: traffic class carries only ECN, flow label 0, no extension headers. */
    private void writeIpv6Header(int payloadLength) {
        IpHeaders.writeV6(headers, 0, ecn, payloadLength, IpPacket.PROTOCOL_TCP, ttl, src, dst);
    }

    /** RFC 9293 §3.1, at {@code tcp} in {@link #headers}; checksum left zero for the caller to fill. */
    private void writeTcpHeader(int tcp, int headerLength) {
        int ports = srcPort << 16 | dstPort;
        int offsetFlagsWindow = (headerLength / 4) << 28 | flags << 16 | window;
        BigEndian.put64(headers, tcp, (long) ports << 32 | (seq & 0xffffffffL));
        BigEndian.put64(headers, tcp + 8, (long) ack << 32 | (offsetFlagsWindow & 0xffffffffL));
        BigEndian.put32(headers, tcp + 16, 0); // checksum and urgent pointer
        if (options != null) {
            options.write(headers, tcp + TcpHeader.MIN_LENGTH);
        }
    }

    private static int checkRange(String what, int value, int max) {
        if (value < 0 || value > max) {
            throw new IllegalArgumentException(what + " out of range 0.." + max + ": " + value);
        }
        return value;
    }
}
