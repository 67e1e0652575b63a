package io.tcplab.tools.cccheck;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * The cheap cases of {@code tcplab cc check} in CI: deterministic periodic loss, mean window
 * within 10% of the published response function (each case well under a second of wall time).
 * HighSpeed is judged against a fluid model of the Linux table it implements (10%); RFC 3649's
 * 0.12/p^0.835 is shown beside it as information, never as a pass (see docs/cc-loss-based.md).
 */
class ResponseFunctionCheckTest {
    private static final long MS = 1_000_000L;

    @Test
    void renoFollowsMathis() {
        for (double p : new double[] {1e-2, 1e-3}) {
            CheckRow row = ResponseFunctionCheck.run("reno", "reno", p, 10 * MS, CcChecks::reno, "mathis", 0.10);
            assertThat(row.pass()).as("%s: %s vs %s", row.caseName(), row.measured(), row.model()).isTrue();
        }
    }

    @Test
    void cubicIsRenoFriendlyAtShortRtts() {
        CheckRow row = ResponseFunctionCheck.run("cubic", "cubic:hystart=off", 1e-3, 10 * MS, CcChecks::cubic, "rfc9438", 0.10);
        assertThat(row.pass()).as("%s vs %s", row.measured(), row.model()).isTrue();
    }

    @Test
    void highspeedFollowsItsTableAndReportsTheRfcGap() {
        java.util.List<CheckRow> rows = ResponseFunctionCheck.runBoth("highspeed", "highspeed", 1e-4, 10 * MS,
                CcChecks::highspeedTable, "table", CcChecks::highspeed, "rfc3649", 0.10);
        assertThat(rows.get(0).pass()).as("%s vs table model %s", rows.get(0).measured(), rows.get(0).model()).isTrue();
        assertThat(rows.get(1).rule()).isEqualTo(CheckRow.Rule.INFO);
        assertThat(rows.get(1).error()).as("the table lies above RFC 3649's formula").isGreaterThan(0.10);
    }

    /** The table rounds a(w) up, so its response function lies above RFC 3649's at every p. */
    @Test
    void tableModelLiesAboveTheRfcFormula() {
        for (double p : new double[] {1e-3, 1e-4, 1e-5}) {
            assertThat(HighSpeedTableModel.meanWindow(p)).as("p=%s", p).isGreaterThan(CcChecks.highspeed(p, 0));
        }
    }

    /** The check can fail: Scalable's window is far above Reno's response function. */
    @Test
    void aWrongModelFails() {
        CheckRow row = ResponseFunctionCheck.run("scalable", "scalable", 1e-3, 10 * MS, (p, rtt) -> 0.5 / Math.sqrt(p),
                "wrong", 0.10);
        assertThat(row.pass()).isFalse();
    }
}
