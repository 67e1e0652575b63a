package io.tcplab.tools.scenario;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tcplab.tools.link.Limit;
import io.tcplab.tools.link.RedParams;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Scenario files: what a good one becomes, and the one-line error of every kind of bad one. */
class ScenarioParserTest {
    private static final String BASE = """
            duration: 30s
            warmup: 5s
            runs: 2
            topology:
              kind: dumbbell
              bottleneck: {rate: 50Mbit, delay: 10ms, queue: 100p}
              access: {delay: 1ms}
            flows:
              - {name: a, cc: reno, rtt: 80ms}
              - {name: b, cc: reno, sack: false, recovery: rfc6675, start: 2s}
            """;

    @Test
    void aGoodFileBecomesTheScenario() {
        Scenario s = ScenarioParser.parse(BASE, "s.yaml");
        assertThat(s.durationNanos()).isEqualTo(30_000_000_000L);
        assertThat(s.warmupNanos()).isEqualTo(5_000_000_000L);
        assertThat(s.seeds()).containsExactly(1L, 2L);
        assertThat(s.topology().links()).extracting(LinkSpec::name).containsExactly("bottleneck", "bottleneck-reverse");
        assertThat(s.topology().links().get(0).params().queueLimit()).isEqualTo(Limit.packets(100));
        assertThat(s.flows()).extracting(FlowSpec::name).containsExactly("a", "b");
        assertThat(s.flows().get(0).rttNanos()).isEqualTo(80_000_000L);
        assertThat(s.flows().get(1).options().sack).isFalse();
        assertThat(s.flows().get(1).options().recovery).isEqualTo("rfc6675");
        assertThat(s.flows().get(1).startNanos()).isEqualTo(2_000_000_000L);
        assertThat(s.sampleNanos()).isEqualTo(100_000_000L);
    }

    /** profile: per flow sets that flow's defaults; what the entry itself names wins over it. */
    @Test
    void aProfilePerFlowSetsItsDefaultsAndTheEntryWins() {
        Scenario s = ScenarioParser.parse(BASE
                .replace("{name: a, cc: reno, rtt: 80ms}", "{name: a, cc: cubic, rtt: 80ms, profile: linux-2.6.24}")
                .replace("{name: b, cc: reno, sack: false, recovery: rfc6675, start: 2s}",
                        "{name: b, cc: reno, profile: solaris-2.7, sack: true, mss: 1000B}")
                + "  - {name: c, cc: reno, profile: ns-3}\n", "s.yaml");
        var a = s.flows().get(0).options();
        assertThat(a.profile).isEqualTo("linux-2.6.24");
        assertThat(a.congestionControl).isEqualTo("cubic:beta=0.7998046875,c=0.4,hystart=off,count=acks,friendly=linux");
        assertThat(a.initialWindowSegments).isEqualTo(3);
        assertThat(a.minRtoNanos).isEqualTo(200_000_000L);
        var b = s.flows().get(1).options();
        assertThat(b.sack).as("the entry's sack: true over the profile's off").isTrue();
        assertThat(b.mss).isEqualTo(1000);
        assertThat(b.minRtoNanos).isEqualTo(400_000_000L);
        var c = s.flows().get(2).options();
        assertThat(c.mss).isEqualTo(536);
        assertThat(c.initialWindowSegments).isEqualTo(1);
        assertThat(c.congestionControl).isEqualTo("reno:count=acks");
    }

    @Test
    void anUnknownProfileNamesTheField() {
        assertThatThrownBy(() -> ScenarioParser.parse(BASE.replace("rtt: 80ms}", "rtt: 80ms, profile: bsd}"), "s.yaml"))
                .hasMessage("s.yaml: flows[0].profile: unknown profile 'bsd' (allowed: today, linux, linux-2.6.24, linux-2.4,"
                        + " solaris-2.7, ns-3)");
    }

    @Test
    void aGroupWithAListOfRttsGivesThemToItsFlowsInTurn() {
        Scenario s = ScenarioParser.parse(BASE.replace("{name: a, cc: reno, rtt: 80ms}",
                "{name: a, count: 5, rtt: \"30ms, 80ms,120ms\"}"), "s.yaml");
        assertThat(s.flows()).extracting(FlowSpec::rttNanos).containsExactly(30_000_000L, 80_000_000L, 120_000_000L,
                30_000_000L, 80_000_000L, -1L);
    }

