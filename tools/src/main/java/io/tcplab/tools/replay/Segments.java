package io.tcplab.tools.replay;

import io.tcplab.tun.InterfaceAddress;
import java.util.Locale;

/** The IP and TCP headers at the start of a packet in one line, for divergence reports. */
final class Segments {
    private Segments() {
    }

    /** {@code seq 1 ack 2 [S.] len 0}, or what can be said of a packet that is not TCP. */
    static String describe(byte[] p, int n) {
        if (n < 20) {
            return "(" + n + " bytes)";
        }
        int version = version(p);
        int total = version == 4 ? u16(p, 2) : 40 + u16(p, 4);
        int t = tcpHeader(p, n);
        if (t < 0) {
            return "(IPv" + version + " protocol " + (version == 4 ? p[9] & 0xFF : p[6] & 0xFF) + ", " + total
                    + " bytes)";
        }
        int tcpHeader = ((p[t + 12] & 0xFF) >> 4) * 4;
        return String.format(Locale.ROOT, "%d > %d seq %d ack %d [%s] win %d len %d", u16(p, t), u16(p, t + 2),
                u32(p, t + 4), u32(p, t + 8), flags(p[t + 13] & 0xFF), u16(p, t + 14), total - t - tcpHeader);
    }

    /** The TCP source ({@code source}) or destination port of a packet, or -1 when it is not TCP. */
    static int port(byte[] p, int n, boolean source) {
        int t = tcpHeader(p, n);
        return t < 0 ? -1 : u16(p, t + (source ? 0 : 2));
    }

    /** Where the TCP header of the first {@code n} bytes of an IPv4 or IPv6 packet starts, or -1 when it is not TCP. */
    private static int tcpHeader(byte[] p, int n) {
        if (n < 20) {
            return -1;
        }
        int version = version(p);
        int ipHeader = version == 4 ? (p[0] & 0x0F) * 4 : 40;
        int protocol = version == 4 ? p[9] & 0xFF : p[6] & 0xFF;
        return protocol == 6 && n >= ipHeader + 20 ? ipHeader : -1;
    }

    private static int version(byte[] p) {
        return (p[0] & 0xFF) >> 4;
    }

    static String deadline(long nanos) {
        return "next deadline " + (nanos == Long.MAX_VALUE ? "none" : millis(nanos));
    }

    static String millis(long nanos) {
        return String.format(Locale.ROOT, "%.6f ms", nanos / 1e6);
    }

    static String address(byte[] a) {
        return a == null ? "(any)" : new InterfaceAddress(a, a.length * 8).addressText();
    }

    private static String flags(int f) {
        StringBuilder b = new StringBuilder();
        String names = "FSRP.UEC"; // tcpdump's letters, bit 0 (FIN) first; '.' is ACK
        for (int i = 0; i < 8; i++) {
            if ((f & (1 << i)) != 0) {
                b.append(names.charAt(i));
            }
        }
        return b.toString();
    }

    private static int u16(byte[] p, int at) {
        return (p[at] & 0xFF) << 8 | p[at + 1] & 0xFF;
    }

    private static long u32(byte[] p, int at) {
        return (long) u16(p, at) << 16 | u16(p, at + 2);
    }
}
