package io.tcplab.tools.metrics;

import java.util.Arrays;

/**
 * Summary statistics of one group's values, e.g. a group's throughput in each of the runs (seed
 * 001's tables): mean, sample variance Σ(x − mean)²/(n − 1), its square root, the median (mean
 * of the two middle values when n is even) and a 95% confidence interval of the mean. With one
 * value the variance, deviation and interval are NaN rather than a misleading 0.
 */
public record Summary(int n, double mean, double variance, double standardDeviation, double median,
                      ConfidenceInterval ci95) {

    /** Summary with a Student-t interval. */
    public static Summary of(double... values) {
        return of(IntervalMethod.STUDENT_T, values);
    }

    public static Summary of(IntervalMethod method, double... values) {
        if (values.length == 0) {
            throw new IllegalArgumentException("summary statistics need at least one value");
        }
        RunningMoments moments = new RunningMoments();
        for (int i = 0; i < values.length; i++) {
            if (!Double.isFinite(values[i])) {
                throw new IllegalArgumentException("value " + i + " is " + values[i] + "; summaries need finite values");
            }
            moments.add(values[i]);
        }
        double variance = moments.sampleVariance();
        double sd = Math.sqrt(variance);
        return new Summary(values.length, moments.mean(), variance, sd, median(values),
                ConfidenceInterval.ofMean(moments.mean(), sd, values.length, method));
    }

    private static double median(double[] values) {
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        int middle = sorted.length / 2;
        return sorted.length % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
    }
}
