package io.tcplab.tools.metrics;

/**
 * One flow's delivered bytes over a run: what its receiving application got (goodput, REFERENCE
 * §7.2's x_i), sampled on a fixed interval from time 0. {@code group} is the label flows are
 * pooled under for ratios and summaries, e.g. the protocol ("cubic") or a role ("ecn").
 */
public record FlowSeries(String flowId, String group, SampledCounter deliveredBytes) {
    public FlowSeries {
        if (flowId == null || flowId.isBlank()) {
            throw new IllegalArgumentException("a flow needs an id");
        }
        if (group == null || group.isBlank()) {
            throw new IllegalArgumentException("flow " + flowId + " needs a group label");
        }
        if (deliveredBytes == null) {
            throw new IllegalArgumentException("flow " + flowId + " has no delivered-bytes series");
        }
    }

    /** From cumulative delivered bytes read every {@code intervalSeconds}, the first at time 0. */
    public static FlowSeries ofCumulativeBytes(String flowId, String group, double intervalSeconds, long... cumulative) {
        return new FlowSeries(flowId, group, SampledCounter.ofCumulative(intervalSeconds, cumulative));
    }

    /** From throughput per interval in bits/s: {@code bps[k]} is the rate over interval k. */
    public static FlowSeries ofThroughput(String flowId, String group, double intervalSeconds, double... bps) {
        double[] bytes = new double[bps.length];
        for (int k = 0; k < bps.length; k++) {
            bytes[k] = bps[k] * intervalSeconds / 8;
        }
        return new FlowSeries(flowId, group, SampledCounter.ofIntervalCounts(intervalSeconds, bytes));
    }

    public double intervalSeconds() {
        return deliveredBytes.intervalSeconds();
    }

    /** Mean goodput in bits/s over the window's whole sample intervals. */
    public double meanThroughputBps(MeasurementWindow window) {
        return throughputBps(window.on(deliveredBytes));
    }

    /** Mean goodput in bits/s between two samples of this series. */
    public double throughputBps(MeasurementWindow.SampleSpan span) {
        return throughputBps(span.from(), span.to());
    }

    /** Mean goodput in bits/s between sample {@code from} and sample {@code to}. */
    public double throughputBps(int from, int to) {
        return deliveredBytes.between(from, to) * 8 / ((to - from) * deliveredBytes.intervalSeconds());
    }
}
