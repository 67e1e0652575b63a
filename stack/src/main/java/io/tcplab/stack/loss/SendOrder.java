package io.tcplab.stack.loss;

/**
 * The segments in flight (not SACKed, not lost unless retransmitted since) in the order they were last (re)transmitted: a doubly
 * linked list over segment ordinals, so the earliest send time is always at the head (RFC 7765
 * RTO restart, timer-based loss detection) and each send, retransmit or removal is O(1).
 */
final class SendOrder {
    private static final long NONE = -1;

    private long[] prev;
    private long[] next;
    private int mask;
    private long head = NONE;
    private long tail = NONE;

    SendOrder(int capacity) {
        prev = new long[capacity];
        next = new long[capacity];
        mask = capacity - 1;
    }

    /** The ordinal sent longest ago, or -1. */
    long first() {
        return head;
    }

    /** The ordinal sent after o, or -1. */
    long next(long o) {
        return next[slot(o)];
    }

    /** Appends o as the most recently sent. */
    void append(long o) {
        prev[slot(o)] = tail;
        next[slot(o)] = NONE;
        if (tail == NONE) {
            head = o;
        } else {
            next[slot(tail)] = o;
        }
        tail = o;
    }

    void remove(long o) {
        long p = prev[slot(o)];
        long n = next[slot(o)];
        if (p == NONE) {
            head = n;
        } else {
            next[slot(p)] = n;
        }
        if (n == NONE) {
            tail = p;
        } else {
            prev[slot(n)] = p;
        }
    }

    /** Moves o to the tail: it was just retransmitted. */
    void moveToTail(long o) {
        if (o != tail) {
            remove(o);
            append(o);
        }
    }

    void clear() {
        head = tail = NONE;
    }

    /** Rebuilds the list from ordinals already sorted by send time (rare: SACK reneging). */
    void rebuild(long[] sortedOrdinals, int n) {
        clear();
        for (int i = 0; i < n; i++) {
            append(sortedOrdinals[i]);
        }
    }

    void grow(long firstOrdinal, int count, int newMask) {
        prev = Rings.grow(prev, firstOrdinal, count, mask, newMask);
        next = Rings.grow(next, firstOrdinal, count, mask, newMask);
        mask = newMask;
    }

    private int slot(long o) {
        return (int) (o & mask);
    }
}
