package io.tcplab.cc;

/**
 * The largest value seen in the last {@code rounds} round trips, exactly: one slot per round in a
 * ring. BBR's BtlBw filter (Linux uses Kathleen Nichols' three-sample approximation, win_minmax;
 * ten slots are cheap enough to keep exact). BBRv3 keys it by ProbeBW cycle instead of round for
 * max_bw, and reads its extra_acked filter over a shorter window in Startup. No allocation after
 * construction.
 */
final class RoundMaxFilter {
    private final long[] max;
    private final long[] roundOf;

    RoundMaxFilter(int rounds) {
        max = new long[rounds];
        roundOf = new long[rounds];
        java.util.Arrays.fill(roundOf, -1);
    }

    void update(long round, long value) {
        int slot = (int) (round % max.length);
        if (roundOf[slot] != round) {
            roundOf[slot] = round;
            max[slot] = value;
        } else if (value > max[slot]) {
            max[slot] = value;
        }
    }

    /** The maximum over the window ending at {@code round}, or 0 when empty. */
    long get(long round) {
        return get(round, max.length);
    }

    /** The maximum over the last {@code window} rounds ending at {@code round} (at most the filter's length). */
    long get(long round, int window) {
        long best = 0;
        for (int i = 0; i < max.length; i++) {
            if (roundOf[i] >= 0 && round - roundOf[i] < window && max[i] > best) {
                best = max[i];
            }
        }
        return best;
    }

    void reset() {
        java.util.Arrays.fill(roundOf, -1);
    }
}
