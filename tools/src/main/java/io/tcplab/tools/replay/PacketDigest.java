package io.tcplab.tools.replay;

import io.netty.buffer.ByteBuf;
import io.tcplab.stack.wire.Checksum;
import java.util.zip.CRC32;

/**
 * What a recording keeps of a packet, one rule for the recorder and the replay. An emitted packet
 * is kept as its length, its IP and TCP headers (at most {@link #MAX_HEADERS} bytes; for another
 * packet its first bytes) and, when every byte is kept, a CRC-32 of all of it; a headers-only
 * recording keeps no CRC and the TCP checksum as zero, as both cover data the recording does not
 * have. A received packet under headers-only keeps its headers and the RFC 1071 sum of its
 * payload: a payload of that sum and zeros gives the stack the same checksum verdict as the real
 * one.
 */
final class PacketDigest {
    /** The longest IPv4 header (60) and TCP header (60). */
    static final int MAX_HEADERS = 120;

    private final Keep keep;
    private final CRC32 crc = new CRC32();

    PacketDigest(Keep keep) {
        this.keep = keep;
    }

    Keep keep() {
        return keep;
    }

    /** How many of an emitted packet's {@code n} bytes {@link #digest} reads. */
    int bytesToDigest(int n) {
        return keep == Keep.PACKETS ? n : Math.min(n, MAX_HEADERS);
    }

    /**
     * The CRC of an emitted packet of {@code n} bytes, whose first {@link #bytesToDigest} bytes
     * are in {@code p}, or 0 under headers-only, which zeroes the TCP checksum in {@code p} instead.
     */
    int digest(byte[] p, int n) {
        if (keep == Keep.PACKETS) {
            crc.reset();
            crc.update(p, 0, n);
            return (int) crc.getValue();
        }
        if (tcpHeadersEnd(p, n) >= 0) {
            int checksum = tcpOffset(p) + 16;
            p[checksum] = 0;
            p[checksum + 1] = 0;
        }
        return 0;
    }

    /** How many of an emitted packet's first bytes (in {@code p}, {@code n} in all) the recording keeps. */
    static int keptOfEmitted(byte[] p, int n) {
        int headers = tcpHeadersEnd(p, n);
        return headers >= 0 ? headers : Math.min(n, MAX_HEADERS);
    }

    /**
     * How many leading bytes of a received packet of {@code n} bytes a headers-only recording
     * keeps, from the first {@link #MAX_HEADERS} in {@code p}: its IP and TCP headers, or all of
     * it when it is not plain IPv4 or IPv6 TCP with its IP length exact and a payload of two bytes
     * or more.
     */
    static int headerLength(byte[] p, int n) {
        int headers = tcpHeadersEnd(p, n);
        return headers >= 0 && ipLength(p) == n && headers + 2 <= n ? headers : n;
    }

    /** Where the TCP header of a plain IPv4 or IPv6 TCP packet ends, or -1 for any other packet. */
    private static int tcpHeadersEnd(byte[] p, int n) {
        if (n < 40) {
            return -1;
        }
        int version = (p[0] & 0xFF) >> 4;
        boolean tcp = version == 4 ? p[9] == 6 && ((p[6] & 0x3F) | p[7]) == 0 // TCP, not a fragment
                : version == 6 && n >= 60 && p[6] == 6; // TCP straight after the fixed header
        if (!tcp) {
            return -1;
        }
        int ip = tcpOffset(p);
        if (ip < 20) {
            return -1;
        }
        int headers = ip + ((p[ip + 12] & 0xFF) >> 4) * 4;
        return headers >= ip + 20 && headers <= Math.min(n, MAX_HEADERS) ? headers : -1;
    }

    private static int ipLength(byte[] p) {
        return (p[0] & 0xFF) >> 4 == 4 ? u16(p, 2) : 40 + u16(p, 4);
    }

    /** The RFC 1071 sum, folded to 16 bits, of {@code length} bytes of {@code packet} from absolute {@code from}. */
    static int payloadSum(ByteBuf packet, int from, int length) {
        return ~Checksum.fold(Checksum.sum(packet, from, length, 0)) & 0xFFFF;
    }

    /**
     * A packet as a headers-only recording rebuilds it: the {@code kept} header bytes of {@code p},
     * then a payload to {@code length} bytes that sums to {@code sum}.
     */
    static byte[] rebuild(byte[] p, int kept, int length, int sum) {
        byte[] packet = new byte[length];
        System.arraycopy(p, 0, packet, 0, kept);
        if (kept < length) {
            packet[kept] = (byte) (sum >> 8);
            packet[kept + 1] = (byte) sum;
        }
        return packet;
    }

    private static int tcpOffset(byte[] p) {
        return (p[0] & 0xFF) >> 4 == 4 ? (p[0] & 0x0F) * 4 : 40;
    }

    private static int u16(byte[] p, int at) {
        return (p[at] & 0xFF) << 8 | p[at + 1] & 0xFF;
    }
}
