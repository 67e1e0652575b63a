package io.tcplab.tools.scenario.real;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tcplab.tools.scenario.FlowSpec;
import io.tcplab.tools.scenario.ScenarioException;
import io.tcplab.tools.scenario.ScenarioParser;
import java.util.List;
import org.junit.jupiter.api.Test;

/** What real mode refuses (one line naming the field), leaves out (and says), and how it groups senders. */
class RealPlanTest {
    private static final List<String> KERNEL = List.of("reno", "cubic");
    private static final String DUMBBELL = """
            duration: 10s
            topology: {kind: dumbbell, bottleneck: {rate: 20Mbit, delay: 5ms, queue: 50KB}, access: {delay: 1ms}}
            """;

    private static RealPlan plan(String yaml) {
        return RealPlan.of(ScenarioParser.parse(yaml, "s.yaml"), "s.yaml", KERNEL);
    }

    @Test
    void flowsWithTheSameRttAndStackShareASenderNamespace() {
        RealPlan p = plan(DUMBBELL + """
                flows:
                  - {name: a, rtt: 40ms}
                  - {name: b, rtt: 40ms}
                  - {name: k, rtt: 40ms, stack: kernel, cc: cubic}
                  - {name: far, rtt: 80ms}
                """);
        assertThat(p.flows()).extracting(FlowSpec::name).containsExactly("a", "b", "k", "far");
        assertThat(p.groups()).hasSize(3);
        RealPlan.Group tcplab40 = p.groups().get(0);
        assertThat(tcplab40.flows()).containsExactly(0, 1);
        assertThat(tcplab40.kernel()).isFalse();
        assertThat(tcplab40.router()).isEqualTo("left");
        // 40 ms = bottleneck 5 + 5 ms, receiver access 1 + 1 ms, sender access 14 + 14 ms: one way 14 + 1
        assertThat(tcplab40.oneWayNanos()).isEqualTo(15_000_000L);
        assertThat(p.groupOf(2).kernelAlgorithm()).isEqualTo("cubic");
        assertThat(p.groupOf(3).oneWayNanos()).isEqualTo(35_000_000L);
        assertThat(p.leftOut()).isEmpty();
    }

    @Test
    void webAndOnOffFlowsAreLeftOutAndNamed() {
        RealPlan p = plan(DUMBBELL + """
                flows: [{name: a}]
                background:
                  - {name: web, traffic: web, load: 2Mbit}
                  - {name: blink, traffic: onoff, on: 1s, off: 1s}
                  - {name: rev, direction: reverse, stack: kernel}
                """);
        assertThat(p.flows()).extracting(FlowSpec::name).containsExactly("a", "rev");
        assertThat(p.leftOut()).containsExactly("web (web traffic)", "blink (on/off traffic)");
        assertThat(p.groupOf(1).router()).as("a reverse flow sends from the right").isEqualTo("right");
    }

    @Test
    void parkingLotSendersAttachToTheirOwnRouters() {
        RealPlan p = plan("""
                topology: {kind: parking-lot, congestion_points: 2, bottleneck: {rate: 10Mbit, delay: 5ms}}
                flows: [{name: long}, {name: cross1, from: r0, to: r1}, {name: cross2, from: r1, to: r2}]
                """);
        assertThat(p.groups()).extracting(RealPlan.Group::router).containsExactly("r0", "r1");
        assertThat(p.groupOf(0).flows()).containsExactly(0, 1);
    }

    @Test
    void aKernelFlowNeedsAnAlgorithmTheKernelHasAndNoParameters() {
        assertThatThrownBy(() -> plan(DUMBBELL + "flows: [{name: k, stack: kernel, cc: htcp}]\n"))
                .hasMessage("s.yaml: flow k: cc: the kernel has no congestion control 'htcp' (allowed: reno, cubic)");
        assertThatThrownBy(() -> plan(DUMBBELL + "flows: [{name: k, stack: kernel, cc: 'cubic:beta=0.8'}]\n"))
                .hasMessageStartingWith("s.yaml: flow k: cc: 'cubic:beta=0.8': a kernel flow takes no parameters");
    }

    @Test
    void eventsOnlyOnTopologyLinks() {
        assertThatThrownBy(() -> plan(DUMBBELL + """
                flows: [{name: a}]
                events: [{link: a-s->left, at: 1s, set: delay=10ms}]
                """)).isInstanceOf(ScenarioException.class).hasMessage("s.yaml: events[0].link: 'a-s->left' does not "
                + "change in real mode (allowed there: the topology's links bottleneck, bottleneck-reverse; access "
                + "links carry delay only)");
    }

    @Test
    void nothingLeftToRunIsAnError() {
        assertThatThrownBy(() -> plan(DUMBBELL + "flows: [{name: w, traffic: web, load: 1Mbit}]\n"))
                .hasMessage("s.yaml: flows: nothing runs in real mode (left out: w (web traffic))");
    }
}
