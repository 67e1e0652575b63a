package io.tcplab.tools.experiment;

import java.util.List;
import java.util.Map;

/**
 * One run of seed 001's experiment in one configuration ({@code ecn} as the scenario file has it,
 * or {@code non-ecn}: every flow with ECN off).
 *
 * @param groups         each group's aggregate goodput, in the file's order
 * @param aggregateMbps  all the groups together
 * @param ectDropped     per RED queue that marks (ECN on), ECN-capable packets it dropped
 */
public record EcnResult(String configuration, long seed, double durationSeconds, double warmupSeconds,
                        List<GroupRate> groups, double aggregateMbps, Map<String, Long> ectDropped,
                        double wallSeconds) implements CellResult {

    /**
     * @param flows  how many flows it has
     * @param label  e.g. "10 ECN and SACK streams", from the group's flows
     * @param path   the routers it crosses, e.g. "r0->r2"
     */
    public record GroupRate(String group, int flows, String label, String path, double mbps) {
    }

    @Override
    public String cell() {
        return configuration;
    }

    public long totalEctDropped() {
        return ectDropped.values().stream().mapToLong(Long::longValue).sum();
    }
}
