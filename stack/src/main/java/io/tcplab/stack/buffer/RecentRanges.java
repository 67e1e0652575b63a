package io.tcplab.stack.buffer;

/**
 * The few ranges changed most recently, newest first: RFC 2018 §4 wants the first SACK block to
 * hold the segment just received and the next ones to repeat the most recently reported ranges.
 * A fixed short list of node ids, so an ACK costs the same at 10 ranges or 10,000.
 */
final class RecentRanges {
    /** RFC 2018 §3: at most four SACK blocks fit in the options (three beside timestamps). */
    static final int SIZE = 4;

    private final int[] nodes = new int[SIZE];
    private int count;

    int count() { return count; }

    int get(int i) { return nodes[i]; }

    boolean contains(int node) {
        return indexOf(node) >= 0;
    }

    /** Makes node the most recent, shifting the others down (the oldest falls off a full list). */
    void touch(int node) {
        int i = indexOf(node);
        if (i < 0) {
            i = Math.min(count, SIZE - 1);
            count = Math.min(count + 1, SIZE);
        }
        System.arraycopy(nodes, 0, nodes, 1, i);
        nodes[0] = node;
    }

    /** Forgets a node that left the set (merged away or now in order). */
    void forget(int node) {
        int i = indexOf(node);
        if (i >= 0) {
            System.arraycopy(nodes, i + 1, nodes, i, count - i - 1);
            count--;
        }
    }

    private int indexOf(int node) {
        for (int i = 0; i < count; i++) {
            if (nodes[i] == node) {
                return i;
            }
        }
        return -1;
    }
}
