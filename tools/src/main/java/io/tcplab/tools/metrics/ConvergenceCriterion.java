package io.tcplab.tools.metrics;

/**
 * When two flows count as fair (REFERENCE §7.2, a project [P] definition): the {@code measure}
 * of their throughputs over a sliding window of {@code windowSeconds} is at or above
 * {@code threshold}, for every window start in a span of {@code holdSeconds}. Both lengths must
 * be whole multiples of the series' sample interval; the hold may be 0 (one window suffices).
 */
public record ConvergenceCriterion(double windowSeconds, double threshold, double holdSeconds, FairnessMeasure measure) {
    /**
     * 10 s windows as REFERENCE suggests, its Jain ≥ 0.8 threshold, and a 10 s hold of our choosing
     * so a single lucky window cannot count: fairness must last 20 s of data.
     */
    public static final ConvergenceCriterion DEFAULT = new ConvergenceCriterion(10, 0.8, 10, FairnessMeasure.JAIN);

    public ConvergenceCriterion {
        if (!(windowSeconds > 0) || Double.isInfinite(windowSeconds)) {
            throw new IllegalArgumentException("convergence window must be a positive number of seconds, got " + windowSeconds);
        }
        if (!(threshold > 0 && threshold <= 1)) {
            throw new IllegalArgumentException("fairness threshold must be in (0, 1], got " + threshold);
        }
        if (!(holdSeconds >= 0) || Double.isInfinite(holdSeconds)) {
            throw new IllegalArgumentException("hold must be a finite number of seconds >= 0, got " + holdSeconds);
        }
        if (measure == null) {
            throw new IllegalArgumentException("a convergence criterion needs a fairness measure (jain or ratio)");
        }
    }

    /** Jain's index as the measure. */
    public ConvergenceCriterion(double windowSeconds, double threshold, double holdSeconds) {
        this(windowSeconds, threshold, holdSeconds, FairnessMeasure.JAIN);
    }

    public ConvergenceCriterion withMeasure(FairnessMeasure other, double otherThreshold) {
        return new ConvergenceCriterion(windowSeconds, otherThreshold, holdSeconds, other);
    }

    /**
     * DEFAULT's windows with the measure and threshold of {@code spec}, {@code MEASURE:THRESHOLD}
     * (e.g. {@code jain:0.8}, {@code ratio:0.8}); an {@link IllegalArgumentException} saying what is allowed otherwise.
     */
    public static ConvergenceCriterion parse(String spec) {
        String allowed = "must be jain:T or ratio:T with a threshold T in (0, 1], got '" + spec + "'";
        String[] parts = spec.trim().split(":", -1);
        if (parts.length != 2) {
            throw new IllegalArgumentException(allowed);
        }
        try {
            return DEFAULT.withMeasure(FairnessMeasure.of(parts[0]), Double.parseDouble(parts[1]));
        } catch (IllegalArgumentException e) { // NumberFormatException is one too
            throw new IllegalArgumentException(allowed);
        }
    }

    /** What {@link #parse} reads back, e.g. {@code jain:0.8}. */
    public String spec() {
        return measure.option() + ":" + threshold;
    }

    /** One line for a table title, e.g. "Jain's index >= 0.8 over 10 s windows". */
    public String describe() {
        return measure.label() + " >= " + threshold + " over " + number(windowSeconds) + " s windows";
    }

    private static String number(double v) {
        return v == Math.rint(v) ? Long.toString((long) v) : Double.toString(v);
    }
}
