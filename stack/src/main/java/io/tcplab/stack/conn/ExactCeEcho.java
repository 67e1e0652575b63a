package io.tcplab.stack.conn;

/**
 * Whether a connection's receiving side echoes CE exactly (RFC 8257 §3.2, for DCTCP) instead of
 * latching ECE until CWR (RFC 3168 §6.1.3), and whether it asks its peer to. Only with ECN
 * agreed. The ask and the answer are the exact-CE-echo option in the SYN and SYN-ACK; the rule is
 * in docs/stack.md.
 */
public enum ExactCeEcho {
    /** Never: no option sent or answered, and RFC 3168's latched ECE whatever the algorithm. */
    OFF,
    /**
     * The default: asked for in the SYN when the algorithm {@linkplain
     * io.tcplab.stack.cc.CongestionControl#needsExactCeEcho() needs it}, and a peer's ask is
     * answered. Exact when the peer asked or our algorithm needs it (a Linux dctcp receiver does
     * the latter without any option).
     */
    NEGOTIATE,
    /** As if the algorithm needed it: always asked for, and exact on our side whatever the answer. */
    ON
}
