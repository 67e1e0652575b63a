package io.tcplab.tools.metrics;

/**
 * A 95% confidence interval of a mean: {@code mean ± c · s / √n}, c from {@link IntervalMethod}.
 * With a single value s is undefined and so is the interval: every bound is NaN.
 */
public record ConfidenceInterval(double low, double high, double halfWidth, IntervalMethod method) {

    public static ConfidenceInterval ofMean(double mean, double standardDeviation, int n, IntervalMethod method) {
        if (n < 1) {
            throw new IllegalArgumentException("a confidence interval needs at least one value");
        }
        double halfWidth = n < 2 ? Double.NaN : method.criticalValue(n) * standardDeviation / Math.sqrt(n);
        return new ConfidenceInterval(mean - halfWidth, mean + halfWidth, halfWidth, method);
    }
}
