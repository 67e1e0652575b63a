package io.tcplab.tools.metrics;

import java.util.Arrays;

/**
 * A cumulative counter (bytes delivered, packets dropped, ...) read every {@code intervalSeconds}
 * from the start of the run: sample {@code k} is the counter's value at time {@code k · interval},
 * so sample 0 is time 0. Differences of samples give the count in any span of whole intervals in
 * O(1), which is why every metric here works on cumulative values rather than per-interval ones.
 */
public final class SampledCounter {
    private final double intervalSeconds;
    private final double[] cumulative;

    private SampledCounter(double intervalSeconds, double[] cumulative) {
        if (!(intervalSeconds > 0) || Double.isInfinite(intervalSeconds)) {
            throw new IllegalArgumentException("sample interval must be a positive number of seconds, got " + intervalSeconds);
        }
        if (cumulative.length == 0) {
            throw new IllegalArgumentException("a series needs at least the sample at time 0");
        }
        for (int k = 0; k < cumulative.length; k++) {
            double v = cumulative[k];
            if (!(v >= 0) || Double.isInfinite(v)) {
                throw new IllegalArgumentException("sample " + k + " is " + v + "; counts must be finite and non-negative");
            }
            if (k > 0 && v < cumulative[k - 1]) {
                throw new IllegalArgumentException("sample " + k + " (" + v + ") is below sample " + (k - 1)
                        + " (" + cumulative[k - 1] + "); a cumulative counter never decreases");
            }
        }
        this.intervalSeconds = intervalSeconds;
        this.cumulative = cumulative;
    }

    /** From readings of the counter itself: {@code values[k]} at time {@code k · interval}. */
    public static SampledCounter ofCumulative(double intervalSeconds, long... values) {
        double[] copy = new double[values.length];
        for (int k = 0; k < values.length; k++) {
            copy[k] = values[k];
        }
        return new SampledCounter(intervalSeconds, copy);
    }

    /** From per-interval counts: {@code counts[k]} happened in {@code [k·interval, (k+1)·interval)}. */
    public static SampledCounter ofIntervalCounts(double intervalSeconds, double... counts) {
        double[] running = new double[counts.length + 1];
        for (int k = 0; k < counts.length; k++) {
            running[k + 1] = running[k] + counts[k];
        }
        return new SampledCounter(intervalSeconds, running);
    }

    public double intervalSeconds() {
        return intervalSeconds;
    }

    /** Number of whole intervals covered: one fewer than the number of samples. */
    public int intervals() {
        return cumulative.length - 1;
    }

    /** Time of the last sample, i.e. how much of the run the series covers. */
    public double durationSeconds() {
        return intervals() * intervalSeconds;
    }

    /** The count between sample {@code from} and sample {@code to} ({@code from <= to}). */
    public double between(int from, int to) {
        return cumulative[to] - cumulative[from];
    }

    /** The counter's value at sample {@code k}. */
    public double at(int k) {
        return cumulative[k];
    }

    @Override
    public String toString() {
        return "SampledCounter[interval=" + intervalSeconds + " s, " + Arrays.toString(cumulative) + "]";
    }
}
