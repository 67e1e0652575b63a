package io.tcplab.tools.scenario;

import static org.assertj.core.api.Assertions.assertThat;

import io.tcplab.stack.conn.ConnectionInfo;
import io.tcplab.stack.conn.ConnectionOptions;
import io.tcplab.tools.link.Limit;
import io.tcplab.tools.link.LinkParams;
import io.tcplab.tools.link.RedParams;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * ECN-capable flows on a path whose queues mark them and never drop them have nothing to repair:
 * RFC 3168 §5 has a router mark an ECN-capable packet instead of dropping it, and §6.1.2 has the
 * sender answer a mark with a window reduction, no retransmission. So each such flow retransmits
 * at most its tail loss probes (RFC 8985 §7.3 may resend a segment that was merely slow) and takes
 * no RTO. Checked in one shared RED/ECN queue and across two marking points in a row, each with
 * flows that are not ECN-capable beside them, so that the queues congest and RED drops their packets.
 *
 * <p>Across two points the second queue sees packets the first one marked (CE, no longer ECT):
 * they are still ECN-capable and must be marked again, not dropped.
 */
class EcnWithoutLossTest {
    private static final long SECOND = 1_000_000_000L;
    private static final long MS = 1_000_000L;

    /** RED/ECN with a drop-tail limit slow start cannot reach: only RED acts (checked: no ECN-capable drop). */
    private static LinkParams marking() {
        return LinkParams.parse("rate=10Mbit,delay=5ms,queue=1000p")
                .setRed(new RedParams(Limit.packets(10), Limit.packets(30), 0.1, 0.002, true, RedParams.AboveMax.MARK, 1500));
    }

    private static Scenario scenario(String name, TopologySpec topology, List<FlowSpec> flows) {
        return new Scenario(name, topology, flows, List.of(), 20 * SECOND, 2 * SECOND,
                Scenario.DEFAULT_SAMPLE_NANOS, List.of(1L), Set.of(), Set.of());
    }

    private static List<FlowSpec> group(String name, int count, boolean ecn, String from, String to) {
        ConnectionOptions options = ConnectionOptions.builder().congestionControl("reno").ecn(ecn).sack(ecn).build();
        List<FlowSpec> flows = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            flows.add(FlowSpec.bulk(name + "." + i, from, to, -1, options).startingAt(i * 200 * MS));
        }
        return flows;
    }

    private static void assertEcnFlowsRepairNothing(ScenarioResult r, List<String> markingLinks) {
        for (String link : markingLinks) {
            LinkSeries l = r.link(link);
            assertThat(l.ectDropped()).as("ECN-capable packets dropped at %s", link).isZero();
            assertThat(l.stats().ceMarked()).as("marks at %s", link).isPositive();
            assertThat(l.earlyDropped()).as("RED drops of the other flows at %s", link).isPositive();
        }
        for (FlowSeries f : r.flows()) {
            if (!f.flow().name().startsWith("ecn")) {
                continue;
            }
            ConnectionInfo info = f.info();
            assertThat(info.ecn()).as("%s negotiated ECN", f.flow().name()).isTrue();
            assertThat(info.rtoCount()).as("%s RTOs", f.flow().name()).isZero();
            assertThat(info.segmentsRetransmitted()).as("%s retransmissions", f.flow().name())
                    .isLessThanOrEqualTo(info.tlpProbes());
            assertThat(info.bytesAcked()).as("%s moved data", f.flow().name()).isGreaterThan(1_000_000);
        }
    }

    @Test
    void oneSharedMarkingQueue() {
        TopologySpec dumbbell = TopologySpec.dumbbell(marking(), marking(), LinkParams.parse("rate=1Gbit,delay=5ms"));
        List<FlowSpec> flows = new ArrayList<>(group("ecn", 4, true, "left", "right"));
        flows.addAll(group("plain", 4, false, "left", "right"));
        ScenarioResult r = MultiFlowRunner.run(scenario("one queue", dumbbell, flows), 1);
        assertEcnFlowsRepairNothing(r, List.of("bottleneck"));
    }

    @Test
    void twoMarkingQueuesInARow() {
        TopologySpec lot = TopologySpec.parkingLot(2, marking(), marking(), LinkParams.parse("rate=1Gbit,delay=5ms"));
        List<FlowSpec> flows = new ArrayList<>(group("ecn", 4, true, "r0", "r2"));
        flows.addAll(group("cp1", 4, false, "r0", "r1"));
        flows.addAll(group("cp2", 4, false, "r1", "r2"));
        ScenarioResult r = MultiFlowRunner.run(scenario("two points", lot, flows), 1);
        assertEcnFlowsRepairNothing(r, List.of("cp1", "cp2"));
    }
}
