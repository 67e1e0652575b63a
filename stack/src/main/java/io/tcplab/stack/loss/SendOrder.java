package io.tcplab.stack.loss;

/**
 * The segments in flight (not SACKed, not lost unless retransmitted since) in the order they were last (re)transmitted: a doubly
 * linked list over segment ordinals, so the earliest send time is always at the head (RFC 7765
 * RTO restart, timer-based loss detection) and each send, retransmit or removal is O(1).
 */
final class SendOrder {
    private static final long NONE = -1;

    /** Per slot the previous and the next ordinal, side by side: a removal touches one record per node. */
    private long[] links;
    private int mask;
    private long head = NONE;
    private long tail = NONE;

    SendOrder(int capacity) {
        links = new long[2 * capacity];
        mask = capacity - 1;
    }

    /** The ordinal sent longest ago, or -1. */
    long first() {
        return head;
    }

    /** The ordinal sent after o, or -1. */
    long next(long o) {
        return nextOf(o);
    }

    /** Appends o as the most recently sent. */
    void append(long o) {
        setPrev(o, tail);
        setNext(o, NONE);
        if (tail == NONE) {
            head = o;
        } else {
            setNext(tail, o);
        }
        tail = o;
    }

    void remove(long o) {
        long p = prevOf(o);
        long n = nextOf(o);
        if (p == NONE) {
            head = n;
        } else {
            setNext(p, n);
        }
        if (n == NONE) {
            tail = p;
        } else {
            setPrev(n, p);
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
        links = Rings.grow(links, 2, firstOrdinal, count, mask, newMask);
        mask = newMask;
    }

    private long prevOf(long o) {
        return links[2 * slot(o)];
    }

    private long nextOf(long o) {
        return links[2 * slot(o) + 1];
    }

    private void setPrev(long o, long p) {
        links[2 * slot(o)] = p;
    }

    private void setNext(long o, long n) {
        links[2 * slot(o) + 1] = n;
    }

    private int slot(long o) {
        return (int) (o & mask);
    }
}
