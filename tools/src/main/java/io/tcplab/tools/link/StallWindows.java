package io.tcplab.tools.link;

import java.util.Arrays;

/**
 * The future outages of one transmitter, as sorted, non-overlapping {@code [from, until)}
 * windows (overlapping ones merge). Usually empty or a handful, so a plain array serves.
 */
final class StallWindows {
    private long[] from = new long[0];
    private long[] until = new long[0];
    /** Windows before this index ended before the latest start asked about and are skipped. */
    private int first;

    void add(long start, long end) {
        if (end <= start) {
            throw new IllegalArgumentException("a stall must last more than 0 ns, got " + (end - start));
        }
        int n = from.length;
        from = Arrays.copyOf(from, n + 1);
        until = Arrays.copyOf(until, n + 1);
        from[n] = start;
        until[n] = end;
        mergeSorted();
    }

    /**
     * When a packet that may start sending at {@code start} and needs {@code busyNanos} of
     * transmitter time has sent its last bit, the outages paused it. A packet that would finish
     * exactly as a stall begins is not held.
     */
    long finish(long start, long busyNanos) {
        while (first < from.length && until[first] <= start) {
            first++;
        }
        long t = start;
        long remaining = busyNanos;
        for (int i = first; i < from.length; i++) {
            if (t + remaining <= from[i]) {
                break;
            }
            if (t < from[i]) {
                remaining -= from[i] - t;
            }
            t = Math.max(t, until[i]);
        }
        return t + remaining;
    }

    private void mergeSorted() {
        Integer[] order = new Integer[from.length];
        Arrays.setAll(order, i -> i);
        Arrays.sort(order, (a, b) -> Long.compare(from[a], from[b]));
        long[] f = new long[from.length];
        long[] u = new long[from.length];
        int n = 0;
        for (int i : order) {
            if (n > 0 && from[i] <= u[n - 1]) {
                u[n - 1] = Math.max(u[n - 1], until[i]);
            } else {
                f[n] = from[i];
                u[n] = until[i];
                n++;
            }
        }
        from = Arrays.copyOf(f, n);
        until = Arrays.copyOf(u, n);
        first = 0;
    }
}
