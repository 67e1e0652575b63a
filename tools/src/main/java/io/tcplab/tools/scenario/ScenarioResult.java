package io.tcplab.tools.scenario;

import io.tcplab.tools.link.bridge.LinkStalls;
import java.util.List;

/**
 * What one run of a scenario (one seed) recorded: every flow's and every link's series on the
 * same sample grid, the end-of-run counters, and what the run cost.
 *
 * @param samples    samples per series: {@code durationNanos / sampleNanos + 1} (sample 0 at time 0)
 * @param linkStalls in real mode, the time the link threads were off the CPU while owing work and
 *                   how much link time that left unused; null for the emulated network, whose
 *                   links run on virtual time
 */
public record ScenarioResult(String scenario, long seed, long sampleNanos, long warmupNanos, long durationNanos,
                             int samples, List<FlowSeries> flows, List<LinkSeries> links, double wallSeconds,
                             long eventsProcessed, LinkStalls linkStalls) {

    /** The first sample after the warm-up: where summary means start. */
    public int measuredFrom() {
        return (int) Math.min(samples - 1, (warmupNanos + sampleNanos - 1) / sampleNanos);
    }

    public int lastSample() {
        return samples - 1;
    }

    public FlowSeries flow(String name) {
        return flows.stream().filter(f -> f.name().equals(name)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("no flow named '" + name + "'"));
    }

    public LinkSeries link(String name) {
        return links.stream().filter(l -> l.name().equals(name)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("no link named '" + name + "'"));
    }

    /** A flow's mean goodput in bit/s over the measured part (after the warm-up). */
    public double measuredThroughput(FlowSeries flow) {
        return flow.throughputBitsPerSec(measuredFrom(), lastSample(), sampleNanos);
    }

    public double measuredUtilization(LinkSeries link) {
        return link.utilization(measuredFrom(), lastSample(), sampleNanos);
    }
}
