package io.tcplab.tools.metrics;

import java.util.List;

/**
 * Convergence of flows where one starts while the others run (REFERENCE §7.2). With F(t) the
 * criterion's fairness measure of the flows' throughputs over {@code [t, t + W)}:
 * <ul>
 * <li>the <b>settling time</b> is the least {@code t − t0} such that {@code F(t') >= threshold}
 *     for every window start {@code t'} from t to the last one in the series — the flows are fair
 *     from t to the end of the run. Flows that cross and part again have not converged;</li>
 * <li>the <b>first passage</b> is the least {@code t − t0} such that {@code F(t') >= threshold}
 *     for every {@code t'} in {@code [t, t + hold]}. A flow climbing through another's rate in
 *     slow start passes it without converging, so this is a second, labelled number.</li>
 * </ul>
 * Both need the fair span to last at least the hold. The window looks forward so that F(t) says
 * how fair the flows are from t on; a trailing one would add up to W of lag.
 *
 * <p>Times t are sample instants (t0 rounds up to the grid). When either is not reached —
 * including when less than W + hold is left after t0 — its seconds are the cap, the time from t0
 * to the end of the series, as REFERENCE prescribes; {@link Milestone#reached()} tells the two
 * apart.
 *
 * @param settling     from t0 until the flows stay fair to the end
 * @param firstPassage from t0 until the flows are first fair for the hold
 * @param capSeconds   the time from t0 to the end of the series
 */
public record ConvergenceTime(Milestone settling, Milestone firstPassage, double capSeconds) {

    /** Seconds after t0, or the cap when {@code reached} is false. */
    public record Milestone(double seconds, boolean reached) {
        @Override
        public String toString() {
            return reached ? seconds + " s" : "not reached (cap " + seconds + " s)";
        }
    }

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
        int lastStart = end - window;

        double[] scratch = new double[flows.size()];
        int passage = -1;
        int fairInARow = 0;
        int settledFrom = first;
        for (int k = first; k <= lastStart; k++) {
            if (fair(flows, k, window, criterion, scratch)) {
                fairInARow++;
                if (fairInARow == hold + 1 && passage < 0) {
                    passage = k - hold;
                }
            } else {
                fairInARow = 0;
                settledFrom = k + 1;
            }
        }
        boolean settled = lastStart - settledFrom >= hold; // the fair tail holds hold + 1 window starts
        return new ConvergenceTime(
                milestone(settled, settledFrom, interval, t0Seconds, cap),
                milestone(passage >= 0, passage, interval, t0Seconds, cap),
                cap);
    }

    private static Milestone milestone(boolean reached, int start, double interval, double t0Seconds, double cap) {
        return reached ? new Milestone(Math.max(0, start * interval - t0Seconds), true) : new Milestone(cap, false);
    }

    private static boolean fair(List<FlowSeries> flows, int from, int window, ConvergenceCriterion criterion,
                                double[] scratch) {
        for (int i = 0; i < scratch.length; i++) {
            scratch[i] = flows.get(i).deliveredBytes().between(from, from + window);
        }
        return criterion.measure().of(scratch, scratch.length) >= criterion.threshold();
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
        return "settling " + settling + ", first passage " + firstPassage;
    }
}
