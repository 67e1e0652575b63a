package io.tcplab.tools.scenario.real;

import static org.assertj.core.api.Assertions.assertThat;

import io.tcplab.tools.ab.PathSizing;
import io.tcplab.tools.scenario.Scenario;
import io.tcplab.tools.scenario.ScenarioParser;
import org.junit.jupiter.api.Test;

/** A real network's buffers follow its largest window, each link's rings the flows crossing it. */
class RealSizingTest {

    private static RealSizing sizing(String yaml) {
        Scenario s = ScenarioParser.parse(yaml, "s.yaml");
        return RealSizing.of(s.topology(), s.flows(), 1500);
    }

    @Test
    void theLongestRttSizesTheBuffersOfEveryNamespace() {
        RealSizing r = sizing("""
                duration: 10s
                topology: {kind: dumbbell, bottleneck: {rate: 100Mbit, delay: 5ms, queue: 500KB}, access: {delay: 1ms}}
                flows:
                  - {name: a, rtt: 40ms}
                  - {name: k, rtt: 40ms, stack: kernel, cc: cubic}
                  - {name: far, rtt: 80ms, stack: kernel}
                """);
        // 100 Mbit/s x 80 ms = 1 MB, plus the 500 KB queue there
        assertThat(r.sizing().windowBytes()).isEqualTo(1_000_000 + 500_000);
        assertThat(r.sizing()).isEqualTo(PathSizing.ofWindow(1_500_000, 1500));
        // all three cross the bottleneck (data one way, ACKs the other): room for three receive windows
        assertThat(r.flowsPerLink()).containsExactly(3);
        assertThat(r.linkQueuePackets(0)).isEqualTo(3 * r.sizing().deviceQueuePackets());
        assertThat(r.queuePackets(1)).isEqualTo(r.sizing().deviceQueuePackets());
    }

    @Test
    void aParkingLotsCrossFlowsLoadOnlyTheirOwnPointAndQueuesAddUp() {
        RealSizing r = sizing("""
                duration: 6s
                topology:
                  kind: parking-lot
                  congestion_points: 2
                  bottleneck: {rate: 10Mbit, delay: 5ms, queue: 25KB}
                flows:
                  - {name: long, rtt: 30ms}
                  - {name: cross1, from: r0, to: r1, rtt: 30ms, stack: kernel}
                  - {name: back, direction: reverse, rtt: 30ms, stack: kernel}
                """);
        assertThat(r.flowsPerLink()).containsExactly(3, 2);
        // the long flow waits in both queues: 10 Mbit/s x 30 ms + 2 x 25 KB
        assertThat(r.sizing().windowBytes()).isEqualTo(37_500 + 50_000);
    }

    @Test
    void anUnlimitedQueueGetsTheCeiling() {
        RealSizing r = sizing("""
                duration: 10s
                topology: {kind: dumbbell, bottleneck: {rate: 100Mbit, delay: 5ms}}
                flows: [{name: a, rtt: 40ms}]
                """);
        assertThat(r.sizing()).isEqualTo(PathSizing.ofWindow(Long.MAX_VALUE, 1500));
    }

    /**
     * A tcplab flow's send buffer is the kernel senders' ceiling, not the emulator's 2 BDP + queue, so
     * that neither side's buffer holds its window back; a buffer the file sets stays.
     */
    @Test
    void aTcplabFlowGetsTheKernelSendersBufferCeiling() {
        Scenario s = ScenarioParser.parse("""
                duration: 10s
                topology: {kind: dumbbell, bottleneck: {rate: 20Mbit, delay: 5ms, queue: 50KB}, access: {delay: 1ms}}
                flows:
                  - {name: auto, rtt: 20ms}
                  - {name: set, rtt: 20ms, send_buffer: 1MB}
                """, "s.yaml");
        int ceiling = RealSizing.of(s.topology(), s.flows(), 1500).sizing().socketBufferBytes();
        assertThat(ceiling).isEqualTo(4 << 20);
        // the emulator's: 2 x (20 Mbit/s x 20 ms = 50 kB) + the 50 kB queue
        assertThat(io.tcplab.tools.scenario.FlowPath.of(s.topology(), s.flows().get(0)).options(s.flows().get(0))
                .sendBufferBytes).isEqualTo(150_000);
        assertThat(RealScenarioRunner.tcplabOptions(s.topology(), s.flows().get(0), ceiling).sendBufferBytes)
                .isEqualTo(ceiling);
        assertThat(RealScenarioRunner.tcplabOptions(s.topology(), s.flows().get(1), ceiling).sendBufferBytes)
                .isEqualTo(1_000_000);
    }
}
