package io.tcplab.stack.cc;

/** What made the stack decide the network is congested. One call per congestion episode. */
public enum CongestionSignal {
    /** Loss inferred from duplicate ACKs or SACK (RFC 5681 §3.2, RFC 6675 §5). */
    DUPTHRESH_LOSS,
    /** Loss inferred by a per-segment timer (TEB, RACK-TLP). */
    TIMER_LOSS,
    /** A retransmission was itself lost (TEB): respond like a timeout. */
    DOUBLE_DROP,
    /** The retransmission timer expired (RFC 6298 §5.4). */
    RTO,
    /** The peer echoed a congestion mark (RFC 3168 §6.1.2). */
    ECN;

    /** Signals whose response collapses the window to the loss window (one segment). */
    public boolean collapsesWindow() {
        return this == RTO || this == DOUBLE_DROP;
    }
}
