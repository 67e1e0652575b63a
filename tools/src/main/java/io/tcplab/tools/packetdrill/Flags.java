package io.tcplab.tools.packetdrill;

import io.tcplab.stack.wire.TcpHeader;

/**
 * packetdrill's flag letters: S F R P . (ACK) U E (ECE) W (CWR) A (AE, RFC 9768's former NS bit),
 * and, as in Linux's AccECN scripts, at most one digit 0–7 that sets the ACE field (AE, CWR, ECE
 * as a 3-bit number, RFC 9768 §3.2.2): {@code P.5} is PSH, ACK and ACE 5 (AE and ECE).
 */
final class Flags {
    private static final String LETTERS = "SFRP.UEWA";
    private static final int[] BITS = {TcpHeader.SYN, TcpHeader.FIN, TcpHeader.RST, TcpHeader.PSH, TcpHeader.ACK,
            TcpHeader.URG, TcpHeader.ECE, TcpHeader.CWR, TcpHeader.AE};
    private static final String ORDER = "SFRPUEWA."; // the order packetdrill prints them in

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
        int digits = 0;
        for (char c : text.toCharArray()) {
            if (c >= '0' && c <= '7') {
                digits++;
            } else if (LETTERS.indexOf(c) < 0) {
                return false;
            }
        }
        return digits <= 1;
    }

    static int parse(String text) {
        int bits = 0;
        for (char c : text.replace("-", "").toCharArray()) {
            bits |= c >= '0' && c <= '7' ? TcpHeader.aceFlags(c - '0') : BITS[LETTERS.indexOf(c)];
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
