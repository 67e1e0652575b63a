package io.tcplab.tools.packetdrill;

import io.tcplab.stack.wire.TcpHeader;

/** packetdrill's flag letters: S F R P . (ACK) U E (ECE) W (CWR). */
final class Flags {
    private static final String LETTERS = "SFRP.UEW";
    private static final int[] BITS = {TcpHeader.SYN, TcpHeader.FIN, TcpHeader.RST, TcpHeader.PSH, TcpHeader.ACK,
            TcpHeader.URG, TcpHeader.ECE, TcpHeader.CWR};
    private static final String ORDER = "SFRPUEW."; // the order packetdrill prints them in

    private Flags() {
    }

    /** {@code -} is a segment with no flags at all. */
    static boolean valid(String text) {
        if (text.equals("-")) {
            return true;
        }
        if (text.isEmpty()) {
            return false;
        }
        for (char c : text.toCharArray()) {
            if (LETTERS.indexOf(c) < 0) {
                return false;
            }
        }
        return true;
    }

    static int parse(String text) {
        int bits = 0;
        for (char c : text.replace("-", "").toCharArray()) {
            bits |= BITS[LETTERS.indexOf(c)];
        }
        return bits;
    }

    static String render(int bits) {
        StringBuilder s = new StringBuilder();
        for (char c : ORDER.toCharArray()) {
            if ((bits & BITS[LETTERS.indexOf(c)]) != 0) {
                s.append(c);
            }
        }
        return s.length() == 0 ? "-" : s.toString();
    }
}
