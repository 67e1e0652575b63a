package io.tcplab.tools.metrics;

import java.util.List;

/**
 * Metrics that compare flows sample by sample need every flow on one grid; this finds that grid
 * or says which flow is off it, instead of silently comparing different spans of time.
 */
final class CommonGrid {
    private CommonGrid() {
    }

    /** The sample interval every flow shares; refuses no flows or mixed intervals. */
    static double intervalOf(List<FlowSeries> flows) {
        if (flows.isEmpty()) {
            throw new IllegalArgumentException("needs at least one flow");
        }
        double interval = flows.get(0).intervalSeconds();
        for (FlowSeries f : flows) {
            if (f.intervalSeconds() != interval) {
                throw new IllegalArgumentException("flow " + f.flowId() + " is sampled every " + f.intervalSeconds()
                        + " s but flow " + flows.get(0).flowId() + " every " + interval + " s");
            }
        }
        return interval;
    }
}
