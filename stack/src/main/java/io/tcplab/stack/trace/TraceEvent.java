package io.tcplab.stack.trace;

/** What happened on a connection at one instant. */
public enum TraceEvent {
    /** A new data segment left. */
    SEND,
    /** A segment was sent again. */
    RETRANSMIT,
    /** An ACK advanced SND.UNA or SACKed new data. */
    ACK,
    /**
     * A segment was deemed lost, one row per segment (seq, length); detail names who decided:
     * rack, rfc6675, teb, newreno, rto, pmtu — or "tlp" for a loss a probe repaired (no segment).
     */
    LOSS_DETECTED,
    /** A tail loss probe left (RFC 8985 §7.3); detail "new" or "retransmit". */
    TLP_PROBE,
    /** A double-drop response: retransmissions were deemed lost again (TEB), one row per response; detail names the detector. */
    DOUBLE_DROP,
    /** The retransmission timer expired. */
    RTO,
    /** Fast recovery began. */
    RECOVERY_ENTER,
    /** Fast or timeout recovery ended. */
    RECOVERY_EXIT,
    /** A reduction was found spurious and undone; detail names the detector: eifel, dsack or frto. */
    SPURIOUS_UNDO,
    /** An ACK carried ECE. */
    ECN_ECE,
    /**
     * Accurate ECN (RFC 9768) changed mode; detail: "negotiated", or after an AccECN SYN the
     * fall-back "classic" or "off", or "zeroed" when the first feedback's ACE field was zero
     * (§3.2.2.4: no ECT, no response from then on). Only on connections that ask for or answer AccECN.
     */
    ACCECN,
    /** An ACK fed back newly CE-marked packets by AccECN; length is their bytes, as learned or estimated. */
    ACCECN_CE,
    /** The congestion state changed (detail names the new one). */
    CA_STATE,
    /** The RFC 9293 state changed (detail names the new one). */
    TCP_STATE,
    /** A validated ICMP error reached the connection (detail names the {@code SoftError}, seq the quoted one). */
    ICMP_ERROR,
    /** Path MTU discovery lowered the send MSS (length is the new MSS). */
    PMTU
}
