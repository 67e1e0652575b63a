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

    /** Prague under RED: about 2.5 marks per RTT at 50 and 200 Mbit/s alike, and a full link. */
    @Test
    void pragueIsScalable() {
        PragueCheck.run().forEach(PathChecksTest::check);
    }

    /**
     * Each prague row can fail: Reno halves at a mark and takes W/2 round trips to come back, so it
     * sees about one mark per W/2 RTTs, fewer the faster it goes (0.040 per RTT at 12.5 Mbit/s,
     * 0.014 at 50 when written); and a Prague whose α barely moves from 1 (g = 1/1024) halves at
     * each response and leaves RED's short queue empty between them (90% of the link).
     */
    @Test
    void eachPragueRowCanFail() {
        PragueCheck.Measured slow = PragueCheck.run("reno", 12_500_000L);
        PragueCheck.Measured fast = PragueCheck.run("reno", 50_000_000L);
        assertThat(PragueCheck.invarianceRow("reno", slow, fast).pass()).as("%s", fast).isFalse();
        assertThat(PragueCheck.marksRow("reno", fast).pass()).as("%s", fast).isFalse();
        String stiff = "prague:g=0.0009765625";
        assertThat(PragueCheck.utilizationRow(stiff, PragueCheck.run(stiff, 50_000_000L)).pass()).isFalse();
    }
}
