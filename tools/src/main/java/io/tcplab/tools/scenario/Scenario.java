package io.tcplab.tools.scenario;

import java.util.List;
import java.util.Set;

/**
 * An experiment on the emulator, checked and in units the runner uses: the network, the flows
 * (test flows and background traffic alike), timed link changes, how long to run and measure,
 * and which seeds to run. Build one in code or read one with {@link ScenarioParser}.
 *
 * @param name            a label for reports
 * @param topology        routers, named links and the access links' settings
 * @param flows           every flow, replicated ones already expanded (names unique)
 * @param events          link changes at times
 * @param durationNanos   virtual time the run lasts
 * @param warmupNanos     the first part, left out of the summary means
 * @param sampleNanos     the interval of the per-flow and per-link series
 * @param seeds           one run per seed
 * @param metrics         the summary columns wanted (see {@link #METRICS})
 * @param plots           the PNG plots wanted (see {@link #PLOTS})
 */
public record Scenario(String name, TopologySpec topology, List<FlowSpec> flows, List<LinkEvent> events,
                       long durationNanos, long warmupNanos, long sampleNanos, List<Long> seeds,
                       Set<String> metrics, Set<String> plots) {
    public static final List<String> METRICS = List.of("throughput", "utilization", "drops", "queue", "jain");
    public static final List<String> PLOTS = List.of("throughput", "cwnd", "queue");
    public static final long DEFAULT_SAMPLE_NANOS = 100_000_000L;

    public Scenario {
        flows = List.copyOf(flows);
        events = List.copyOf(events);
        seeds = List.copyOf(seeds);
        metrics = Set.copyOf(metrics);
        plots = Set.copyOf(plots);
        if (durationNanos <= 0 || warmupNanos < 0 || warmupNanos >= durationNanos || sampleNanos <= 0) {
            throw new IllegalArgumentException("a scenario needs duration > warm-up >= 0 and a positive sample interval");
        }
    }

    /** The same scenario with one seed only: what one run of {@link MultiFlowRunner} takes. */
    public Scenario withSeeds(List<Long> newSeeds) {
        return new Scenario(name, topology, flows, events, durationNanos, warmupNanos, sampleNanos, newSeeds,
                metrics, plots);
    }

    /** The same scenario with another duration (warm-up kept if it still fits, else half the duration). */
    public Scenario withDuration(long nanos) {
        long warm = warmupNanos < nanos ? warmupNanos : nanos / 2;
        return new Scenario(name, topology, flows, events, nanos, warm, sampleNanos, seeds, metrics, plots);
    }
}
