package io.tcplab.tun;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.tcplab.stack.wire.Checksum;
import io.tcplab.stack.wire.TcpHeader;

/**
 * The write side of TCP segmentation offload for a TUN device opened with {@code IFF_VNET_HDR}:
 * consecutive TCP segments of one flow that the kernel's GSO would cut back into exactly the same
 * packets are joined into one super-segment of up to 64 KB, written once with a virtio-net header
 * ({@code gso_type} TCPV4/TCPV6, {@code gso_size} = the first segment's payload, checksum partial).
 * Everything else goes out alone: with an all-zero header and the stack's own checksums, or, from a
 * stack that leaves TCP checksums partial ({@code StackConfig.Builder#partialChecksums}), TCP
 * packets with {@code NEEDS_CSUM} for the kernel to complete. Such a stack writes no IPv6 extension
 * headers; a TCP packet behind one would go out with its checksum unfinished.
 *
 * <p>What the kernel does to a super-segment (tcp_gso_segment, inet_gso_segment in
 * net/ipv4/tcp_offload.c and af_inet.c) fixes what may be joined: every segment gets the first's
 * IP and TCP headers, with the sequence number advanced by the payload before it, the IPv4
 * identification incremented by one per segment, PSH and FIN kept on the last only and CWR on the
 * first only. So a segment joins when it continues the sequence, its headers equal the first's
 * byte for byte but for those fields (same ACK, window, TOS/traffic class, TTL, options such as
 * timestamps and SACK blocks), every earlier segment carried exactly {@code gso_size} bytes and it
 * carries at most that, and the whole stays within 65535 bytes. A segment with PSH or FIN, or a
 * shorter one, ends the run; SYN, RST, URG and CWR segments, pure ACKs, IP options, fragments and
 * IPv6 extension headers are never joined.
 *
 * <p>Pure ACKs are thinned the way a receiver with GRO thins them: a pending pure ACK that a later
 * one of the same connection and burst supersedes (same headers, a higher acknowledgment number,
 * no SACK blocks in either, only timestamps and the window may differ) is not written. Linux, fed
 * one 64 KB GRO packet, sends one ACK for it; the stack here, fed the same bytes as wire-sized
 * segments, emits one ACK every second segment, and all but the last of a burst carry nothing the
 * last does not (RFC 5681 §4.2 stretch ACKs, as GRO receivers send them). Duplicate ACKs, ACKs
 * with SACK blocks, and ACKs carrying data or other flags are always written.
 *
 * <p>Frames are built in direct buffers the sink hands back (the same one, from a sink that
 * writes at once), so nothing is allocated per packet. Not thread-safe.
 */
public final class SegmentCoalescer {
    /** Where a finished frame (virtio-net header + IP packet, its readable bytes) goes. */
    @FunctionalInterface
    public interface FrameSink {
        /**
         * Writes the frame of {@code packets} packets, or takes it to write later, and counts what
         * the kernel refuses (lost, as on a link); returns the buffer the next frame is built in,
         * {@code frame} itself when it was written at once. A buffer handed back has the capacity
         * of {@link TunDevice#MAX_FRAME}.
         */
        ByteBuf writeFrame(ByteBuf frame, int packets);
    }

    private static final int MIN_TCP_HEADER = 20;
    private static final int IP = VirtioNetHeader.LENGTH; // where the IP packet starts in the frame
    private static final int END_FLAGS = TcpHeader.PSH | TcpHeader.FIN;
    private static final int NEVER_JOINED = TcpHeader.SYN | TcpHeader.RST | TcpHeader.URG | TcpHeader.CWR;
    /** NOP, NOP, timestamps kind 8 length 10: how the stack starts its options (Linux's order). */
    private static final int TIMESTAMPS_LEAD = 0x0101080a;
    private static final int ALONE = 0;
    private static final int DATA = 1;
    private static final int PURE_ACK = 2;

    private final FrameSink sink;
    private final boolean partialTcpChecksums;
    private ByteBuf frame = Unpooled.directBuffer(TunDevice.MAX_FRAME, TunDevice.MAX_FRAME);
    private final VirtioNetHeader header = new VirtioNetHeader();

    // the pending run: segments in the frame, and what the next one must match
    private int segments;
    private boolean open;
    private boolean pureAck; // the pending packet is a pure ACK a later one may supersede
    private boolean ipv6;
    private int ipLength;
    private int tcpLength;
    private int gsoSize;
    private int nextSeq;
    private int firstId;
    private int flags;
    private int tcpAt; // a pending single packet's TCP header, from the IP header; -1: not TCP

    private long packets;
    private long frames;
    private long superSegments;
    private long acksSuperseded;
    private long packetsTooLong;

    /** For a stack that writes complete checksums. */
    public SegmentCoalescer(FrameSink sink) {
        this(sink, false);
    }

    /** With {@code partialTcpChecksums}: every TCP packet given comes with its checksum partial. */
    public SegmentCoalescer(FrameSink sink, boolean partialTcpChecksums) {
        this.sink = sink;
        this.partialTcpChecksums = partialTcpChecksums;
    }

