package io.tcplab.cc;

/**
 * BBRv3's estimate of ACK aggregation (draft-ietf-ccwg-bbr-06 §5.5.9 UpdateACKAggregation): the
 * data acknowledged beyond bw × the time since the interval began, at most cwnd, kept as a max
 * over 10 round trips (1 in Startup); the interval restarts when ACKs fall behind bw. Unlike
 * v1's (Linux's two 5-round windows, capped at 100 ms of data) this is the draft's filter.
 */
final class Bbr3ExtraAcked {
    static final int FILTER_ROUNDS = 10;

    private final RoundMaxFilter filter = new RoundMaxFilter(FILTER_ROUNDS);
    private long intervalStart;
    private long deliveredInInterval;

    /** A new interval from {@code now} (connection start, restart from idle). */
    void restart(long now) {
        intervalStart = now;
    }

    /** Takes one ACK's newly acknowledged bytes; returns BBR.extra_acked. */
    long update(long now, long bw, long newlyAcked, long cwnd, long round, boolean fullBwReached) {
        long expected = (long) (bw * ((now - intervalStart) / 1e9));
        if (deliveredInInterval <= expected) {
            deliveredInInterval = 0;
            intervalStart = now;
            expected = 0;
        }
        deliveredInInterval += newlyAcked;
        long extra = Math.min(deliveredInInterval - expected, cwnd);
        filter.update(round, extra);
        return filter.get(round, fullBwReached ? FILTER_ROUNDS : 1);
    }
}
