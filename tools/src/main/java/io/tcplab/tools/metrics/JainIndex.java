package io.tcplab.tools.metrics;

import java.util.List;

/**
 * Jain's fairness index (Jain, Chiu and Hawe, DEC TR-301, 1984; REFERENCE §7.2):
 * {@code J = (Σ x_i)² / (n · Σ x_i²)} over non-negative throughputs. J is 1 when every flow
 * gets the same and 1/n when one flow gets everything, and does not change when every x_i is
 * multiplied by the same factor, so bits/s or bytes per interval give the same J.
 *
 * <p>When every x_i is 0 the formula is 0/0; this returns 1, because the flows were treated
 * alike (all got nothing) and that is the limit of J along equal allocations.
 */
public final class JainIndex {
    private JainIndex() {
    }

    /** J over the given throughputs (any one unit). */
    public static double of(double... throughputs) {
        return of(throughputs, throughputs.length);
    }

    /**
     * J over the first {@code n} values of {@code throughputs}, so callers can reuse one scratch
     * array across many windows.
     */
    public static double of(double[] throughputs, int n) {
        if (n <= 0) {
            throw new IllegalArgumentException("Jain's index needs at least one flow");
        }
        double sum = 0;
        double sumOfSquares = 0;
        for (int i = 0; i < n; i++) {
            double x = throughputs[i];
            if (!(x >= 0) || Double.isInfinite(x)) {
                throw new IllegalArgumentException("throughput " + i + " is " + x + "; Jain's index needs finite values >= 0");
            }
            sum += x;
            sumOfSquares += x * x;
        }
        if (sumOfSquares == 0) {
            return 1.0;
        }
        return sum * sum / (n * sumOfSquares);
    }

    /** J over each flow's mean goodput in the window (the friendliness table's "fairness index"). */
    public static double ofMeanThroughput(List<FlowSeries> flows, MeasurementWindow window) {
        double[] x = new double[flows.size()];
        for (int i = 0; i < x.length; i++) {
            x[i] = flows.get(i).meanThroughputBps(window);
        }
        return of(x);
    }
}
