package io.tcplab.stack.conn;

/**
 * RFC 9768's handshake encoding: which (AE,CWR,ECE) value feeds back which IP-ECN codepoint on
 * the SYN-ACK (table 2, top block: the SYN's) and on the ACK of the SYN-ACK (table 3: the
 * SYN-ACK's). Codepoints as in the IP header (RFC 3168 §5): 0 Not-ECT, 1 ECT(1), 2 ECT(0), 3 CE.
 */
final class HandshakeEncoding {
    /** ACE values by codepoint: Not-ECT 0b010, ECT(1) 0b011, ECT(0) 0b100, CE 0b110. */
    private static final int[] ACE_OF = {0b010, 0b011, 0b100, 0b110};

    private HandshakeEncoding() {
    }

    static int aceOf(int ipEcn) {
        return ACE_OF[ipEcn & 3];
    }

    /** The codepoint an ACE value of the handshake encoding feeds back, or -1 for the values it does not use. */
    static int ipEcnOf(int ace) {
        for (int codepoint = 0; codepoint < ACE_OF.length; codepoint++) {
            if (ACE_OF[codepoint] == ace) {
                return codepoint;
            }
        }
        return -1;
    }
}
