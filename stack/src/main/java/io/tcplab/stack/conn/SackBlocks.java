package io.tcplab.stack.conn;

/** The SACK blocks of one arriving segment, unwrapped to 64-bit sequence numbers. Reused. */
final class SackBlocks {
    static final int CAPACITY = 4;
    private final long[] left = new long[CAPACITY];
    private final long[] right = new long[CAPACITY];
    private int count;

    void clear() {
        count = 0;
    }

    void add(long leftEdge, long rightEdge) {
        left[count] = leftEdge;
        right[count] = rightEdge;
        count++;
    }

    int count() {
        return count;
    }

    /** The left edges, valid up to {@link #count()}; the scoreboard reads them in place. */
    long[] lefts() {
        return left;
    }

    long[] rights() {
        return right;
    }
}
