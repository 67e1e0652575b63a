package io.tcplab.stack.cc;

/** Events that some algorithms react to (Linux tcp_ca_event, FreeBSD after_idle/post_recovery). */
public enum CaEvent {
    /** First transmission after the connection was idle (nothing in flight). */
    TX_START_AFTER_IDLE,
    /** The window was restarted after an idle period longer than the RTO (RFC 5681 §4.1). */
    CWND_RESTART,
    /** Fast recovery or loss recovery ended. */
    RECOVERY_EXIT,
    /**
     * An episode that has already reduced ssthresh needs the loss window (one segment, RFC 5681
     * §3.1): a timeout during fast recovery, or a retransmission lost again (TEB's double drop).
     * ssthresh stays.
     */
    LOSS_WINDOW,
    /** The receiver side saw a CE mark (DCTCP receiver state change). */
    CE_RECEIVED,
    /** The receiver side saw a packet without CE after one with it. */
    CE_CLEARED
}
