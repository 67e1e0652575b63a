package io.tcplab.stack.conn;

/**
 * The per-connection timers; each has its own deadline, so none excludes another. Timers due at
 * the same instant run in this order.
 */
enum TimerKind {
    /**
     * The loss detector's timer: RACK's reordering timer or TLP's probe timeout (RFC 8985), or
     * TEB's deadline. Before the RTO: a probe timeout cut to the RTO's deadline is sent in the
     * RTO's place, which it re-arms (RFC 8985 §7.2, §7.3; Linux "If RTO is shorter, just schedule
     * TLP in its place").
     */
    LOSS_DETECTION,
    /** Retransmission timeout (RFC 6298), also for SYN and FIN. */
    RTO,
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
