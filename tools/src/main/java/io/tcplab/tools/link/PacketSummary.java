package io.tcplab.tools.link;

import io.netty.buffer.ByteBuf;

/**
 * What links and routers read of a packet, packed into one {@code long} when the packet is first
 * offered to a link, while its bytes are still in the cache. A packet then waits 1–80 ms on each
 * link, long enough for its buffer to leave the caches, and reading its header again at the next
 * router cost a memory miss or two per hop; the summary travels beside the buffer instead (in
 * the link's arrival ring) and the router and the next link read that.
 *
 * <p>Every field is the value of the {@link IpPackets} method of the same name, so a decision
 * made from the summary is the one made from the bytes. {@link #NONE} means "not summarized":
 * whoever holds it reads the packet instead. Layout: bit 62 valid; bit 61 the low 32 bits hold
 * an IPv4 destination; bit 60 CWR; bits 58–59 the ECN field; bits 50–57 the header bytes
 * (wire length less TCP payload; 255: no payload); bits 32–48 the wire length.
 */
public final class PacketSummary {
    public static final long NONE = 0;
    private static final long VALID = 1L << 62;
    private static final long IPV4_DESTINATION = 1L << 61;
    private static final long CWR = 1L << 60;
    private static final int ECN_SHIFT = 58;
    private static final int HEADER_SHIFT = 50;
    private static final int NO_PAYLOAD = 255;
    private static final int WIRE_SHIFT = 32;
    private static final int WIRE_MAX = (1 << 17) - 1;
    private static final int CE = 3;

    private PacketSummary() {
    }

    /** The summary of {@code p}'s current bytes, or {@link #NONE} for a packet too long to pack. */
    public static long of(ByteBuf p) {
        int at = p.readerIndex();
        int present = p.readableBytes();
        if (present >= 40) {
            // IPv4 carrying TCP, the emulator's every packet: four reads instead of one per field
            // (each ByteBuf read pays netty's checks); the same values as the general reading
            long first = p.getLong(at); // version and IHL, TOS, total length, ...
            int ipHeader = ((int) (first >>> 56) & 0x0f) * 4;
            if ((int) (first >>> 60) == 4 && ipHeader + 14 <= present && p.getUnsignedByte(at + 9) == IpPackets.TCP) {
                int wire = Math.max(present, (int) (first >>> 32) & 0xffff);
                int offsetAndFlags = p.getUnsignedShort(at + ipHeader + 12);
                int headerBytes = wire - Math.max(0, wire - ipHeader - (offsetAndFlags >>> 12) * 4);
                int flags = offsetAndFlags & 0xff;
                return pack(wire, headerBytes, (int) (first >>> 48) & 3,
                        (flags & IpPackets.TCP_CWR) != 0 && (flags & IpPackets.TCP_SYN) == 0, p.getUnsignedInt(at + 16));
            }
        }
        return read(p);
    }

    /** Any packet, field by field as {@link IpPackets} reads it. */
    private static long read(ByteBuf p) {
        int wire = IpPackets.wireLength(p);
        int at = p.readerIndex();
        boolean ipv4 = p.readableBytes() >= 20 && p.getUnsignedByte(at) >> 4 == 4;
        return pack(wire, wire - IpPackets.tcpPayloadLength(p, wire), IpPackets.ecnField(p), IpPackets.isCwrSegment(p),
                ipv4 ? p.getUnsignedInt(at + 16) : -1);
    }

    /** {@code ipv4Destination} -1: none. */
    private static long pack(int wire, int headerBytes, int ecnField, boolean cwr, long ipv4Destination) {
        if (wire > WIRE_MAX) {
            return NONE;
        }
        return VALID | (long) wire << WIRE_SHIFT
                | (long) (headerBytes < NO_PAYLOAD ? headerBytes : NO_PAYLOAD) << HEADER_SHIFT
                | (long) ecnField << ECN_SHIFT | (cwr ? CWR : 0)
                | (ipv4Destination >= 0 ? IPV4_DESTINATION | ipv4Destination : 0);
    }

    /** {@code summary} when it is one, else the summary of the packet's bytes. */
    public static long ofOr(long summary, ByteBuf p) {
        return summary != NONE ? summary : of(p);
    }

    public static int wireLength(long s) {
        return (int) (s >>> WIRE_SHIFT) & WIRE_MAX;
    }

    /** {@link IpPackets#tcpPayloadLength} of the packet at its {@link #wireLength}. */
    public static int tcpPayloadLength(long s) {
        int headerBytes = (int) (s >>> HEADER_SHIFT) & 0xff;
        return headerBytes == NO_PAYLOAD ? 0 : wireLength(s) - headerBytes;
    }

    public static boolean isEcnCapablePacket(long s) {
        return ecnField(s) != 0;
    }

    public static boolean isCwrSegment(long s) {
        return (s & CWR) != 0;
    }

    /** The summary after {@link IpPackets#markCe} changed the packet. */
    static long markedCe(long s) {
        return s | (long) CE << ECN_SHIFT;
    }

    /** Whether the low 32 bits are the packet's IPv4 destination (else the router reads the packet). */
    public static boolean hasIpv4Destination(long s) {
        return (s & IPV4_DESTINATION) != 0;
    }

    public static long ipv4Destination(long s) {
        return s & 0xFFFF_FFFFL;
    }

    /** The packet's two ECN bits: 0 Not-ECT, 1 ECT(1), 2 ECT(0), 3 CE. */
    public static int ecnField(long s) {
        return (int) (s >>> ECN_SHIFT) & 3;
    }
}
