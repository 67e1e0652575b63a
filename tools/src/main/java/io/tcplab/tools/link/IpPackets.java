package io.tcplab.tools.link;

import io.netty.buffer.ByteBuf;

/** The few IP header edits a link makes. Offsets are relative to the reader index. */
public final class IpPackets {
    private static final int ECN_MASK = 0x03;
    private static final int CE = 0x03;
    static final int TCP = 6;
    static final int TCP_SYN = 0x02;
    static final int TCP_CWR = 0x80;

    private IpPackets() {
    }

    /**
     * Sets CE on an ECN-capable IPv4 or IPv6 packet (ECT(0), ECT(1) or already CE), fixing the
     * IPv4 header checksum. A packet that is CE already stays as it is (RFC 3168 §5: a router
     * leaves CE unchanged and forwards the packet as usual) and counts as marked. Returns false,
     * changing nothing, for a packet that is not ECN-capable or not IP.
     */
    static boolean markCe(ByteBuf p) {
        int at = p.readerIndex();
        if (p.readableBytes() < 2) {
            return false;
        }
        int version = p.getUnsignedByte(at) >> 4;
        if (version == 4 && p.readableBytes() >= 20) {
            int tos = p.getUnsignedByte(at + 1);
            if (!isEcnCapable(tos)) {
                return false;
            }
            if ((tos & ECN_MASK) != CE) {
                p.setByte(at + 1, tos | CE);
                writeIpv4Checksum(p, at);
            }
            return true;
        }
        if (version == 6 && p.readableBytes() >= 40) {
            // The traffic class straddles bytes 0 and 1; its ECN bits are bits 4-5 of byte 1.
            int b1 = p.getUnsignedByte(at + 1);
            if (!isEcnCapable(b1 >> 4)) {
                return false;
            }
            p.setByte(at + 1, b1 | (CE << 4));
            return true;
        }
        return false;
    }

    /**
     * Whether an IPv4 or IPv6 packet is ECN-capable: ECT(0), ECT(1), or CE — a packet an earlier
     * queue marked is still from an ECN-capable transport, and a later queue that would pick it
     * marks it again instead of dropping it (RFC 3168 §5).
     */
    static boolean isEcnCapablePacket(ByteBuf p) {
        return ecnField(p) != 0;
    }

    /** Whether an IPv4 or IPv6 packet carries CE (a queue marked it on the way). */
    public static boolean isCe(ByteBuf p) {
        return ecnField(p) == CE;
    }

    /** The two ECN bits of an IPv4 or IPv6 packet's header; 0 (Not-ECT) for anything else. */
    static int ecnField(ByteBuf p) {
        int at = p.readerIndex();
        if (p.readableBytes() < 2) {
            return 0;
        }
        int version = p.getUnsignedByte(at) >> 4;
        int b1 = p.getUnsignedByte(at + 1);
        return version == 4 ? b1 & ECN_MASK : version == 6 ? (b1 >> 4) & ECN_MASK : 0;
    }

    /**
     * Whether a TCP segment (IPv4 or IPv6, TCP right after the IP header) other than a SYN carries
     * CWR: its sender announcing it reduced its window (RFC 3168 §6.1.2); an ECN-setup SYN also
     * sets CWR but reduces nothing.
     */
    static boolean isCwrSegment(ByteBuf p) {
        int at = p.readerIndex();
        if (p.readableBytes() < 40) {
            return false;
        }
        int version = p.getUnsignedByte(at) >> 4;
        int tcp;
        if (version == 4 && p.getUnsignedByte(at + 9) == TCP) {
            tcp = at + (p.getUnsignedByte(at) & 0x0f) * 4;
        } else if (version == 6 && p.readableBytes() >= 60 && p.getUnsignedByte(at + 6) == TCP) {
            tcp = at + 40;
        } else {
            return false;
        }
        if (tcp + 14 > p.writerIndex()) {
            return false;
        }
        int flags = p.getUnsignedByte(tcp + 13);
        return (flags & TCP_CWR) != 0 && (flags & TCP_SYN) == 0;
    }

