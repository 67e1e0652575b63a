package io.tcplab.tools.metrics;

import java.util.List;

/**
 * Convergence time of flows where one starts while the others run (REFERENCE §7.2, a project [P]
 * definition; the NCSU one is unknown). With J(t) = Jain's index of the flows' throughputs over
 * {@code [t, t + W)}, the convergence time is the least {@code t − t0} with {@code t >= t0} such
 * that {@code J(t') >= threshold} for every sample time {@code t'} in {@code [t, t + hold]}.
 * The window looks forward so that J(t) says how fair the flows are from t on; a trailing window
 * would add up to W of lag after the flows have met.
 *
 * <p>Times t are sample instants (t0 rounds up to the grid). If no such t exists before the
 * series end — including when less than W + hold is left after t0 — the flows did not converge
 * and {@link #seconds()} is the cap: the time from t0 to the end of the series, as REFERENCE
 * prescribes (so "not converged" and "converged at the last moment" are told apart by
 * {@link #converged()}, not by the number).
 *
 * @param seconds    the convergence time, or the cap when {@code converged} is false
 * @param converged  whether the criterion was met before the end of the series
 * @param capSeconds the time from t0 to the end of the series
 */
public record ConvergenceTime(double seconds, boolean converged, double capSeconds) {

    /** Convergence of {@code flows} (normally two) after the last of them starts at {@code t0Seconds}. */
    public static ConvergenceTime of(List<FlowSeries> flows, double t0Seconds, ConvergenceCriterion criterion) {
        double interval = CommonGrid.intervalOf(flows);
        int end = shortestIntervals(flows);
        double cap = end * interval - t0Seconds;
        if (!(t0Seconds >= 0) || cap <= 0) {
            throw new IllegalArgumentException("start of the second flow (" + t0Seconds
                    + " s) must be within the series, which end at " + end * interval + " s");
        }
        int window = GridSteps.of(criterion.windowSeconds(), interval, "convergence window");
        if (window == 0) {
            throw new IllegalArgumentException("convergence window is shorter than one sample interval");
        }
        int hold = GridSteps.of(criterion.holdSeconds(), interval, "convergence hold");
        int first = (int) Math.ceil(t0Seconds / interval - 1e-9);

        double[] scratch = new double[flows.size()];
        int fairInARow = 0;
        for (int k = first; k + window <= end; k++) {
            if (jainOver(flows, k, k + window, scratch) >= criterion.threshold()) {
                fairInARow++;
                if (fairInARow == hold + 1) {
                    return new ConvergenceTime((k - hold) * interval - t0Seconds, true, cap);
                }
            } else {
                fairInARow = 0;
            }
        }
        return new ConvergenceTime(cap, false, cap);
    }

    private static double jainOver(List<FlowSeries> flows, int from, int to, double[] scratch) {
        for (int i = 0; i < scratch.length; i++) {
            scratch[i] = flows.get(i).deliveredBytes().between(from, to);
        }
        return JainIndex.of(scratch, scratch.length);
    }

    private static int shortestIntervals(List<FlowSeries> flows) {
        int shortest = Integer.MAX_VALUE;
        for (FlowSeries f : flows) {
            shortest = Math.min(shortest, f.deliveredBytes().intervals());
        }
        return shortest;
    }

    @Override
    public String toString() {
        return converged ? seconds + " s" : "not converged (cap " + capSeconds + " s)";
    }
}
