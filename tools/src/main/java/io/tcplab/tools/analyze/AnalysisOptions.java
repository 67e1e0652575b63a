package io.tcplab.tools.analyze;

/**
 * What {@code tcplab analyze} looks at: the window [{@code fromNanos}, {@code toNanos}] in time
 * since the capture's first packet (-1: open), the goodput bin width, and one flow by its
 * number (0: all).
 */
public record AnalysisOptions(long fromNanos, long toNanos, long intervalNanos, int flow) {
    public static final long DEFAULT_INTERVAL_NANOS = 100_000_000L;

    public AnalysisOptions {
        if (intervalNanos <= 0) {
            throw new IllegalArgumentException("the interval must be above 0");
        }
        if (fromNanos >= 0 && toNanos >= 0 && toNanos < fromNanos) {
            throw new IllegalArgumentException("--to must not be before --from");
        }
    }

    public static AnalysisOptions all() {
        return new AnalysisOptions(-1, -1, DEFAULT_INTERVAL_NANOS, 0);
    }

    boolean inWindow(long sinceStart) {
        return (fromNanos < 0 || sinceStart >= fromNanos) && (toNanos < 0 || sinceStart <= toNanos);
    }
}
