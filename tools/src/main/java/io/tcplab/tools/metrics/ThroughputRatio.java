package io.tcplab.tools.metrics;

import java.util.List;

/**
 * A throughput ratio that carries its direction: {@code value() = numeratorBps / denominatorBps},
 * and {@link #toString()} prints which over which, because REFERENCE §7.2 asks outputs to state
 * it. For TCP friendliness REFERENCE's R_friend is standard TCP over the high-speed protocol
 * ({@link #friendliness}); whether the NCSU tables used that direction is unknown, so
 * {@link #inverse()} is there to log the other one too.
 *
 * <p>A zero denominator gives +∞ (or NaN when both are zero), as plain division does: a table
 * should show that rather than a made-up number.
 */
public record ThroughputRatio(String numerator, String denominator, double numeratorBps, double denominatorBps) {

    public double value() {
        return numeratorBps / denominatorBps;
    }

    public double inverse() {
        return denominatorBps / numeratorBps;
    }

    /** The smaller of the two rates over the larger, in [0, 1]: how far from even, whichever leads; NaN if both are 0. */
    public double smallerOverLarger() {
        return Math.min(numeratorBps, denominatorBps) / Math.max(numeratorBps, denominatorBps);
    }

    /** Aggregate goodput of group {@code numeratorGroup} over that of {@code denominatorGroup}. */
    public static ThroughputRatio ofGroups(List<FlowSeries> flows, String numeratorGroup, String denominatorGroup,
                                           MeasurementWindow window) {
        return new ThroughputRatio(numeratorGroup, denominatorGroup,
                GroupThroughput.aggregateBps(flows, numeratorGroup, window),
                GroupThroughput.aggregateBps(flows, denominatorGroup, window));
    }

    /** One flow's mean goodput over another's, labelled by flow id. */
    public static ThroughputRatio ofFlows(FlowSeries numerator, FlowSeries denominator, MeasurementWindow window) {
        return new ThroughputRatio(numerator.flowId(), denominator.flowId(),
                numerator.meanThroughputBps(window), denominator.meanThroughputBps(window));
    }

    /**
     * REFERENCE §7.2's R_friend: aggregate goodput of the standard-TCP flows (SACK/NewReno) over
     * that of the high-speed flows under test; 1 is ideal, below 1 means the high-speed protocol
     * takes more than its share.
     */
    public static ThroughputRatio friendliness(List<FlowSeries> flows, String standardTcpGroup, String highSpeedGroup,
                                               MeasurementWindow window) {
        return ofGroups(flows, standardTcpGroup, highSpeedGroup, window);
    }

    @Override
    public String toString() {
        return numerator + "/" + denominator + " = " + value();
    }
}