    /**
     * The packet's length on the wire: what its IP header counts, or the bytes present when
     * more. A payload-free packet (the stack's virtual payload) holds only its headers but
     * counts its payload here, so queues and serialization see the packet it stands for.
     */
    static int wireLength(ByteBuf p) {
        int at = p.readerIndex();
        int present = p.readableBytes();
        if (present < 6) {
            return present;
        }
        int version = p.getUnsignedByte(at) >> 4;
        int counted = version == 4 ? p.getUnsignedShort(at + 2)
                : version == 6 && present >= 40 ? 40 + p.getUnsignedShort(at + 4) : present;
        return Math.max(present, counted);
    }

    /**
     * The TCP payload of an IPv4 or IPv6 packet of {@code size} bytes on the wire (its
     * {@link #wireLength}): the size less the IP header and the TCP header with its options; 0
     * when it is not TCP right after the IP header or the headers are not all present.
     */
    static int tcpPayloadLength(ByteBuf p, int size) {
        int at = p.readerIndex();
        int present = p.readableBytes();
        if (present < 1) {
            return 0;
        }
        int version = p.getUnsignedByte(at) >> 4;
        int ipHeader;
        if (version == 4 && present >= 20) {
            ipHeader = (p.getUnsignedByte(at) & 0x0f) * 4;
            if (p.getUnsignedByte(at + 9) != TCP) {
                return 0;
            }
        } else if (version == 6 && present >= 40) {
            ipHeader = 40;
            if (p.getUnsignedByte(at + 6) != TCP) {
                return 0;
            }
        } else {
            return 0;
        }
        if (present < ipHeader + 13) {
            return 0;
        }
        int tcpHeader = (p.getUnsignedByte(at + ipHeader + 12) >> 4) * 4;
        return Math.max(0, size - ipHeader - tcpHeader);
    }

    /**
     * Corrupts a payload-free TCP packet the way its receiver can tell without a checksum: the
     * TCP checksum field, always 0 on that wire, becomes non-zero (the corruption flag). Returns
     * false, changing nothing, for a packet that is not IPv4/IPv6 carrying TCP right after the
     * IP header.
     */
    static boolean flagCorrupt(ByteBuf p) {
        int at = p.readerIndex();
        int version = p.getUnsignedByte(at) >> 4;
        int tcp;
        if (version == 4 && p.getUnsignedByte(at + 9) == TCP) {
            tcp = at + (p.getUnsignedByte(at) & 0x0f) * 4;
        } else if (version == 6 && p.readableBytes() >= 40 && p.getUnsignedByte(at + 6) == TCP) {
            tcp = at + 40;
        } else {
            return false;
        }
        if (tcp + 18 > p.writerIndex()) {
            return false;
        }
        p.setShort(tcp + 16, 0xffff);
        return true;
    }

    static void flipBit(ByteBuf p, long bit) {
        int index = p.readerIndex() + (int) (bit >>> 3);
        p.setByte(index, p.getByte(index) ^ (0x80 >>> (int) (bit & 7)));
    }

    /** Any codepoint but Not-ECT (00). */
    private static boolean isEcnCapable(int ecnField) {
        return (ecnField & ECN_MASK) != 0;
    }

    private static void writeIpv4Checksum(ByteBuf p, int at) {
        int headerLength = (p.getUnsignedByte(at) & 0x0f) * 4;
        p.setShort(at + 10, 0);
        long sum = 0;
        for (int i = 0; i < headerLength; i += 2) {
            sum += p.getUnsignedShort(at + i);
        }
        while ((sum >>> 16) != 0) {
            sum = (sum & 0xffff) + (sum >>> 16);
        }
        p.setShort(at + 10, (int) ~sum & 0xffff);
    }
}