    @Test
    void oneRttOfAListBelowThePathIsNamed() {
        assertThatThrownBy(() -> ScenarioParser.parse(BASE.replace("rtt: 80ms", "rtt: \"80ms,5ms\""), "s.yaml"))
                .hasMessage("s.yaml: flows[0].rtt: out of range: 5ms is below the path's own round trip of 22.0 ms "
                        + "(allowed: at least that)");
    }

    @Test
    void countExpandsAFlowAndSpreadsItsStarts() {
        Scenario s = ScenarioParser.parse("""
                topology: {kind: parking-lot, congestion_points: 2, bottleneck: {rate: 50Mbit, red: {min: 5p, max: 15p, ecn: true, above_max: drop}}}
                flows:
                  - {name: x, count: 4, start_spread: 2s, to: r1, ecn: true}
                background:
                  - {traffic: web, load: 10Mbit, direction: reverse}
                """, "s.yaml");
        assertThat(s.flows()).extracting(FlowSpec::name).containsExactly("x.0", "x.1", "x.2", "x.3", "bg0");
        assertThat(s.flows()).extracting(FlowSpec::startNanos).startsWith(0L, 500_000_000L, 1_000_000_000L);
        assertThat(s.flows().get(0).to()).isEqualTo("r1");
        assertThat(s.flows().get(4).from()).isEqualTo("r2");
        assertThat(s.flows().get(4).group()).isEqualTo("background");
        assertThat(s.topology().links().get(0).params().red().ecn()).isTrue();
        assertThat(s.topology().links().get(0).params().red().aboveMax()).isEqualTo(RedParams.AboveMax.DROP);
        assertThat(s.topology().bottlenecks()).containsExactly("cp1", "cp2");
    }

    @Test
    void accessLinksTakeAJitter() {
        Scenario s = ScenarioParser.parse(merge("""
                topology:
                  kind: dumbbell
                  bottleneck: {rate: 50Mbit}
                  access: {delay: 1ms, jitter: 600us}
                """), "s.yaml");
        assertThat(s.topology().access().jitterNanos()).isEqualTo(600_000);
        assertThat(s.topology().links().get(0).params().jitterNanos()).isZero();
    }

