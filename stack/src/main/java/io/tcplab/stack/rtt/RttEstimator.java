package io.tcplab.stack.rtt;

/**
 * RFC 6298 round-trip time estimator and retransmission timeout, in nanoseconds.
 * The caller applies Karn's rule (RFC 6298 §3): it feeds only samples from segments that were
 * not retransmitted, or that timestamps disambiguate (RFC 7323).
 */
public final class RttEstimator {
    private static final int MAX_BACKOFF_SHIFT = 30; // far beyond any max RTO; keeps the shift safe

    private final long minRto;
    private final long maxRto;
    private final long granularity;
    private final RtoMinimum bounds;

    private long srtt = -1;
    private long rttvar;
    private long latestRtt = -1;
    private long minRtt = -1;
    private long baseRto;
    private int backoffCount;

    public RttEstimator(long initialRtoNanos, long minRtoNanos, long maxRtoNanos, long granularityNanos) {
        this(initialRtoNanos, minRtoNanos, maxRtoNanos, granularityNanos, RtoMinimum.RTO);
    }

    /** With the minimum RTO bounding {@code bounds}: the RTO (RFC 6298) or its variance term (Linux). */
    public RttEstimator(long initialRtoNanos, long minRtoNanos, long maxRtoNanos, long granularityNanos,
                        RtoMinimum bounds) {
        this.bounds = bounds;
        if (minRtoNanos <= 0 || maxRtoNanos < minRtoNanos || granularityNanos < 0 || initialRtoNanos <= 0) {
            throw new IllegalArgumentException("need 0 < min <= max RTO, initial > 0, granularity >= 0");
        }
        this.minRto = minRtoNanos;
        this.maxRto = maxRtoNanos;
        this.granularity = granularityNanos;
        this.baseRto = clamp(initialRtoNanos);
    }

    /**
     * Takes one RTT measurement (RFC 6298 §2.2, §2.3). Negative values are ignored: they can
     * only come from a peer echoing a bogus timestamp. A sample also ends any backoff (§5.7).
     */
    public void sample(long rttNanos) {
        if (rttNanos < 0) {
            return;
        }
        latestRtt = rttNanos;
        if (minRtt < 0 || rttNanos < minRtt) {
            minRtt = rttNanos;
        }
        if (srtt < 0) {
            srtt = rttNanos;
            rttvar = rttNanos / 2;
        } else {
            // §2.3: RTTVAR first, with the old SRTT; beta = 1/4, alpha = 1/8.
            rttvar = (3 * rttvar + Math.abs(srtt - rttNanos)) / 4;
            srtt = (7 * srtt + rttNanos) / 8;
        }
        backoffCount = 0;
        updateRto();
    }

    /** RFC 6298 §5.5: the timer expired, double the RTO up to the maximum. */
    public void backoff() {
        if (rto() < maxRto && backoffCount < MAX_BACKOFF_SHIFT) {
            backoffCount++;
        }
    }

    /**
     * Eifel response (RFC 4015 §4): the caller has decided the timeout was spurious and computed
     * the SRTT and RTTVAR to resume with; the RTO is recomputed from them and the backoff ends.
     */
    public void restoreForUndo(long srttNanos, long rttvarNanos) {
        srtt = srttNanos;
        rttvar = rttvarNanos;
        backoffCount = 0;
        updateRto();
    }

    /**
     * RFC 6298 (5.7): the SYN was retransmitted and gave no sample, so data starts from this RTO
     * (3 s) if the current one is smaller. No effect once a sample has been taken.
     */
    public void raiseInitialRto(long rtoNanos) {
        if (srtt < 0 && rto() < rtoNanos) {
            baseRto = clamp(rtoNanos);
            backoffCount = 0;
        }
    }

    /** Smoothed RTT, or -1 before the first sample. */
    public long srtt() { return srtt; }

    /** RTT variation (0 before the first sample). */
    public long rttvar() { return rttvar; }

    /** The current RTO including backoff, within [min, max]. */
    public long rto() {
        long shifted = baseRto << backoffCount;
        return (shifted >>> backoffCount) != baseRto || shifted > maxRto ? maxRto : shifted;
    }

    /** The most recent sample, or -1 before the first. */
    public long latestRtt() { return latestRtt; }

    /** The smallest sample over the connection's life, or -1 before the first. */
    public long minRtt() { return minRtt; }

    /** How many times the RTO has been doubled since the last sample. */
    public int backoffCount() { return backoffCount; }

    private void updateRto() {
        // §2.2/§2.3: RTO = SRTT + max(G, K*RTTVAR), K = 4; §2.4/§2.5 bounds (or the minimum in the variance term)
        long variance = Math.max(granularity, 4 * rttvar);
        baseRto = clamp(srtt + (bounds == RtoMinimum.VARIANCE ? Math.max(variance, minRto) : variance));
    }

    private long clamp(long rto) {
        return Math.min(maxRto, Math.max(minRto, rto));
    }
}
