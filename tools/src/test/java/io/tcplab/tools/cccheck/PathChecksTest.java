package io.tcplab.tools.cccheck;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The delay-based and BBR cases of {@code tcplab cc check}: FAST within 10% of α packets per
 * flow, Vegas within [α, β] per flow, for 1, 2 and 4 flows through one bottleneck; BBR at 100
 * Mbit/s, 40 ms, 10-BDP buffer above 95% utilization with a median queueing delay of at most one
 * RTprop; DCTCP's α and queue against its paper. Each is deterministic (no random loss).
 */
class PathChecksTest {

    private static void check(CheckRow row) {
        System.out.printf("%-6s %-30s %8.3f %8.3f %+6.1f%% %s%n", row.algorithm(), row.caseName(), row.model(),
                row.measured(), 100 * row.error(), row.verdict());
        assertThat(row.pass()).as("%s %s: %.3f vs %.3f (%s, %s)", row.algorithm(), row.caseName(), row.measured(),
                row.model(), row.criterion(), row.note()).isTrue();
    }

    @Test
    void fastQueuesAlphaPerFlow() {
        for (int flows : new int[] {1, 2, 4}) {
            check(DelayEquilibriumCheck.fast(flows, 20));
        }
    }

    @Test
    void vegasQueuesBetweenAlphaAndBeta() {
        for (int flows : new int[] {1, 2, 4}) {
            check(DelayEquilibriumCheck.vegas(flows));
        }
    }

    /**
     * DCTCP against its paper's §3.3 model, 1 and 2 flows at 1 Gbit/s, 1 ms, K = 20: α within 10%
     * of √(2/W*), within 5% of the marked fraction at the queue, the queue's peak within 10% of
     * K + N and its swing within 10% of ½√(2N(C·RTT+K)).
     */
    @Test
    void dctcpMatchesItsPaper() {
        for (int flows : new int[] {1, 2}) {
            DctcpCheck.rows(flows).forEach(PathChecksTest::check);
        }
    }

    @Test
    void bbrFillsThePipeWithoutFillingTheBuffer() {
        List<CheckRow> rows = BbrPathCheck.run();
        rows.forEach(PathChecksTest::check);
    }

    /** The check can fail: Reno fills the buffer that BBR leaves empty. */
    @Test
    void renoIsNotDelayBased() {
        double q = DelayEquilibriumCheck.meanQueuePerFlow("reno", 1);
        assertThat(new CheckRow("reno", "as fast", 20, q, 0.10, "").pass()).as("reno queue %.1f", q).isFalse();
    }

    @Test
    void bbr3MeetsTheDraftsUtilizationQueueAndLossGoals() {
        Bbr3PathCheck.run().forEach(PathChecksTest::check);
    }

    /**
     * Each bbr3 row can fail: a loss-based window fills the deep buffer (CUBIC's queue passes 1.5
     * BDP); BBR v1 ignores loss and drops several percent in a shallow buffer; Reno's 1%-loss
     * window (Mathis: about 12 segments) is far below the BDP; and a ProbeRTT every 200 ms keeps
     * bbr3 at half the BDP half the time.
     */
    @Test
    void eachBbr3RowCanFail() {
        assertThat(Bbr3PathCheck.queueRow("cubic", Bbr3PathCheck.run("cubic", 1, 10, 0)).pass()).isFalse();
        assertThat(Bbr3PathCheck.dropRateRow("bbr", Bbr3PathCheck.run("bbr", 2, 0.1, 0)).pass()).isFalse();
        assertThat(Bbr3PathCheck.lossyUtilizationRow("reno", Bbr3PathCheck.run("reno", 1, 10, 0.01)).pass())
                .isFalse();
        String probeRttOften = "bbr3:probe_rtt_interval_ms=200";
        assertThat(Bbr3PathCheck.utilizationRow(probeRttOften, Bbr3PathCheck.run(probeRttOften, 1, 10, 0)).pass())
                .isFalse();
    }

    /** (1 − 0.99^63)/0.63 by hand: 0.99^63 = 0.5309, so 0.4691/0.63 = 0.7446. */
    @Test
    void cruiseDecayMeanByHand() {
        assertThat(Bbr3PathCheck.cruiseDecayMean(0.01, 63)).isCloseTo(0.7446, org.assertj.core.api.Assertions.within(1e-4));
    }

    /**
     * Prague under DualPI2 beside CUBIC: about 2.7 marks per RTT at 40 and 120 Mbit/s alike, the L
     * queue's p99 under the 1 ms step; alone, a full link; and under RED the evenly spread marks'
     * 2.5 per RTT.
     */
    @Test
    void pragueIsScalable() {
        PragueDualPi2Check.run().forEach(PathChecksTest::check);
        PragueCheck.run().forEach(PathChecksTest::check);
    }

    /**
     * Each prague row can fail. Reno that sends ECT(1) ({@link L4sReno}, what RFC 9331 §4.3 forbids)
     * halves at a mark and takes W/2 round trips to come back: under DualPI2 it sees far fewer marks
     * per RTT than the model, fewer the faster it goes, and alone it leaves the link idle between
     * halvings (0.60 marks per RTT beside CUBIC at 40 Mbit/s when written); under RED Reno sees 0.014
     * marks per RTT at 50 Mbit/s and a Prague whose α hardly leaves 1 (g = 1/1024) leaves RED's short
     * queue empty between its responses. Alone under a step at 5 ms, Prague's L queue sits near 5 ms
     * (beside CUBIC the coupled marks keep it short whatever the step).
     */
    @Test
    void eachPragueRowCanFail() {
        PragueDualPi2Check.Measured slow = PragueDualPi2Check.run(L4sReno.options(), 40_000_000L,
                PragueDualPi2Check.DUALPI2, true);
        PragueDualPi2Check.Measured fast = PragueDualPi2Check.run(L4sReno.options(), 120_000_000L,
                PragueDualPi2Check.DUALPI2, true);
        assertThat(PragueDualPi2Check.marksRow("l4s-reno", slow).pass()).as("%s", slow).isFalse();
        assertThat(PragueDualPi2Check.invarianceRow("l4s-reno", slow, fast).pass()).as("%s %s", slow, fast).isFalse();
        PragueDualPi2Check.Measured alone = PragueDualPi2Check.run(L4sReno.options(), 120_000_000L,
                PragueDualPi2Check.DUALPI2, false);
        assertThat(PragueDualPi2Check.utilizationRow("l4s-reno", alone).pass()).as("%s", alone).isFalse();
        PragueDualPi2Check.Measured deepStep = PragueDualPi2Check.run("prague", 120_000_000L, "dualpi2:step=5ms", false);
        assertThat(PragueDualPi2Check.queueRow("prague", deepStep).pass()).as("%s", deepStep).isFalse();
        PragueCheck.Measured reno = PragueCheck.run("reno", 50_000_000L);
        assertThat(PragueCheck.marksRow("reno", reno).pass()).as("%s", reno).isFalse();
        String stiff = "prague:g=0.0009765625";
        assertThat(PragueCheck.utilizationRow(stiff, PragueCheck.run(stiff, 50_000_000L)).pass()).isFalse();
    }
}
