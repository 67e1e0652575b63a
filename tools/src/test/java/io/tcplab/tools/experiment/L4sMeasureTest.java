package io.tcplab.tools.experiment;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.tcplab.tools.link.aqm.AqmSpec;
import io.tcplab.tools.link.aqm.ServedAqm;
import io.tcplab.tools.scenario.LinkSeries;
import io.tcplab.tools.scenario.MultiFlowRunner;
import io.tcplab.tools.scenario.Scenario;
import io.tcplab.tools.scenario.ScenarioResult;
import org.junit.jupiter.api.Test;

/**
 * The l4s experiment's numbers mean what their names say, checked against the link's own
 * counters on a 10 s run of the built-in scenario (1 s warm-up) under DualPI2: the per-queue
 * marks and drops are the link's CE marks and drops of the measured window, split; the packets
 * that left the two queues are the link's deliveries of the window; Prague's data is L4S and
 * CUBIC's not; the share is the ratio of the two goodputs.
 */
class L4sMeasureTest {
    private static final long S = 1_000_000_000L;

    @Test
    void perQueueCountsAddUpToTheLinksOverTheMeasuredWindow() {
        ServedAqm dualpi2 = (ServedAqm) AqmSpec.parse("dualpi2");
        ScenarioTemplate cell = new L4sSetup(ScenarioTemplate.builtIn(L4sSetup.TEMPLATE), 10 * S).cell(dualpi2, 3);
        Scenario scenario = cell.scenario();
        ScenarioResult run = MultiFlowRunner.run(scenario, 3);
        L4sResult r = L4sMeasure.of(scenario, run);

        LinkSeries link = run.link("bottleneck");
        int from = run.measuredFrom();
        int to = run.lastSample();
        assertThat(r.l4sQueue().marked() + r.classicQueue().marked())
                .isEqualTo(link.ceMarked()[to] - link.ceMarked()[from]).isPositive();
        assertThat(r.l4sQueue().dropped() + r.classicQueue().dropped())
                .isEqualTo(link.dropped()[to] - link.dropped()[from]);
        // packets that left the queues in the window: those offered, less those dropped, less what the queue grew
        // by (the sample counts the packet on the transmitter too: one either way)
        long left = link.offered()[to] - link.offered()[from] - (link.dropped()[to] - link.dropped()[from])
                - (link.queuePackets()[to] - link.queuePackets()[from]);
        assertThat(r.l4sQueue().packets() + r.classicQueue().packets()).isCloseTo(left, within(1L));
        assertThat(r.flows()).extracting(L4sResult.Flow::name, L4sResult.Flow::l4s)
                .containsExactly(org.assertj.core.groups.Tuple.tuple("prague", true),
                        org.assertj.core.groups.Tuple.tuple("cubic", false));
        assertThat(r.l4sOverClassic()).isCloseTo(r.flows().get(0).mbps() / r.flows().get(1).mbps(), within(1e-9));
        assertThat(r.l4sQueue().p50Ms()).isLessThanOrEqualTo(r.l4sQueue().p99Ms());
        assertThat(r.l4sQueue().quantilesMs()[99]).isEqualTo(r.l4sQueue().p50Ms());
        assertThat(r.aqm()).isEqualTo(dualpi2.toString());
        assertThat(r.cell()).isEqualTo("dualpi2");
        // the classic queue's marks: CUBIC sends Not-ECT, so the C queue drops and never marks
        assertThat(r.classicQueue().marked()).isZero();
        assertThat(r.l4sQueue().dropped()).isZero();
    }

    @Test
    void aCellNamesItsAqmByItsSettingsOnlyWhenTheyAreNotTheDefaults() {
        assertThat(L4sExperiment.label("fq_codel")).isEqualTo("fq_codel");
        assertThat(L4sExperiment.label("dualpi2:step=2ms")).startsWith("dualpi2_target_15ms").contains("step_2ms")
                .doesNotContain(",", ":", "=");
    }
}
