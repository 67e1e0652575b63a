package io.tcplab.tools.metrics;

/**
 * When two flows count as converged (REFERENCE §7.2, a project [P] definition): Jain's index of
 * their throughputs over a sliding window of {@code windowSeconds} stays at or above
 * {@code threshold} for every window start in a span of {@code holdSeconds}. Both lengths must be
 * whole multiples of the series' sample interval; the hold may be 0 (one window suffices).
 */
public record ConvergenceCriterion(double windowSeconds, double threshold, double holdSeconds) {
    /**
     * 10 s windows as REFERENCE suggests, its "80% fairness" threshold, and a 10 s hold of our
     * choosing so a single lucky window cannot end the clock: fairness must last 20 s of data.
     */
    public static final ConvergenceCriterion DEFAULT = new ConvergenceCriterion(10, 0.8, 10);

    public ConvergenceCriterion {
        if (!(windowSeconds > 0) || Double.isInfinite(windowSeconds)) {
            throw new IllegalArgumentException("convergence window must be a positive number of seconds, got " + windowSeconds);
        }
        if (!(threshold > 0 && threshold <= 1)) {
            throw new IllegalArgumentException("Jain threshold must be in (0, 1], got " + threshold);
        }
        if (!(holdSeconds >= 0) || Double.isInfinite(holdSeconds)) {
            throw new IllegalArgumentException("hold must be a finite number of seconds >= 0, got " + holdSeconds);
        }
    }
}
