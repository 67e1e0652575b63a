package io.tcplab.tools.scenario;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The multi-flow runner: series on a fixed grid, determinism by seed, traffic that reaches its load. */
class MultiFlowRunnerTest {
    private static final String MIXED = """
            duration: 10s
            warmup: 2s
            topology:
              kind: dumbbell
              bottleneck: {rate: 20Mbit, delay: 5ms, queue: 60p}
              access: {delay: 1ms}
            flows:
              - {name: bulk, rtt: 40ms}
              - {name: onoff, traffic: onoff, on: 500ms, off: 500ms}
              - {name: fixed, traffic: fixed, size: 2MB, start: 1s}
            background:
              - {name: web, traffic: web, load: 4Mbit, direction: reverse}
            """;

    @Test
    void sameSeedSameSeriesAnotherSeedOthers() {
        Scenario s = ScenarioParser.parse(MIXED, "mixed.yaml");
        ScenarioResult one = MultiFlowRunner.run(s, 7);
        ScenarioResult two = MultiFlowRunner.run(s, 7);
        ScenarioResult other = MultiFlowRunner.run(s, 8);
        assertThat(one.samples()).isEqualTo(101);
        for (FlowSeries f : one.flows()) {
            assertThat(two.flow(f.name()).delivered()).containsExactly(f.delivered());
            assertThat(two.flow(f.name()).cwnd()).containsExactly(f.cwnd());
        }
        for (LinkSeries l : one.links()) {
            assertThat(two.link(l.name()).queueBytes()).containsExactly(l.queueBytes());
            assertThat(two.link(l.name()).dropped()).containsExactly(l.dropped());
        }
        assertThat(other.flow("web").delivered()).isNotEqualTo(one.flow("web").delivered());
    }

    @Test
    void everyKindOfTrafficMovesAndTheSeriesAddUp() {
        ScenarioResult r = MultiFlowRunner.run(ScenarioParser.parse(MIXED, "mixed.yaml"), 1);
        assertThat(r.flow("fixed").delivered()[r.lastSample()]).isEqualTo(2_000_000);
        assertThat(r.flow("fixed").delivered()[10]).isZero(); // starts at 1 s
        assertThat(r.flow("bulk").baseRttNanos()).isEqualTo(40_000_000);
        assertThat(r.flow("bulk").info().bytesAcked()).isPositive();
        assertThat(r.flow("web").web().pages()).isPositive();
        assertThat(r.flow("web").info()).isNull();
        assertThat(r.flow("onoff").delivered()[r.lastSample()]).isPositive();
        LinkSeries b = r.link("bottleneck");
        long forwardBytes = r.flows().stream().filter(f -> !f.name().equals("web"))
                .mapToLong(f -> f.delivered()[r.lastSample()]).sum();
        assertThat(b.deliveredBytes()[r.lastSample()]).isGreaterThan(forwardBytes); // payload plus headers
        assertThat(r.measuredUtilization(b)).isBetween(0.8, 1.0);
    }

    @Test
    void webTrafficCarriesItsTargetLoadOnAnUncongestedPath() {
        Scenario s = ScenarioParser.parse("""
                duration: 120s
                warmup: 0s
                topology: {kind: dumbbell, bottleneck: {rate: 1Gbit, delay: 5ms}, access: {delay: 1ms}}
                flows: [{name: web, traffic: web, load: 20Mbit}]
                """, "web.yaml");
        ScenarioResult r = MultiFlowRunner.run(s, 3);
        double mbps = r.measuredThroughput(r.flow("web")) / 1e6;
        // heavy-tailed sizes: over 2 minutes the mean is within about a quarter of the target
        assertThat(mbps).isBetween(15.0, 25.0);
    }
}
