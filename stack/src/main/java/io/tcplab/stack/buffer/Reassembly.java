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
    /** Scratch for {@link #sackBlocks}: indexes of the most recent ranges. */
    private final int[] top;
    private int count;
    private long clock;

    public Reassembly(int maxRanges) {
        if (maxRanges <= 0) {
            throw new IllegalArgumentException("maxRanges must be positive: " + maxRanges);
        }
        left = new long[maxRanges];
        right = new long[maxRanges];
        stamp = new long[maxRanges];
        top = new int[maxRanges];
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
     * One pass over the ranges.
     */
    public int sackBlocks(long[] leftOut, long[] rightOut, int max) {
        int n = Math.min(max, count);
        if (n <= 0) {
            return 0;
        }
        // One pass keeping the n most recent ranges in stamp order (insertion into a short list);
        // most ranges fail the first comparison, so an ACK costs about one look at each range.
        int found = 0;
        for (int i = 0; i < count; i++) {
            long s = stamp[i];
            if (found == n && s <= stamp[top[n - 1]]) {
                continue;
            }
            int j = found < n ? found++ : n - 1;
            while (j > 0 && stamp[top[j - 1]] < s) {
                top[j] = top[j - 1];
                j--;
            }
            top[j] = i;
        }
        for (int k = 0; k < n; k++) {
            leftOut[k] = left[top[k]];
            rightOut[k] = right[top[k]];
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
