package io.tcplab.tun;

import io.netty.buffer.ByteBuf;
import io.tcplab.stack.wire.Checksum;
import io.tcplab.stack.wire.TcpHeader;

/**
 * The read side of offloads for a TUN device opened with {@code IFF_VNET_HDR}: turns each frame
 * the kernel hands over (virtio-net header + IP packet) back into the packets the wire would have
 * carried, with complete checksums, so the stack sees what it would see without offloads.
 *
 * <ul>
 *   <li>{@code gso_type} NONE: the packet itself; with {@code NEEDS_CSUM} its checksum is completed
 *       first (the field holds the pseudo-header sum; the sum runs from {@code csum_start} to the end).
 *   <li>TCPV4 / TCPV6: a super-segment cut into {@code gso_size}-byte segments the way the kernel's
 *       GSO would (tcp_gso_segment): the headers copied to each, the sequence number advanced, the
 *       IPv4 identification incremented per segment, lengths and both checksums recomputed, PSH
 *       and FIN only on the last segment, CWR only on the first.
 *   <li>Anything else (UDP GSO, which TUNSETOFFLOAD never asked for, or a frame too short for
 *       what its header claims) is dropped and counted.
 * </ul>
 *
 * <p>Segments are cut in place: segment <i>i</i>'s headers are written just before its payload,
 * over the end of segment <i>i</i>−1's payload, which its consumer has finished with. So no payload
 * is copied and nothing is allocated per packet; a consumer must not keep the buffer past its call.
 *
 * <p>Without {@code completeChecksums} nobody reads the TCP checksums the stack is handed (no
 * capture, no recording): a cut segment's checksum field then holds its pseudo-header sum, as the
 * kernel's GSO leaves a {@code CHECKSUM_PARTIAL} segment, and a {@code NEEDS_CSUM} packet's is not
 * completed; both are known good, so the stack takes them as Linux takes a locally delivered
 * {@code CHECKSUM_PARTIAL} packet, without summing its bytes. Not thread-safe.
 */
public final class SegmentSplitter {
    /** Receives each packet (its readable bytes); the buffer is reused after the call returns. */
    @FunctionalInterface
    public interface PacketConsumer {
        void accept(ByteBuf packet);
    }

    private static final int MIN_TCP_HEADER = 20;
    /** IPv4 with options (60) or IPv6 (40), and TCP with options (60). */
    private static final int MAX_HEADERS = 120;
    private final boolean completeChecksums;
    /** The super-segment's headers as the kernel gave them: the first segment's are changed in place. */
    private final byte[] template = new byte[MAX_HEADERS];
    private final VirtioNetHeader header = new VirtioNetHeader();

    /** Whether the packet being handed over has a TCP checksum known to be right. */
    private boolean checksumKnownGood;
    private long frames;
    private long superSegments;
    private long packets;
    private long malformed;

    /** Hands over packets with complete checksums, as the wire would carry them. */
    public SegmentSplitter() {
        this(true);
    }

    /** With {@code completeChecksums} false, TCP checksums are left partial (see the class comment). */
    public SegmentSplitter(boolean completeChecksums) {
        this.completeChecksums = completeChecksums;
    }

    /**
     * Splits the frame in {@code frame}'s readable bytes (which it may change in place) and gives
     * each packet to {@code out}; returns how many it gave.
     */
    public int split(ByteBuf frame, PacketConsumer out) {
        frames++;
        int at = frame.readerIndex();
        int end = frame.writerIndex();
        if (end - at < VirtioNetHeader.LENGTH) {
            malformed++;
            return 0;
        }
        header.decode(frame, at);
        int ip = at + VirtioNetHeader.LENGTH;
        int gso = header.gsoType & ~VirtioNetHeader.GSO_ECN;
        if (gso == VirtioNetHeader.GSO_NONE) {
            if ((header.flags & VirtioNetHeader.F_NEEDS_CSUM) != 0 && completeChecksums) {
                int start = ip + header.csumStart;
                if (header.csumStart + header.csumOffset + 2 > end - ip) {
                    malformed++;
                    return 0;
                }
                frame.setShort(start + header.csumOffset, Checksum.fold(Checksum.sum(frame, start, end - start, 0)));
            }
            checksumKnownGood = (header.flags & (VirtioNetHeader.F_NEEDS_CSUM | VirtioNetHeader.F_DATA_VALID)) != 0;
            frame.readerIndex(ip);
            try {
                packets++;
                out.accept(frame);
            } finally {
                frame.readerIndex(at);
            }
            return 1;
        }
        if ((gso != VirtioNetHeader.GSO_TCPV4 && gso != VirtioNetHeader.GSO_TCPV6) || header.gsoSize == 0) {
            malformed++;
            return 0;
        }
        return splitTcp(frame, ip, end, gso == VirtioNetHeader.GSO_TCPV6, out);
    }

