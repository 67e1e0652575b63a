package io.tcplab.stack.cc;

/** The sender's congestion state, named as in Linux's tcp_ca_state. */
public enum CaState {
    /** Nothing is suspected lost. */
    OPEN,
    /** Duplicate ACKs or SACKs seen, not yet a loss. */
    DISORDER,
    /** Reducing after an ECN echo (RFC 3168 §6.1.2). */
    CWR,
    /** Fast recovery after a loss detected by ACKs or by a per-segment timer. */
    RECOVERY,
    /** Recovering after a retransmission timeout. */
    LOSS
}
