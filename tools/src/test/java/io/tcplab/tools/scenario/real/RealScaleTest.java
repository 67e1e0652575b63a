package io.tcplab.tools.scenario.real;

import static org.assertj.core.api.Assertions.assertThat;

import io.tcplab.tools.link.Limit;
import io.tcplab.tools.link.LinkParams;
import io.tcplab.tools.link.LinkSchedule;
import io.tcplab.tools.scenario.Scenario;
import io.tcplab.tools.scenario.ScenarioParser;
import org.junit.jupiter.api.Test;

/** The scaling arithmetic of real mode, by hand: factor, rates, queues, thresholds, events, duration. */
class RealScaleTest {
    private static final long MBIT = 1_000_000L;
    private static final long SECOND = 1_000_000_000L;

    private static Scenario friendliness() {
        return ScenarioParser.parse("""
                duration: 600s
                warmup: 60s
                topology:
                  kind: dumbbell
                  bottleneck: {rate: 400Mbit, delay: 1ms, queue: 2MB, ecn: 40p,
                               red: {min: 100KB, max: 300KB}, reverse: {rate: 400Mbit, queue: 200p}}
                  access: {rate: 1Gbit, delay: 1ms}
                flows: [{name: a, rtt: 82ms}]
                events: [{link: bottleneck, schedule: "rate=200Mbit@300s,queue=1MB@300s,delay=5ms@300s"}]
                """, "f.yaml");
    }

    @Test
    void fourHundredMegabitsToOneHundredIsAQuarterOfEveryRateAndQueue() {
        RealScale s = RealScale.of(friendliness(), 100 * MBIT, 60 * SECOND);
        assertThat(s.factor()).isEqualTo(0.25);
        LinkParams b = s.scaled().topology().links().get(0).params();
        assertThat(b.rateBitsPerSec()).isEqualTo(100 * MBIT);
        assertThat(b.queueLimit()).isEqualTo(Limit.bytes(500_000)); // 2 MB = 2,000,000 B (decimal)
        assertThat(b.ecnThreshold()).isEqualTo(Limit.packets(10));
        assertThat(b.red().min()).isEqualTo(Limit.bytes(25_000));
        assertThat(b.red().max()).isEqualTo(Limit.bytes(75_000));
        assertThat(b.delayNanos()).as("delays stay").isEqualTo(1_000_000L);
        LinkParams reverse = s.scaled().topology().links().get(1).params();
        assertThat(reverse.rateBitsPerSec()).isEqualTo(100 * MBIT);
        assertThat(reverse.queueLimit()).isEqualTo(Limit.packets(50));
        assertThat(s.scaled().topology().access().rateBitsPerSec()).isEqualTo(250 * MBIT);
        assertThat(s.scaled().topology().access().delayNanos()).isEqualTo(1_000_000L);
        assertThat(s.scaled().events().get(0).schedule().changes()).extracting(LinkSchedule.Change::value)
                .containsExactly("50000000bit", "250000B", "5ms");
    }

    @Test
    void aDurationAboveTheCapIsCappedAndTheWarmupShrinksInProportion() {
        Scenario s = RealScale.of(friendliness(), 100 * MBIT, 60 * SECOND).scaled();
        assertThat(s.durationNanos()).isEqualTo(60 * SECOND);
        assertThat(s.warmupNanos()).isEqualTo(6 * SECOND);
        assertThat(RealScale.of(friendliness(), 100 * MBIT, 0).scaled().durationNanos())
                .as("no cap (--duration given)").isEqualTo(600 * SECOND);
    }

    @Test
    void theLineSaysTheFactorEachLinkFromAndToAndTheDuration() {
        String line = RealScale.of(friendliness(), 100 * MBIT, 60 * SECOND).line();
        assertThat(line).startsWith("real mode: rates and queues x0.25 to fit --max-rate 100 Mbit/s")
                .contains("bottleneck 400 Mbit/s -> 100 Mbit/s, queue 2000000B -> 500000B")
                .contains("bottleneck-reverse 400 Mbit/s -> 100 Mbit/s, queue 200p -> 50p")
                .contains("access 1000 Mbit/s -> 250 Mbit/s")
                .contains("duration capped 600 s -> 60 s (warm-up 60 s -> 6 s")
                .doesNotContain("\n");
    }

    @Test
    void withinTheMaximumNothingIsScaled() {
        RealScale s = RealScale.of(friendliness(), 1000 * MBIT, 0);
        assertThat(s.factor()).isEqualTo(1.0);
        assertThat(s.scaled().topology().links().get(0).params().queueLimit()).isEqualTo(Limit.bytes(2_000_000));
        assertThat(s.line()).isEqualTo("real mode: nothing scaled (fastest link 400 Mbit/s within --max-rate 1000 Mbit/s)");
    }

    @Test
    void smallQueuesKeepAtLeastOnePacketAndRedKeepsMinBelowMax() {
        assertThat(RealScale.scale(Limit.packets(2), 0.1)).isEqualTo(Limit.packets(1));
        assertThat(RealScale.scale(Limit.bytes(3000), 0.1)).isEqualTo(Limit.bytes(1500));
        assertThat(RealScale.scale(Limit.NONE, 0.1)).isEqualTo(Limit.NONE);
        LinkParams red = LinkParams.parse("red=2p:3p:0.1:0.002");
        LinkParams scaled = RealScale.scale(red, 0.1);
        assertThat(scaled.red().min()).isEqualTo(Limit.packets(1));
        assertThat(scaled.red().max()).isEqualTo(Limit.packets(2));
    }
}
