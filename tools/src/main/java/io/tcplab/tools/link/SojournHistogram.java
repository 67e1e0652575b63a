package io.tcplab.tools.link;

/**
 * The sojourn times of a link's queue (arrival to the moment the transmitter takes the packet),
 * in a log-linear histogram of fixed buckets: exact below 128 ns, then 64 buckets per power of
 * two, each 1/64 of its octave wide, so a percentile is never more than 1.6 % above the true
 * value (it reports its bucket's largest value, or the largest time recorded if that is less).
 * Times from 2^43 ns (about 2.4 hours) up share the last bucket. Recording allocates nothing.
 */
public final class SojournHistogram {
    private static final int SUB_BITS = 6;
    private static final int SUB = 1 << SUB_BITS;
    private static final int TOP_OCTAVE = 42;
    private static final int BUCKETS = (TOP_OCTAVE - SUB_BITS + 2) * SUB;

    private final long[] counts = new long[BUCKETS];
    private long count;
    private long max;

    public void record(long nanos) {
        long v = Math.max(0, nanos);
        counts[bucket(v)]++;
        count++;
        max = Math.max(max, v);
    }

    public long count() {
        return count;
    }

    public long maxNanos() {
        return max;
    }

    /**
     * The smallest bucket bound at or below which at least {@code fraction} of the times lie
     * (rank {@code ceil(fraction × count)}, at least 1), capped at the largest time; 0 when empty.
     */
    public long percentileNanos(double fraction) {
        if (count == 0) {
            return 0;
        }
        long rank = Math.max(1, (long) Math.ceil(fraction * count));
        long seen = 0;
        for (int i = 0; i < BUCKETS; i++) {
            seen += counts[i];
            if (seen >= rank) {
                return Math.min(highest(i), max);
            }
        }
        return max;
    }

    /**
     * The quantiles k/n for k = 1..n, each as {@link #percentileNanos} gives it, in one pass over
     * the buckets (a CDF's points); all 0 when empty.
     */
    public long[] quantilesNanos(int n) {
        long[] q = new long[n];
        if (count == 0) {
            return q;
        }
        long seen = 0;
        int k = 0;
        for (int i = 0; i < BUCKETS && k < n; i++) {
            seen += counts[i];
            while (k < n && seen >= Math.max(1, ((k + 1) * count + n - 1) / n)) {
                q[k++] = Math.min(highest(i), max);
            }
        }
        return q;
    }

    static int bucket(long v) {
        if (v < SUB) {
            return (int) v;
        }
        int octave = Math.min(63 - Long.numberOfLeadingZeros(v), TOP_OCTAVE);
        if (octave == TOP_OCTAVE && v >= 1L << (TOP_OCTAVE + 1)) {
            return BUCKETS - 1;
        }
        int shift = octave - SUB_BITS;
        return (octave - SUB_BITS + 1) * SUB + (int) ((v >>> shift) & (SUB - 1));
    }

    /** The largest value bucket {@code i} holds. */
    static long highest(int i) {
        if (i < SUB) {
            return i;
        }
        int shift = i / SUB - 1;
        long lowest = (long) (SUB + i % SUB) << shift;
        return lowest + (1L << shift) - 1;
    }

    /** The times as a report shows them. */
    public Sojourn snapshot() {
        return new Sojourn(count, percentileNanos(0.5), percentileNanos(0.9), percentileNanos(0.99), max);
    }

    /** Sojourn-time percentiles of the packets that left a queue, in nanoseconds. */
    public record Sojourn(long count, long p50Nanos, long p90Nanos, long p99Nanos, long maxNanos) {
    }
}
