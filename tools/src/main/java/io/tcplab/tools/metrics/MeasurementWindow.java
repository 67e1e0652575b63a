package io.tcplab.tools.metrics;

/**
 * The part of a run the metrics look at, {@code [startSeconds, endSeconds]} in run time
 * (REFERENCE §7.2: "[t_s, t_e], excluding a warm-up"). Series are sampled on a grid, so a window
 * is applied as the whole sample intervals inside it: the start rounds up and the end rounds down
 * to the grid, and rates divide by that snapped length, never by the nominal one.
 */
public record MeasurementWindow(double startSeconds, double endSeconds) {
    /** Slack for grid arithmetic: 20.000000000004 s on a 0.1 s grid is sample 200, not 201. */
    private static final double GRID_SLACK = 1e-9;

    public MeasurementWindow {
        if (!(startSeconds >= 0) || Double.isInfinite(startSeconds)) {
            throw new IllegalArgumentException("window start must be a finite time >= 0 s, got " + startSeconds);
        }
        if (!(endSeconds > startSeconds) || Double.isInfinite(endSeconds)) {
            throw new IllegalArgumentException("window end (" + endSeconds + " s) must be finite and after its start ("
                    + startSeconds + " s)");
        }
    }

    /** The run from {@code warmupSeconds} to {@code runSeconds}; the warm-up must leave something. */
    public static MeasurementWindow afterWarmup(double warmupSeconds, double runSeconds) {
        if (!(warmupSeconds >= 0)) {
            throw new IllegalArgumentException("warm-up must be >= 0 s, got " + warmupSeconds);
        }
        if (warmupSeconds >= runSeconds) {
            throw new IllegalArgumentException("warm-up of " + warmupSeconds + " s is not shorter than the run ("
                    + runSeconds + " s): nothing is left to measure");
        }
        return new MeasurementWindow(warmupSeconds, runSeconds);
    }

    public double lengthSeconds() {
        return endSeconds - startSeconds;
    }

    /** The whole sample intervals of a series that lie inside this window. */
    public SampleSpan on(SampledCounter series) {
        double interval = series.intervalSeconds();
        int from = (int) Math.ceil(startSeconds / interval - GRID_SLACK);
        int to = (int) Math.floor(endSeconds / interval + GRID_SLACK);
        if (to > series.intervals()) {
            throw new IllegalArgumentException("window ends at " + endSeconds + " s but the series stops at "
                    + series.durationSeconds() + " s");
        }
        if (to <= from) {
            throw new IllegalArgumentException("window [" + startSeconds + " s, " + endSeconds
                    + " s] holds no whole sample interval of " + interval + " s");
        }
        return new SampleSpan(from, to, interval);
    }

    /** Samples {@code from} to {@code to} of a series sampled every {@code intervalSeconds}. */
    public record SampleSpan(int from, int to, double intervalSeconds) {
        public int intervals() {
            return to - from;
        }

        public double seconds() {
            return intervals() * intervalSeconds;
        }
    }
}
