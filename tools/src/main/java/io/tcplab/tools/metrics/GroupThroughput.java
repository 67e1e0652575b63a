package io.tcplab.tools.metrics;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Aggregate goodput of the flows that share a group label: the sum of their mean throughputs in
 * the window, in bits/s. Seed 001's per-group columns are this value, one per run, summarised
 * over runs with {@link Summary}.
 */
public final class GroupThroughput {
    private GroupThroughput() {
    }

    /** Sum of the mean goodput of every flow labelled {@code group}; refuses a group with no flows. */
    public static double aggregateBps(List<FlowSeries> flows, String group, MeasurementWindow window) {
        double sum = 0;
        boolean found = false;
        for (FlowSeries f : flows) {
            if (f.group().equals(group)) {
                sum += f.meanThroughputBps(window);
                found = true;
            }
        }
        if (!found) {
            throw new IllegalArgumentException("no flow is in group \"" + group + "\"");
        }
        return sum;
    }

    /** Every group's aggregate goodput, in the order the groups first appear in {@code flows}. */
    public static Map<String, Double> byGroup(List<FlowSeries> flows, MeasurementWindow window) {
        Map<String, Double> sums = new LinkedHashMap<>();
        for (FlowSeries f : flows) {
            sums.merge(f.group(), f.meanThroughputBps(window), Double::sum);
        }
        return sums;
    }

    /** Sum of every flow's mean goodput in the window, whatever its group. */
    public static double totalBps(List<FlowSeries> flows, MeasurementWindow window) {
        double sum = 0;
        for (FlowSeries f : flows) {
            sum += f.meanThroughputBps(window);
        }
        return sum;
    }
}