    @Test
    void anAqmIsTextOrAMap() {
        Scenario text = ScenarioParser.parse(merge("""
                topology:
                  kind: dumbbell
                  bottleneck: {rate: 50Mbit, aqm: "dualpi2:k=3,step=2ms", reverse: {rate: 50Mbit}}
                """), "s.yaml");
        assertThat(text.topology().links().get(0).params().queueDiscipline())
                .isEqualTo("dualpi2:target=15ms,tupdate=16ms,alpha=0.16,beta=3.2,k=3,step=2ms,c_weight=10");
        assertThat(text.topology().links().get(1).params().aqm()).isNull();
        Scenario map = ScenarioParser.parse(merge("""
                topology:
                  kind: dumbbell
                  bottleneck: {rate: 50Mbit, aqm: {name: codel, target: 2ms, ecn: true}}
                """), "s.yaml");
        assertThat(map.topology().links().get(0).params().queueDiscipline()).isEqualTo("codel:target=2ms,interval=100ms,ecn=on");
        Scenario red = ScenarioParser.parse(merge("""
                topology:
                  kind: dumbbell
                  bottleneck: {rate: 50Mbit, aqm: "red:min=5p,max=15p"}
                """), "s.yaml");
        assertThat(red.topology().links().get(0).params().red().max()).isEqualTo(Limit.packets(15));
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            unknown top-level field | 'durationn: 5s'                                         | s.yaml: durationn: unknown field (allowed: background,
            unknown flow field      | 'flows: [{name: a, ccc: reno}]'                         | s.yaml: flows[0].ccc: unknown field (allowed:
            unknown algorithm       | 'flows: [{name: a}, {name: b}, {cc: cubc}]'             | s.yaml: flows[2].cc: unknown algorithm 'cubc' (allowed:
            algorithm parameter     | 'flows: [{cc: "reno:beta=7"}]'                          | s.yaml: flows[0].cc:
            bad duration unit       | 'duration: 10 parsecs'                                  | s.yaml: duration: bad duration '10 parsecs'
            bad rate unit           | 'flows: [{}]~topology: {kind: dumbbell, bottleneck: {rate: 5 furlongs}}' | s.yaml: topology.bottleneck.rate: bad rate '5 furlongs'
            bad queue unit          | 'flows: [{}]~topology: {kind: dumbbell, bottleneck: {rate: 1Mbit, queue: 3 cups}}' | s.yaml: topology.bottleneck.queue: bad size '3 cups'
            bad jitter              | 'flows: [{}]~topology: {kind: dumbbell, bottleneck: {rate: 1Mbit}, access: {jitter: lots}}' | s.yaml: topology.access.jitter: bad duration 'lots'
            wrong type              | 'runs: many'                                            | s.yaml: runs: expected a whole number, not 'many'
            wrong type boolean      | 'flows: [{sack: maybe}]'                                | s.yaml: flows[0].sack: expected true or false, not 'maybe'
            mapping expected        | 'topology: dumbbell'                                    | s.yaml: topology: expected a mapping of fields
            out of range count      | 'flows: [{count: 0}]'                                   | s.yaml: flows[0].count: out of range: 0 (allowed: 1 to 10000)
            out of range runs       | 'runs: 0'                                               | s.yaml: runs: out of range: 0 (allowed: 1 to 10000)
            warm-up too long        | 'warmup: 90s'                                           | s.yaml: warmup: out of range: 90s (allowed: less than the duration)
            rtt below the path      | 'flows: [{rtt: 5ms}]'                                   | s.yaml: flows[0].rtt: out of range: 5ms is below the path's own round trip of 22.0 ms
            unknown recovery        | 'flows: [{recovery: magic}]'                            | s.yaml: flows[0].recovery: unknown recovery 'magic' (allowed: rack, rfc6675, teb)
            bad teb parameter       | 'flows: [{recovery: "teb:k=0"}]'                        | s.yaml: flows[0].recovery: recovery parameter k of teb must be [1, 16], got '0'
            unknown traffic         | 'flows: [{traffic: video}]'                             | s.yaml: flows[0].traffic: unknown traffic 'video' (allowed: bulk, fixed, onoff, web)
            field of other traffic  | 'flows: [{size: 1MB}]'                                  | s.yaml: flows[0].size: not allowed here (only with traffic: fixed)
            missing size            | 'flows: [{traffic: fixed}]'                             | s.yaml: flows[0].size: missing (required)
            missing web load        | 'flows: [{traffic: web}]'                               | s.yaml: flows[0].load: missing (required)
            unknown router          | 'flows: [{from: middle}]'                               | s.yaml: flows[0].from: unknown router 'middle' (allowed:
            bad direction           | 'flows: [{direction: sideways}]'                        | s.yaml: flows[0].direction: unknown direction 'sideways' (allowed: forward, reverse)
            start after the end     | 'flows: [{start: 70s}]'                                 | s.yaml: flows[0].start: starts at or after the end of the run
            unknown event link      | 'events: [{link: nowhere, at: 1s, set: delay=1s}]'       | s.yaml: events[0].link: unknown link 'nowhere' (allowed: bottleneck, bottleneck-reverse
            event without a change  | 'events: [{link: bottleneck}]'                          | s.yaml: events[0]: needs either schedule
            bad event setting       | 'events: [{link: bottleneck, at: 1s, set: colour=red}]'  | s.yaml: events[0].set: unknown link setting 'colour'
            unknown metric          | 'metrics: [throughput, happiness]'                      | s.yaml: metrics[1]: unknown value 'happiness' (allowed: throughput,
            missing topology        | 'topology: null'                                        | s.yaml: topology: missing (required)
            unknown topology kind   | 'flows: [{}]~topology: {kind: ring}'                    | s.yaml: topology.kind: unknown topology 'ring' (allowed: dumbbell, parking-lot, explicit)
            missing bottleneck      | 'flows: [{}]~topology: {kind: dumbbell}'                | s.yaml: topology.bottleneck: missing (required)
            red thresholds          | 'flows: [{}]~topology: {kind: dumbbell, bottleneck: {rate: 1Mbit, red: {min: 15p, max: 5p}}}' | s.yaml: topology.bottleneck.red: RED needs min < max
            red above max value     | 'flows: [{}]~topology: {kind: dumbbell, bottleneck: {rate: 1Mbit, red: {min: 5p, max: 15p, ecn: true, above_max: harddrop}}}' | s.yaml: topology.bottleneck.red.above_max: unknown value 'harddrop' (allowed: mark, drop)
            red above max no ecn    | 'flows: [{}]~topology: {kind: dumbbell, bottleneck: {rate: 1Mbit, red: {min: 5p, max: 15p, above_max: drop}}}' | s.yaml: topology.bottleneck.red.above_max: not allowed here (only with ecn: true)
            red weight range        | 'flows: [{}]~topology: {kind: dumbbell, bottleneck: {rate: 1Mbit, red: {min: 5p, max: 15p, weight: 2}}}' | s.yaml: topology.bottleneck.red.weight: out of range: 2.0
            unknown aqm             | 'flows: [{}]~topology: {kind: dumbbell, bottleneck: {rate: 1Mbit, aqm: cake}}' | s.yaml: topology.bottleneck.aqm: unknown AQM 'cake', allowed: droptail, red, codel, fq_codel, pie, dualpi2
            unknown aqm key         | 'flows: [{}]~topology: {kind: dumbbell, bottleneck: {rate: 1Mbit, aqm: "codel:target=5ms,limit=5p"}}' | s.yaml: topology.bottleneck.aqm: unknown key 'limit' for codel, allowed: target, interval, ecn
            aqm map without name    | 'flows: [{}]~topology: {kind: dumbbell, bottleneck: {rate: 1Mbit, aqm: {target: 5ms}}}' | s.yaml: topology.bottleneck.aqm.name: missing (required: one of droptail,
            aqm map bad value       | 'flows: [{}]~topology: {kind: dumbbell, bottleneck: {rate: 1Mbit, aqm: {name: pie, alpha: much}}}' | s.yaml: topology.bottleneck.aqm: pie alpha must be a number from 0 to 1000, got 'much'
            aqm with step marking   | 'flows: [{}]~topology: {kind: dumbbell, bottleneck: {rate: 1Mbit, ecn: 20p, aqm: fq_codel}}' | s.yaml: topology.bottleneck.aqm: the fq_codel AQM replaces the drop-tail queue: not with ecn on the same link
            aqm link ecn event      | 'flows: [{}]~topology: {kind: dumbbell, bottleneck: {rate: 1Mbit, aqm: codel}}~events: [{link: bottleneck, at: 1s, set: ecn=20p}]' | s.yaml: events[0].set: ecn and red act on the drop-tail queue; link 'bottleneck' runs the codel AQM
            explicit link router    | 'flows: [{}]~topology: {kind: explicit, routers: [a, b], links: [{name: ab, from: a, to: c}]}' | s.yaml: topology.links[0].to: unknown router 'c' (allowed: a, b)
            duplicate flow names    | 'flows: [{name: a}, {name: a}]'                         | s.yaml: flows: flow name 'a' is used twice
            yaml syntax             | 'flows: [{name: a'                                      | s.yaml (line
            """)
    void aBadFileGetsOneLineNamingTheFieldAndWhatIsAllowed(String what, String change, String expected) {
        String yaml = merge(change.replace('~', '\n'));
        assertThatThrownBy(() -> ScenarioParser.parse(yaml, "s.yaml"))
                .isInstanceOf(ScenarioException.class)
                .satisfies(e -> assertThat(e.getMessage()).startsWith(expected).doesNotContain("\n"));
    }

    /** BASE with each top-level key of {@code change} replacing BASE's. */
    private static String merge(String change) {
        java.util.Map<String, String> blocks = new java.util.LinkedHashMap<>();
        for (String text : new String[] {BASE, change}) {
            String key = null;
            for (String line : text.split("\n")) {
                if (!line.startsWith(" ") && line.contains(":")) {
                    key = line.substring(0, line.indexOf(':'));
                    blocks.put(key, line + "\n");
                } else if (key != null) {
                    blocks.put(key, blocks.get(key) + line + "\n");
                }
            }
        }
        return String.join("", blocks.values());
    }
}
