package io.tcplab.stack.recovery;

/** Which delivered segment's RTT RACK's reordering wait (RACK.rtt + reo_wnd) is measured with. */
public enum RackRtt {
    /** RFC 8985 §6.2 step 2: the most recently sent of the segments the ACK delivered. */
    NEWEST,
    /**
     * Linux's tcp_rack_advance (net/ipv4/tcp_recovery.c, 4.15 to 6.x): every delivered segment that
     * is not an ambiguous retransmission overwrites rack.rtt_us, so the last one tagged wins — the
     * highest cumulatively acknowledged, else the highest SACKed — while only the send time
     * advances monotonically.
     */
    LAST
}
