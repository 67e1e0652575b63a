package io.tcplab.tools.metrics;

/**
 * Mean and sample variance of values seen one at a time (Welford's update), so a metric can walk
 * its windows without storing them and without the cancellation of Σx² − n·mean².
 */
final class RunningMoments {
    private long count;
    private double mean;
    private double sumOfSquaredDeviations;

    void add(double x) {
        count++;
        double delta = x - mean;
        mean += delta / count;
        sumOfSquaredDeviations += delta * (x - mean);
    }

    long count() {
        return count;
    }

    double mean() {
        return count == 0 ? Double.NaN : mean;
    }

    /** Σ(x − mean)² / (n − 1); NaN for fewer than two values, where it is undefined. */
    double sampleVariance() {
        return count < 2 ? Double.NaN : sumOfSquaredDeviations / (count - 1);
    }

    /** Sample standard deviation over mean; NaN when undefined or the mean is 0. */
    double coefficientOfVariation() {
        return count < 2 || mean == 0 ? Double.NaN : Math.sqrt(sampleVariance()) / mean;
    }
}
