package io.tcplab.cc;

/**
 * BBR v1's long-term bandwidth, Linux tcp_bbr.c's answer to a token-bucket policer
 * (bbr_lt_bw_sampling): once losses start, the delivery rate is measured over intervals of 4 to
 * 16 round trips; an interval that lost at least 50/256 (about 20 %) of what it delivered ends
 * with its average rate, and when two such intervals in a row agree (within 1/8, or 4 kbit/s) the
 * flow paces at their mean, with a gain of 1, for 48 round trips of PROBE_BW — it stops probing
 * above a rate that something on the path enforces by dropping. An app-limited sample, an
 * interval longer than 16 rounds or an undo starts over.
 */
final class BbrLongTermBw {
    static final int INTERVAL_MIN_ROUNDS = 4;      // bbr_lt_intvl_min_rtts
    static final double LOSS_THRESH = 50 / 256.0;  // bbr_lt_loss_thresh
    static final double BW_RATIO = 1 / 8.0;        // bbr_lt_bw_ratio
    static final long BW_DIFF = 4000 / 8;          // bbr_lt_bw_diff: 4 kbit/s, in bytes per second
    static final int MAX_ROUNDS = 48;              // bbr_lt_bw_max_rtts

    /** What one sample did to the long-term mode. */
    enum Change { NONE, STARTED, ENDED }

    private boolean sampling;
    private boolean inUse;
    private long bw;
    private long intervalStart;
    private long intervalDelivered;
    private long intervalLost;
    private int rounds;

    /** Whether the flow paces at the long-term rate. */
    boolean inUse() {
        return inUse;
    }

    /** The long-term rate in bytes per second (0 before an interval ended). */
    long bw() {
        return bw;
    }

    /** Forgets the long-term rate and stops sampling (bbr_reset_lt_bw_sampling). */
    void reset(long now, long delivered, long lost) {
        bw = 0;
        inUse = false;
        sampling = false;
        startInterval(now, delivered, lost);
    }

    private void startInterval(long now, long delivered, long lost) {
        intervalStart = now;
        intervalDelivered = delivered;
        intervalLost = lost;
        rounds = 0;
    }

    /**
     * One rate sample at {@code now} with these totals; {@code losses} of them newly lost by it.
     * {@code probeBw}: the algorithm is in PROBE_BW (where the long-term mode may end).
     */
    Change onSample(long now, long delivered, long lost, long losses, boolean appLimited, boolean roundStart,
                    boolean probeBw) {
        if (inUse) {
            if (probeBw && roundStart && ++rounds >= MAX_ROUNDS) {
                reset(now, delivered, lost);
                return Change.ENDED;
            }
            return Change.NONE;
        }
        if (!sampling) {
            if (losses == 0) {
                return Change.NONE;
            }
            startInterval(now, delivered, lost);
            sampling = true;
        }
        if (appLimited) {
            reset(now, delivered, lost);
            return Change.NONE;
        }
        if (roundStart) {
            rounds++;
        }
        if (rounds < INTERVAL_MIN_ROUNDS) {
            return Change.NONE;
        }
        if (rounds > 4 * INTERVAL_MIN_ROUNDS) {
            reset(now, delivered, lost);
            return Change.NONE;
        }
        if (losses == 0) {
            return Change.NONE; // an interval ends at a loss
        }
        long intervalDeliveredBytes = delivered - intervalDelivered;
        if (intervalDeliveredBytes <= 0 || lost - intervalLost < LOSS_THRESH * intervalDeliveredBytes) {
            return Change.NONE;
        }
        long elapsed = now - intervalStart;
        if (elapsed < 1_000_000L) {
            return Change.NONE; // Linux measures in milliseconds: at least one
        }
        return intervalDone((long) (intervalDeliveredBytes * 1e9 / elapsed), now, delivered, lost);
    }

    /** bbr_lt_bw_interval_done: two lossy intervals that agree make the long-term rate their mean. */
    private Change intervalDone(long intervalBw, long now, long delivered, long lost) {
        if (bw > 0) {
            long diff = Math.abs(intervalBw - bw);
            if (diff <= BW_RATIO * bw || diff <= BW_DIFF) {
                bw = (intervalBw + bw) / 2;
                inUse = true;
                rounds = 0;
                return Change.STARTED;
            }
        }
        bw = intervalBw;
        startInterval(now, delivered, lost);
        return Change.NONE;
    }
}
