package io.tcplab.tools.experiment;

import java.util.Arrays;

/** A growable series of (time, value) pairs in primitive arrays: a run records tens of thousands. */
public final class Series {
    private long[] times = new long[1024];
    private long[] values = new long[1024];
    private int size;

    void add(long timeNanos, long value) {
        if (size == times.length) {
            times = Arrays.copyOf(times, size * 2);
            values = Arrays.copyOf(values, size * 2);
        }
        times[size] = timeNanos;
        values[size] = value;
        size++;
    }

    public int size() {
        return size;
    }

    public long time(int i) {
        return times[i];
    }

    public long value(int i) {
        return values[i];
    }
}
