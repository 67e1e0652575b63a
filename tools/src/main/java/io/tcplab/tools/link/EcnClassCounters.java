package io.tcplab.tools.link;

/**
 * A served AQM's sojourn times, CE marks and drops split by the L4S identifier (RFC 9331 §3: the
 * ECN field ECT(1) or CE) against everything else, as DualPI2 classifies (RFC 9332 §2.3): for
 * DualPI2 these are its L and C queues, for any other AQM the L4S traffic beside the classic.
 * {@link #restart} starts the counts over (a run's measurement window after its warm-up).
 * Recording allocates nothing.
 */
public final class EcnClassCounters {
    private final Counts l4s = new Counts();
    private final Counts classic = new Counts();

    /** One class's counts. */
    private static final class Counts {
        SojournHistogram sojourn = new SojournHistogram();
        long marked;
        long dropped;

        Stats snapshot() {
            return new Stats(sojourn.count(), sojourn.percentileNanos(0.5), sojourn.percentileNanos(0.99),
                    sojourn.maxNanos(), marked, dropped, sojourn.quantilesNanos(Stats.QUANTILES));
        }
    }

    /**
     * One class over the window: packets that left the queue with their sojourn median, 99th
     * percentile and maximum, the marks and drops, and the sojourn's {@link #QUANTILES} quantiles
     * (i/QUANTILES for i = 1..QUANTILES, for a CDF).
     */
    public record Stats(long packets, long p50Nanos, long p99Nanos, long maxNanos, long marked, long dropped,
                        long[] quantilesNanos) {
        public static final int QUANTILES = 200;
    }

    /** Both classes as a report shows them. */
    public record Snapshot(Stats l4s, Stats classic) {
    }

    /** RFC 9331 §3: the L4S identifier is ECT(1) or CE, the ECN field's low bit set. */
    static boolean isL4s(long summary) {
        return (PacketSummary.ecnField(summary) & 1) == 1;
    }

    private Counts of(boolean l4sClass) {
        return l4sClass ? l4s : classic;
    }

    /** A packet that arrived L4S-identified ({@code l4sClass}) or not left the queue after {@code sojournNanos}. */
    void left(boolean l4sClass, long sojournNanos) {
        of(l4sClass).sojourn.record(sojournNanos);
    }

    void marked(boolean l4sClass) {
        of(l4sClass).marked++;
    }

    void dropped(boolean l4sClass) {
        of(l4sClass).dropped++;
    }

    /** Forgets everything counted so far (once, at the end of a warm-up: it allocates). */
    public void restart() {
        for (Counts c : new Counts[] {l4s, classic}) {
            c.sojourn = new SojournHistogram();
            c.marked = 0;
            c.dropped = 0;
        }
    }

    public Snapshot snapshot() {
        return new Snapshot(l4s.snapshot(), classic.snapshot());
    }
}
