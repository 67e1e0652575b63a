package io.tcplab.stack.buffer;

import java.util.Arrays;

/**
 * An ordered set of disjoint byte ranges [left, right), keyed by left edge: an AVL tree whose nodes
 * live in primitive arrays, so lookups, inserts and removals cost O(log n) at any number of holes,
 * and a node id stays valid until that node is removed (callers remember ids for recency).
 *
 * <p>The arrays start small and double when full, up to {@code maxNodes}; freed slots are reused,
 * so after the largest burst of holes no further allocation happens. Capacity never exceeds
 * max(initial, 2 × the most ranges ever held).
 */
final class RangeTree {
    static final int NIL = -1;
    private static final int INITIAL_NODES = 16;

    private final int maxNodes;
    private long[] left;
    private long[] right;
    private int[] lo;      // child with smaller keys; links the free list when the slot is free
    private int[] hi;
    private byte[] height; // AVL height; 31 levels hold more nodes than an int can count
    private int root = NIL;
    private int free = NIL;
    private int used;      // slots ever handed out (the free list holds the freed ones)
    private int size;

    RangeTree(int maxNodes) {
        if (maxNodes <= 0) {
            throw new IllegalArgumentException("maxNodes must be positive: " + maxNodes);
        }
        this.maxNodes = maxNodes;
        int n = Math.min(maxNodes, INITIAL_NODES);
        left = new long[n];
        right = new long[n];
        lo = new int[n];
        hi = new int[n];
        height = new byte[n];
    }

    int size() { return size; }

    boolean isFull() { return size == maxNodes; }

    /** Slots allocated: the memory the tree holds, in ranges. */
    int capacity() { return left.length; }

    long left(int node) { return left[node]; }

    long right(int node) { return right[node]; }

    /** Moves the edges of a node; the caller keeps the set disjoint and the order unchanged. */
    void setEdges(int node, long l, long r) {
        left[node] = l;
        right[node] = r;
    }

    /** Inserts [l, r), which must not overlap a held range; returns its node, or NIL when full. */
    int insert(long l, long r) {
        if (isFull()) {
            return NIL;
        }
        int node = allocate();
        left[node] = l;
        right[node] = r;
        lo[node] = NIL;
        hi[node] = NIL;
        height[node] = 1;
        root = insert(root, node);
        size++;
        return node;
    }

    /** Removes a held node; its id becomes free for a later insert. */
    void remove(int node) {
        root = remove(root, left[node]);
        lo[node] = free;
        free = node;
        size--;
    }

    /** The node with the lowest left edge, or NIL. */
    int first() {
        int t = root;
        if (t == NIL) {
            return NIL;
        }
        while (lo[t] != NIL) {
            t = lo[t];
        }
        return t;
    }

    /** The node with the highest left edge &lt;= key, or NIL. */
    int floor(long key) {
        return nearest(key, false);
    }

    /** The node with the lowest left edge &gt; key, or NIL. */
    int higher(long key) {
        return nearest(key, true);
    }

    /** The node with the highest left edge &lt; key, or NIL. */
    int lower(long key) {
        return floor(key - 1);
    }

    /** One descent: the last node passed on the wanted side of key is the nearest one there. */
    private int nearest(long key, boolean above) {
        int best = NIL;
        for (int t = root; t != NIL; ) {
            boolean greater = left[t] > key;
            if (greater == above) {
                best = t;
            }
            t = greater ? lo[t] : hi[t];
        }
        return best;
    }

    private int allocate() {
        if (free != NIL) {
            int node = free;
            free = lo[node];
            return node;
        }
        if (used == left.length) {
            grow();
        }
        return used++;
    }

    /** Doubling keeps growth amortized O(1) per range and rare: only a new peak of holes allocates. */
    private void grow() {
        int n = (int) Math.min(maxNodes, 2L * left.length);
        left = Arrays.copyOf(left, n);
        right = Arrays.copyOf(right, n);
        lo = Arrays.copyOf(lo, n);
        hi = Arrays.copyOf(hi, n);
        height = Arrays.copyOf(height, n);
    }

    private int insert(int t, int node) {
        if (t == NIL) {
            return node;
        }
        if (left[node] < left[t]) {
            lo[t] = insert(lo[t], node);
        } else {
            hi[t] = insert(hi[t], node);
        }
        return rebalance(t);
    }

    private int remove(int t, long key) {
        if (key < left[t]) {
            lo[t] = remove(lo[t], key);
        } else if (key > left[t]) {
            hi[t] = remove(hi[t], key);
        } else {
            if (lo[t] == NIL || hi[t] == NIL) {
                return lo[t] == NIL ? hi[t] : lo[t];
            }
            // Put the successor node itself in t's place, so every other node keeps its id.
            int successor = hi[t];
            while (lo[successor] != NIL) {
                successor = lo[successor];
            }
            hi[successor] = removeFirst(hi[t]);
            lo[successor] = lo[t];
            return rebalance(successor);
        }
        return rebalance(t);
    }

    private int removeFirst(int t) {
        if (lo[t] == NIL) {
            return hi[t];
        }
        lo[t] = removeFirst(lo[t]);
        return rebalance(t);
    }

    private int h(int t) {
        return t == NIL ? 0 : height[t];
    }

    private void updateHeight(int t) {
        height[t] = (byte) (1 + Math.max(h(lo[t]), h(hi[t])));
    }

    private int rebalance(int t) {
        updateHeight(t);
        int balance = h(lo[t]) - h(hi[t]);
        if (balance > 1) {
            if (h(lo[lo[t]]) < h(hi[lo[t]])) {
                lo[t] = rotateDown(lo[t], false);
            }
            return rotateDown(t, true);
        }
        if (balance < -1) {
            if (h(hi[hi[t]]) < h(lo[hi[t]])) {
                hi[t] = rotateDown(hi[t], true);
            }
            return rotateDown(t, false);
        }
        return t;
    }

    /** Rotates t down to the high side (its low child rises) or to the low side; returns the new top. */
    private int rotateDown(int t, boolean toHighSide) {
        int up;
        if (toHighSide) {
            up = lo[t];
            lo[t] = hi[up];
            hi[up] = t;
        } else {
            up = hi[t];
            hi[t] = lo[up];
            lo[up] = t;
        }
        updateHeight(t);
        updateHeight(up);
        return up;
    }
}
