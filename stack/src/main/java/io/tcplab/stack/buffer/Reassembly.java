package io.tcplab.stack.buffer;

/**
 * The out-of-order ranges a receiver holds above RCV.NXT: sorted, disjoint, never adjacent
 * (touching ranges merge), at most {@code maxRanges} of them. Each range carries a recency
 * stamp so SACK blocks can be reported most recently changed first (RFC 2018 §4).
 * Preallocated arrays; no allocation after construction.
 */
public final class Reassembly {
    /** {@link #add}: the range added bytes to the set (new range, grown or merged ones). */
    public static final int ADDED = 0;
    /** {@link #add}: every byte was already held; the holding range became the most recent. */
    public static final int DUPLICATE = 1;
    /** {@link #add}: it would need one more range than allowed, so nothing changed. */
    public static final int REJECTED = 2;

    private final long[] left;
    private final long[] right;
    private final long[] stamp;
    private int count;
    private long clock;

    public Reassembly(int maxRanges) {
        if (maxRanges <= 0) {
            throw new IllegalArgumentException("maxRanges must be positive: " + maxRanges);
        }
        left = new long[maxRanges];
        right = new long[maxRanges];
        stamp = new long[maxRanges];
    }

    /** Adds [l, r) (l &lt; r); returns {@link #ADDED}, {@link #DUPLICATE} or {@link #REJECTED}. */
    public int add(long l, long r) {
        int i = 0;
        while (i < count && right[i] < l) {
            i++;
        }
        int j = i; // one past the last range that overlaps or touches [l, r)
        while (j < count && left[j] <= r) {
            j++;
        }
        if (i == j) {
            if (count == left.length) {
                return REJECTED;
            }
            shift(i, i + 1);
            set(i, l, r);
            return ADDED;
        }
        if (j == i + 1 && left[i] <= l && right[i] >= r) {
            stamp[i] = ++clock;
            return DUPLICATE;
        }
        set(i, Math.min(l, left[i]), Math.max(r, right[j - 1]));
        shift(j, i + 1);
        return ADDED;
    }

    /**
     * Removes the ranges that start at or below rcvNxt, now in order, and returns RCV.NXT moved
     * past them.
     */
    public long absorb(long rcvNxt) {
        int n = 0;
        while (n < count && left[n] <= rcvNxt) {
            rcvNxt = Math.max(rcvNxt, right[n]);
            n++;
        }
        shift(n, 0);
        return rcvNxt;
    }

    /** Index of the lowest range sharing a byte with [l, r), or -1. */
    public int firstOverlap(long l, long r) {
        for (int i = 0; i < count && left[i] < r; i++) {
            if (right[i] > l) {
                return i;
            }
        }
        return -1;
    }

    /**
     * Writes up to max ranges, most recently changed first (RFC 2018 §4), and returns how many.
     * Cost O(max · ranges), both small and bounded.
     */
    public int sackBlocks(long[] leftOut, long[] rightOut, int max) {
        int n = Math.min(max, count);
        long below = Long.MAX_VALUE;
        for (int k = 0; k < n; k++) {
            int best = -1;
            for (int i = 0; i < count; i++) {
                if (stamp[i] < below && (best < 0 || stamp[i] > stamp[best])) {
                    best = i;
                }
            }
            leftOut[k] = left[best];
            rightOut[k] = right[best];
            below = stamp[best];
        }
        return n;
    }

    public int count() { return count; }

    public boolean isEmpty() { return count == 0; }

    public long left(int i) { return left[i]; }

    public long right(int i) { return right[i]; }

    private void set(int i, long l, long r) {
        left[i] = l;
        right[i] = r;
        stamp[i] = ++clock;
    }

    /** Moves ranges [from, count) to start at index to, adjusting count. */
    private void shift(int from, int to) {
        int moved = count - from;
        System.arraycopy(left, from, left, to, moved);
        System.arraycopy(right, from, right, to, moved);
        System.arraycopy(stamp, from, stamp, to, moved);
        count = to + moved;
    }
}
