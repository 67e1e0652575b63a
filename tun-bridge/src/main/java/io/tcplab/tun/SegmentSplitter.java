package io.tcplab.tun;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
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
 * <p>Segments are built one at a time in one reused direct buffer, so nothing is allocated per
 * packet; a consumer must not keep the buffer past its call. Not thread-safe.
 */
public final class SegmentSplitter {
    /** Receives each packet (its readable bytes); the buffer is reused after the call returns. */
    @FunctionalInterface
    public interface PacketConsumer {
        void accept(ByteBuf packet);
    }

    private static final int MIN_TCP_HEADER = 20;
    private final ByteBuf segment = Unpooled.directBuffer(TunDevice.MAX_PACKET, TunDevice.MAX_PACKET);
    private final VirtioNetHeader header = new VirtioNetHeader();

    /** Whether the packet being handed over has a TCP checksum known to be right. */
    private boolean checksumKnownGood;
    private long frames;
    private long superSegments;
    private long packets;
    private long malformed;

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
            if ((header.flags & VirtioNetHeader.F_NEEDS_CSUM) != 0) {
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
        if (length <= headers || headers - ipLength < MIN_TCP_HEADER) {
            malformed++;
            return 0;
        }
        superSegments++;
        checksumKnownGood = true; // each segment's sum is computed below
        int seq = frame.getInt(ip + ipLength + 4);
        int flags = frame.getUnsignedByte(ip + ipLength + 13);
        int id = ipv6 ? 0 : frame.getUnsignedShort(ip + 4);
        int payloadTotal = length - headers;
        int n = 0;
        for (int offset = 0; offset < payloadTotal; offset += gsoSize, n++) {
            int payload = Math.min(gsoSize, payloadTotal - offset);
            boolean last = offset + payload == payloadTotal;
            int total = headers + payload;
            ByteBuf s = segment.clear();
            s.writeBytes(frame, ip, headers);
            s.writeBytes(frame, ip + headers + offset, payload);
            if (ipv6) {
                s.setShort(4, total - 40);
            } else {
                s.setShort(2, total);
                s.setShort(4, id + n);
                s.setShort(10, 0);
                s.setShort(10, Checksum.fold(Checksum.sum(s, 0, ipLength, 0)));
            }
            int f = last ? flags : flags & ~(TcpHeader.PSH | TcpHeader.FIN);
            if (n > 0) {
                f &= ~TcpHeader.CWR;
            }
            int tcp = ipLength;
            s.setInt(tcp + 4, seq + offset);
            s.setByte(tcp + 13, f);
            s.setShort(tcp + 16, 0);
            int tcpTotal = total - ipLength;
            int pseudo = ipv6 ? Checksum.pseudoHeaderV6(s, 0, tcpTotal) : Checksum.pseudoHeaderV4(s, 0, tcpTotal);
            s.setShort(tcp + 16, Checksum.fold(Checksum.sum(s, tcp, tcpTotal, pseudo)));
            packets++;
            out.accept(s);
        }
        return n;
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

    public void release() {
        segment.release();
    }
}
