package io.tcplab.stack.conn;

/** The per-connection timers; each has its own deadline, so none excludes another. */
enum TimerKind {
    /** Retransmission timeout (RFC 6298), also for SYN and FIN. */
    RTO,
    /** The loss detector's timer: RACK's reordering timer or TLP's probe timeout (RFC 8985), or TEB's deadline. */
    LOSS_DETECTION,
    /** The earliest departure of the next paced segment. */
    PACING,
    /** Delayed ACK (RFC 5681 §4.2, RFC 9293 §3.8.6.3). */
    DELAYED_ACK,
    /** Zero-window probing (RFC 9293 §3.8.6.1). */
    PERSIST,
    /** Keep-alive probing (RFC 9293 §3.8.4). */
    KEEPALIVE,
    /** TIME-WAIT 2*MSL, and the FIN-WAIT-2 orphan limit. */
    TIME_WAIT
}
