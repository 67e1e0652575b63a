package io.tcplab.tools.metrics;

/**
 * How a 95% confidence interval of a mean gets its critical value. Student's t is right for the
 * few runs an experiment makes; the normal quantile is there because seed 001's published
 * intervals were computed with it (1.96 · s / √40 reproduces their half-widths to within the
 * rounding of the printed values), so a user can set our numbers beside theirs.
 */
public enum IntervalMethod {
    STUDENT_T {
        @Override
        double criticalValue(int n) {
            return StudentT.quantile975(n - 1);
        }
    },
    NORMAL {
        @Override
        double criticalValue(int n) {
            return StudentT.NORMAL_975;
        }
    };

    /** The multiplier of the standard error for a sample of {@code n >= 2} values. */
    abstract double criticalValue(int n);
}