    private int splitTcp(ByteBuf frame, int ip, int end, boolean ipv6, PacketConsumer out) {
        int length = end - ip;
        int ipLength = (header.flags & VirtioNetHeader.F_NEEDS_CSUM) != 0 ? header.csumStart
                : ipv6 ? 40 : (frame.getUnsignedByte(ip) & 0xf) * 4;
        if (length < ipLength + MIN_TCP_HEADER) {
            malformed++;
            return 0;
        }
        int headers = ipLength + (frame.getUnsignedByte(ip + ipLength + 12) >> 4) * 4;
        int gsoSize = header.gsoSize;
        if (length <= headers || headers - ipLength < MIN_TCP_HEADER || headers > MAX_HEADERS) {
            malformed++;
            return 0;
        }
        superSegments++;
        checksumKnownGood = true; // each segment's sum is computed below, or it is left partial
        frame.getBytes(ip, template, 0, headers);
        int seq = frame.getInt(ip + ipLength + 4);
        int flags = frame.getUnsignedByte(ip + ipLength + 13);
        int id = ipv6 ? 0 : frame.getUnsignedShort(ip + 4);
        int payloadTotal = length - headers;
        int readerIndex = frame.readerIndex();
        int n = 0;
        try {
            for (int offset = 0; offset < payloadTotal; offset += gsoSize, n++) {
                int payload = Math.min(gsoSize, payloadTotal - offset);
                int at = ip + offset; // this segment's headers end where its payload starts
                if (n > 0) {
                    frame.setBytes(at, template, 0, headers);
                }
                cut(frame, at, ipv6, ipLength, headers + payload, id + n, seq + offset,
                        segmentFlags(flags, n, offset + payload == payloadTotal));
                frame.setIndex(at, at + headers + payload);
                packets++;
                out.accept(frame);
            }
        } finally {
            frame.setIndex(readerIndex, end);
        }
        return n;
    }

    /** PSH and FIN on the last segment only, CWR on the first only (tcp_gso_segment). */
    private static int segmentFlags(int flags, int n, boolean last) {
        int f = last ? flags : flags & ~(TcpHeader.PSH | TcpHeader.FIN);
        return n > 0 ? f & ~TcpHeader.CWR : f;
    }

    /** Fixes the headers at {@code at} for one segment of {@code total} bytes: lengths, ID, SEQ, flags, checksums. */
    private void cut(ByteBuf frame, int at, boolean ipv6, int ipLength, int total, int id, int seq, int flags) {
        if (ipv6) {
            frame.setShort(at + 4, total - 40);
        } else {
            frame.setShort(at + 2, total);
            frame.setShort(at + 4, id);
            frame.setShort(at + 10, 0);
            frame.setShort(at + 10, Checksum.fold(Checksum.sum(frame, at, ipLength, 0)));
        }
        int tcp = at + ipLength;
        frame.setInt(tcp + 4, seq);
        frame.setByte(tcp + 13, flags);
        frame.setShort(tcp + 16, 0);
        int tcpTotal = total - ipLength;
        int pseudo = ipv6 ? Checksum.pseudoHeaderV6(frame, at, tcpTotal) : Checksum.pseudoHeaderV4(frame, at, tcpTotal);
        frame.setShort(tcp + 16, completeChecksums ? Checksum.fold(Checksum.sum(frame, tcp, tcpTotal, pseudo))
                : Checksum.partial(pseudo));
    }

    /**
     * Whether the packet the consumer is being handed has a TCP checksum known to be right: one
     * this splitter computed (a segment cut from a super-segment, or completed for
     * {@code NEEDS_CSUM}) or one the kernel verified ({@code DATA_VALID}). Read during the call.
     */
    public boolean checksumKnownGood() {
        return checksumKnownGood;
    }

    /** Frames read (each one read call). */
    public long frames() {
        return frames;
    }

    /** Frames that held a TCP super-segment. */
    public long superSegments() {
        return superSegments;
    }

    /** Packets given to consumers. */
    public long packets() {
        return packets;
    }

    /** Frames dropped because their header or lengths made no sense. */
    public long malformed() {
        return malformed;
    }
}
