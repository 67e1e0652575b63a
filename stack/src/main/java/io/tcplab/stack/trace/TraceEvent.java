package io.tcplab.stack.trace;

/** What happened on a connection at one instant. */
public enum TraceEvent {
    /** A new data segment left. */
    SEND,
    /** A segment was sent again. */
    RETRANSMIT,
    /** An ACK advanced SND.UNA or SACKed new data. */
    ACK,
    /** Loss was inferred for a segment (dupthresh, SACK, timer). */
    LOSS_DETECTED,
    /** The retransmission timer expired. */
    RTO,
    /** Fast recovery began. */
    RECOVERY_ENTER,
    /** Fast or timeout recovery ended. */
    RECOVERY_EXIT,
    /** A reduction was found spurious and undone. */
    SPURIOUS_UNDO,
    /** An ACK carried ECE. */
    ECN_ECE,
    /** The congestion state changed (detail names the new one). */
    CA_STATE,
    /** The RFC 9293 state changed (detail names the new one). */
    TCP_STATE,
    /** A validated ICMP error reached the connection (detail names the {@code SoftError}, seq the quoted one). */
    ICMP_ERROR,
    /** Path MTU discovery lowered the send MSS (length is the new MSS). */
    PMTU
}