    /** Takes one IP packet (its readable bytes; indexes unchanged); may write what was pending. */
    public void add(ByteBuf packet) {
        packets++;
        int at = packet.readerIndex();
        int length = packet.readableBytes();
        if (segments > 0 && open && joins(packet, at, length)) {
            append(packet, at, length);
            return;
        }
        if (segments > 0 && pureAck && supersedes(packet, at, length)) {
            frame.setBytes(IP, packet, at, length); // same length: the later ACK takes the earlier one's place
            acksSuperseded++;
            return;
        }
        flush();
        if (length > TunDevice.MAX_PACKET) {
            packetsTooLong++; // larger than the device carries; cannot come from a stack behind it
            return;
        }
        frame.clear().writerIndex(IP);
        frame.writeBytes(packet, at, length);
        segments = 1;
        tcpAt = partialTcpChecksums ? tcpHeaderAt(length) : -1;
        int kind = classify(length);
        open = kind == DATA;
        pureAck = kind == PURE_ACK;
        if (kind == ALONE) {
            flush(); // nothing can join or supersede it: do not hold it back
        }
    }

    /** Writes what is pending. */
    public void flush() {
        if (segments == 0) {
            return;
        }
        int n = segments;
        segments = 0;
        open = false;
        pureAck = false;
        if (n == 1) {
            (tcpAt >= 0 ? header.tcpChecksumPartial(tcpAt) : header.none()).encode(frame, 0);
        } else {
            finishSuperSegment();
            superSegments++;
        }
        frames++;
        frame = sink.writeFrame(frame, n);
    }

    /** The frame's IP packet as the kernel's GSO expects it: lengths for the whole, checksum partial. */
    private void finishSuperSegment() {
        int total = frame.writerIndex() - IP;
        int tcp = IP + ipLength;
        if (ipv6) {
            frame.setShort(IP + 4, total - ipLength);
        } else {
            frame.setShort(IP + 2, total);
            frame.setShort(IP + 10, 0);
            frame.setShort(IP + 10, Checksum.fold(Checksum.sum(frame, IP, ipLength, 0)));
        }
        int tcpTotal = total - ipLength;
        int pseudo = ipv6 ? Checksum.pseudoHeaderV6(frame, IP, tcpTotal) : Checksum.pseudoHeaderV4(frame, IP, tcpTotal);
        // NEEDS_CSUM: the kernel adjusts the partial sum for each segment's length and completes it
        // (tcp_gso_segment)
        frame.setShort(tcp + 16, Checksum.partial(pseudo));
        header.tcpSegmentation(ipv6, ipLength, tcpLength, gsoSize).encode(frame, 0);
    }

    /**
     * What may follow the packet just copied into the frame: data that continues it ({@link #DATA},
     * the run is set up), a pure ACK that supersedes it ({@link #PURE_ACK}), or nothing.
     */
    private int classify(int length) {
        int version = frame.getUnsignedByte(IP) >> 4;
        if (version == 4) {
            if (length < 40 || frame.getUnsignedByte(IP) != 0x45 || frame.getUnsignedByte(IP + 9) != 6
                    || (frame.getUnsignedShort(IP + 6) & 0x3fff) != 0 || frame.getUnsignedShort(IP + 2) != length) {
                return ALONE; // IP options, not TCP, a fragment, or a length that disagrees
            }
            ipv6 = false;
            ipLength = 20;
            firstId = frame.getUnsignedShort(IP + 4);
        } else if (version == 6) {
            if (length < 60 || frame.getUnsignedByte(IP + 6) != 6 || frame.getUnsignedShort(IP + 4) != length - 40) {
                return ALONE; // an extension header, or a length that disagrees
            }
            ipv6 = true;
            ipLength = 40;
        } else {
            return ALONE;
        }
        int tcp = IP + ipLength;
        tcpLength = (frame.getUnsignedByte(tcp + 12) >> 4) * 4;
        int f = frame.getUnsignedByte(tcp + 13);
        gsoSize = length - ipLength - tcpLength;
        if (tcpLength < MIN_TCP_HEADER || gsoSize < 0 || (f & NEVER_JOINED) != 0 || (f & TcpHeader.ACK) == 0) {
            return ALONE;
        }
        flags = f;
        if (gsoSize == 0) {
            return (f & END_FLAGS) == 0 && onlyTimestamps(frame, tcp) ? PURE_ACK : ALONE;
        }
        nextSeq = frame.getInt(tcp + 4) + gsoSize;
        return (f & END_FLAGS) == 0 ? DATA : ALONE;
    }

    /** Where the frame's packet has its TCP header (IPv4 with options too), or -1: not TCP, or behind extension headers. */
    private int tcpHeaderAt(int length) {
        int version = frame.getUnsignedByte(IP) >> 4;
        if (version == 4 && length >= 20 && frame.getUnsignedByte(IP + 9) == 6) {
            return (frame.getUnsignedByte(IP) & 0xf) * 4;
        }
        return version == 6 && length >= 40 && frame.getUnsignedByte(IP + 6) == 6 ? 40 : -1;
    }

