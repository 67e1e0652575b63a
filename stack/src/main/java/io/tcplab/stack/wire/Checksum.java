package io.tcplab.stack.wire;

import io.netty.buffer.ByteBuf;

/**
 * The Internet checksum (RFC 1071): one's-complement sum of 16-bit big-endian words.
 *
 * <p>Partial sums are carried as 32-bit one's-complement values (end-around carry at bit 32).
 * Because 2^32 - 1 is a multiple of 2^16 - 1, folding such a value to 16 bits gives the same
 * result as summing 16-bit words directly (RFC 1071 §2(B), "byte order independence" and
 * "parallel summation"), so partial sums over pieces starting at even offsets may be chained
 * through {@code initial}.
 */
public final class Checksum {
    private static final int PROTOCOL_TCP = 6;

    private Checksum() {}

    /**
     * Adds {@code length} bytes of {@code buf} from absolute {@code offset} to the partial sum
     * {@code initial}. An odd trailing byte is padded with a zero byte (RFC 1071 §1). The piece
     * must start at an even distance from the start of the checksummed data.
     */
    public static int sum(ByteBuf buf, int offset, int length, int initial) {
        long acc = initial & 0xffffffffL;
        int i = offset;
        int end = offset + length;
        // Two 32-bit words per read; the long cannot overflow before ~8 GB of input.
        for (; i + 8 <= end; i += 8) {
            long v = buf.getLong(i);
            acc += (v >>> 32) + (v & 0xffffffffL);
        }
        if (i + 4 <= end) {
            acc += buf.getUnsignedInt(i);
            i += 4;
        }
        if (i + 2 <= end) {
            acc += buf.getUnsignedShort(i);
            i += 2;
        }
        if (i < end) {
            acc += (buf.getUnsignedByte(i) << 8);
        }
        return foldTo32(acc);
    }

    /** Folds a partial sum to 16 bits and complements it: the value to put in a checksum field. */
    public static short fold(int sum) {
        int s = (sum >>> 16) + (sum & 0xffff);
        s = (s >>> 16) + (s & 0xffff);
        return (short) ~s;
    }

    /**
     * Partial sum of the IPv4 TCP pseudo header (RFC 9293 §3.1): source and destination
     * address read from the IPv4 header at {@code ipOffset}, zero, protocol 6, TCP length.
     */
    public static int pseudoHeaderV4(ByteBuf ip, int ipOffset, int tcpLength) {
        long acc = ip.getUnsignedInt(ipOffset + 12) + ip.getUnsignedInt(ipOffset + 16);
        acc += PROTOCOL_TCP + (tcpLength & 0xffffL);
        return foldTo32(acc);
    }

    /**
     * Partial sum of the IPv6 upper-layer pseudo header (RFC 8200 §8.1): source and
     * destination address read from the IPv6 header at {@code ipOffset}, 32-bit upper-layer
     * length, next header 6.
     */
    public static int pseudoHeaderV6(ByteBuf ip, int ipOffset, int tcpLength) {
        int addresses = sum(ip, ipOffset + 8, 32, 0);
        long acc = (addresses & 0xffffffffL) + PROTOCOL_TCP + (tcpLength & 0xffffffffL);
        return foldTo32(acc);
    }

    /** Partial sum of the pseudo header matching the wrapped packet's IP version. */
    public static int pseudoHeader(IpPacket ip) {
        return ip.version() == 4
                ? pseudoHeaderV4(ip.buffer(), ip.headerOffset(), ip.transportLength())
                : pseudoHeaderV6(ip.buffer(), ip.headerOffset(), ip.transportLength());
    }

    /** True when the TCP checksum of a successfully wrapped packet verifies. */
    public static boolean tcpChecksumOk(IpPacket ip) {
        int s = sum(ip.buffer(), ip.transportOffset(), ip.transportLength(), pseudoHeader(ip));
        // Data including a correct checksum sums to 0xffff, whose complement is zero.
        return fold(s) == 0;
    }

    private static int foldTo32(long acc) {
        acc = (acc >>> 32) + (acc & 0xffffffffL);
        acc = (acc >>> 32) + (acc & 0xffffffffL);
        return (int) acc;
    }
}
