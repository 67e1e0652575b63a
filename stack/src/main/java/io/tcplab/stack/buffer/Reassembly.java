package io.tcplab.stack.buffer;

/**
 * The out-of-order ranges a receiver holds above RCV.NXT: sorted, disjoint, never adjacent
 * (touching ranges merge). Their bytes are bounded by the window they were written into, not by
 * a small count of ranges: one slow-start overshoot into a drop-tail queue leaves thousands of
 * holes, and data dropped unSACKed stalls the sender until its RTO. The count is capped only by
 * {@code maxRanges}, a memory budget against a peer that sends tiny segments with gaps.
 *
 * <p>Ranges sit in a {@link RangeTree} (O(log n) per add, merge or absorb); the few changed most
 * recently are kept apart for SACK (RFC 2018 §4), so an ACK never walks all the ranges.
 */
public final class Reassembly {
    /** {@link #add}: the range added bytes to the set (new range, grown or merged ones). */
    public static final int ADDED = 0;
    /** {@link #add}: every byte was already held; the holding range became the most recent. */
    public static final int DUPLICATE = 1;
    /** {@link #add}: it would need one more range than the budget allows, so nothing changed. */
    public static final int REJECTED = 2;

    private final RangeTree ranges;
    private final RecentRanges recent = new RecentRanges();
    private long bytes;

    public Reassembly(int maxRanges) {
        ranges = new RangeTree(maxRanges);
    }

    /** Adds [l, r) (l &lt; r); returns {@link #ADDED}, {@link #DUPLICATE} or {@link #REJECTED}. */
    public int add(long l, long r) {
        // The ranges that overlap or touch [l, r] are contiguous and end with the last one starting at or below r.
        int last = ranges.floor(r);
        if (last == RangeTree.NIL || ranges.right(last) < l) {
            int node = ranges.insert(l, r);
            if (node == RangeTree.NIL) {
                return REJECTED;
            }
            bytes += r - l;
            recent.touch(node);
            return ADDED;
        }
        if (ranges.left(last) <= l && ranges.right(last) >= r) {
            recent.touch(last);
            return DUPLICATE;
        }
        long newRight = Math.max(r, ranges.right(last));
        long held = 0;
        int keep = last;
        // Walk down, removing every range but the lowest of the run; each range is removed once, so amortized O(log n).
        for (int below = ranges.lower(ranges.left(keep)); below != RangeTree.NIL && ranges.right(below) >= l;
                below = ranges.lower(ranges.left(keep))) {
            held += ranges.right(keep) - ranges.left(keep);
            discard(keep);
            keep = below;
        }
        held += ranges.right(keep) - ranges.left(keep);
        long newLeft = Math.min(l, ranges.left(keep));
        ranges.setEdges(keep, newLeft, newRight);
        bytes += (newRight - newLeft) - held;
        recent.touch(keep);
        return ADDED;
    }

    /**
     * Removes the ranges that start at or below rcvNxt, now in order, and returns RCV.NXT moved
     * past them.
     */
    public long absorb(long rcvNxt) {
        for (int node = ranges.first(); node != RangeTree.NIL && ranges.left(node) <= rcvNxt; node = ranges.first()) {
            rcvNxt = Math.max(rcvNxt, ranges.right(node));
            bytes -= ranges.right(node) - ranges.left(node);
            discard(node);
        }
        return rcvNxt;
    }

    /** Node of the lowest range sharing a byte with [l, r), or -1; read it with {@link #left}/{@link #right}. */
    public int firstOverlap(long l, long r) {
        int node = ranges.floor(l);
        if (node == RangeTree.NIL || ranges.right(node) <= l) {
            node = ranges.higher(l);
        }
        return node != RangeTree.NIL && ranges.left(node) < r && ranges.right(node) > l ? node : -1;
    }

    /**
     * Writes up to max ranges and returns how many: the most recently changed first (RFC 2018 §4),
     * then, if max asks for more, the highest others. Costs O(max · log n), not O(n).
     */
    public int sackBlocks(long[] leftOut, long[] rightOut, int max) {
        int n = 0;
        for (int i = 0; i < recent.count() && n < max; i++, n++) {
            leftOut[n] = ranges.left(recent.get(i));
            rightOut[n] = ranges.right(recent.get(i));
        }
        if (n < max && n < ranges.size()) {
            for (int node = ranges.floor(Long.MAX_VALUE); node != RangeTree.NIL && n < max;
                    node = ranges.lower(ranges.left(node))) {
                if (!recent.contains(node)) {
                    leftOut[n] = ranges.left(node);
                    rightOut[n] = ranges.right(node);
                    n++;
                }
            }
        }
        return n;
    }

    public int count() { return ranges.size(); }

    public boolean isEmpty() { return ranges.size() == 0; }

    /** Bytes held out of order: never more than the window they were accepted into. */
    public long bytes() { return bytes; }

    /** Ranges the structure has memory for (grows by doubling with the peak count of holes). */
    public int capacity() { return ranges.capacity(); }

    public long left(int node) { return ranges.left(node); }

    public long right(int node) { return ranges.right(node); }

    private void discard(int node) {
        recent.forget(node);
        ranges.remove(node);
    }
}