    /** No options, or the timestamps option alone (12 bytes: SACK blocks would follow it). */
    private boolean onlyTimestamps(ByteBuf b, int tcp) {
        return tcpLength == MIN_TCP_HEADER || tcpLength == MIN_TCP_HEADER + 12 && b.getInt(tcp + 20) == TIMESTAMPS_LEAD;
    }

    /** The IP headers agree but for identification, length and checksum (and the packet's length field is right). */
    private boolean sameIpHeader(ByteBuf p, int at, int length) {
        if (ipv6) {
            return same(frame, IP, p, at, 4) && same(frame, IP + 6, p, at + 6, 34)
                    && p.getUnsignedShort(at + 4) == length - 40;
        }
        return same(frame, IP, p, at, 2) && same(frame, IP + 6, p, at + 6, 4)
                && same(frame, IP + 12, p, at + 12, 8) && p.getUnsignedShort(at + 2) == length;
    }

    /** A pure ACK of the same connection and layout that acknowledges more than the pending one. */
    private boolean supersedes(ByteBuf p, int at, int length) {
        int ft = IP + ipLength;
        int pt = at + ipLength;
        return length == frame.writerIndex() - IP && sameIpHeader(p, at, length)
                && same(frame, ft, p, pt, 8) // ports, sequence number
                && p.getInt(pt + 8) - frame.getInt(ft + 8) > 0 // acknowledges more (mod 2^32)
                && same(frame, ft + 12, p, pt + 12, 2) // data offset, flags
                && same(frame, ft + 18, p, pt + 18, 2) // urgent pointer
                && (tcpLength == MIN_TCP_HEADER || p.getInt(pt + 20) == TIMESTAMPS_LEAD);
    }

    private boolean joins(ByteBuf p, int at, int length) {
        int payload = length - ipLength - tcpLength;
        if (payload <= 0 || payload > gsoSize || frame.writerIndex() - IP + payload > TunDevice.MAX_PACKET) {
            return false;
        }
        if (!sameIpHeader(p, at, length)
                || !ipv6 && p.getUnsignedShort(at + 4) != ((firstId + segments) & 0xffff)) {
            return false;
        }
        int ft = IP + ipLength;
        int pt = at + ipLength;
        int f = p.getUnsignedByte(pt + 13);
        return p.getInt(pt + 4) == nextSeq && (f & ~END_FLAGS) == flags
                && same(frame, ft, p, pt, 4) // ports
                && same(frame, ft + 8, p, pt + 8, 5) // ACK number, data offset
                && same(frame, ft + 14, p, pt + 14, 2) // window
                && same(frame, ft + 18, p, pt + 18, tcpLength - 18); // urgent pointer, options
    }

    /**
     * Whether {@code n} bytes agree, read a long, an int, a short and a byte at a time: each read is
     * bounds-checked, and this compares a packet's header fields with the fewest (a profile showed
     * ByteBufUtil.equals' byte-wise tails).
     */
    private static boolean same(ByteBuf a, int ai, ByteBuf b, int bi, int n) {
        int i = 0;
        for (; i + 8 <= n; i += 8) {
            if (a.getLong(ai + i) != b.getLong(bi + i)) {
                return false;
            }
        }
        if (i + 4 <= n) {
            if (a.getInt(ai + i) != b.getInt(bi + i)) {
                return false;
            }
            i += 4;
        }
        if (i + 2 <= n) {
            if (a.getShort(ai + i) != b.getShort(bi + i)) {
                return false;
            }
            i += 2;
        }
        return i == n || a.getByte(ai + i) == b.getByte(bi + i);
    }

    private void append(ByteBuf p, int at, int length) {
        int headers = ipLength + tcpLength;
        int payload = length - headers;
        frame.writeBytes(p, at + headers, payload);
        segments++;
        nextSeq += payload;
        int f = p.getUnsignedByte(at + ipLength + 13);
        if (payload < gsoSize || (f & END_FLAGS) != 0) {
            open = false; // the kernel puts the header's PSH/FIN on the last segment only
            frame.setByte(IP + ipLength + 13, f);
        }
    }

    /** Packets given to {@link #add}. */
    public long packets() {
        return packets;
    }

    /** Frames written (each one write call), super-segments or single packets. */
    public long frames() {
        return frames;
    }

    /** Frames that joined two or more packets. */
    public long superSegments() {
        return superSegments;
    }

    /** Pure ACKs not written because a later one of the same burst superseded them. */
    public long acksSuperseded() {
        return acksSuperseded;
    }

    /** Packets larger than the device carries, dropped (the sink counts what the kernel refuses). */
    public long packetsTooLong() {
        return packetsTooLong;
    }

    /** Frees the buffer it is filling; drops what is pending. */
    public void release() {
        segments = 0;
        frame.release();
    }
}
