package io.tcplab.stack.rtt;

/** What the minimum RTO bounds. */
public enum RtoMinimum {
    /** The RTO itself: RTO = max(SRTT + max(G, 4·RTTVAR), minimum) (RFC 6298 §2.4). */
    RTO,
    /**
     * The variance term: RTO = SRTT + max(G, 4·RTTVAR, minimum), as Linux's tcp_set_rto adds
     * rttvar_us, which tcp_rtt_estimator keeps at least tcp_rto_min (net/ipv4/tcp_input.c, 6.x).
     * Linux's variance term is the largest mean deviation of the last round (mdev_max_us); this
     * one is RFC 6298's RTTVAR, the same while 4·RTTVAR stays under the minimum.
     */
    VARIANCE
}
