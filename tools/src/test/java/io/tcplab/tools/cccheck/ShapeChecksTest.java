package io.tcplab.tools.cccheck;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The window-shape cases of {@code tcplab cc check} in CI: one loss on a 100 ms path without
 * queueing, the growth after it within 10% of each algorithm's published rule (deterministic,
 * so no random-loss slack). HighSpeed's RFC a(w) rows are information only: the Linux table the
 * algorithm uses rounds a(w) up (docs/cc-loss-based.md).
 */
class ShapeChecksTest {

    private static void allPass(List<CheckRow> rows) {
        for (CheckRow row : rows) {
            System.out.printf("%-10s %-32s %8.3f %8.3f %+6.1f%% %s%n", row.algorithm(), row.caseName(), row.model(),
                    row.measured(), 100 * row.error(), row.verdict());
        }
        for (CheckRow row : rows) {
            assertThat(row.pass()).as("%s %s: measured %.3f vs model %.3f (%s)", row.algorithm(), row.caseName(),
                    row.measured(), row.model(), row.note()).isTrue();
        }
    }

    @Test
    void cubicFollowsRfc9438AfterOneLoss() {
        List<CheckRow> rows = ShapeChecks.cubic();
        assertThat(rows).hasSize(5);
        allPass(rows);
    }

    @Test
    void bicSearchesBinarily() {
        allPass(ShapeChecks.bic());
    }

    @Test
    void highspeedDecreasesByRfcBAndGrowsByTheTable() {
        List<CheckRow> rows = ShapeChecks.highspeed();
        assertThat(rows).filteredOn(r -> r.rule() == CheckRow.Rule.WITHIN).hasSize(6);
        allPass(rows);
    }

    @Test
    void scalableIsMimd() {
        allPass(ShapeChecks.scalable());
    }

    @Test
    void htcpAlphaGrowsWithTimeSinceTheLoss() {
        allPass(ShapeChecks.htcp());
    }

    /** The check can fail: BIC's steps are not CUBIC's. */
    @Test
    void aWrongModelFails() {
        CwndTrace tr = OneLoss.run("reno", 400, 500, 2_000_000_000L, 30_000_000_000L);
        long t0 = tr.exitTime(0);
        double perRtt = ShapeChecks.growthPerRtt(tr, t0, OneLoss.RTT, 1, 11);
        assertThat(perRtt).as("Reno's +1 per RTT").isBetween(0.9, 1.1);
        assertThat(new CheckRow("reno", "as htcp", 11.25, perRtt, 0.10, "").pass()).isFalse();
    }
}
