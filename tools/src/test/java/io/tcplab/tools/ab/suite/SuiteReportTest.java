package io.tcplab.tools.ab.suite;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.tcplab.tools.ab.AbResult;
import io.tcplab.tools.ab.AbResults;
import io.tcplab.tools.ab.OutsideDrops;
import io.tcplab.tools.link.LinkSchedule;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The suite's rows and report on made-up results, with ratios and intervals worked by hand. */
class SuiteReportTest {
    static final SuitePath CLEAN = path("clean", List.of("reno", "cubic", "bbr"), false);
    static final SuitePath ECN = path("ecn", List.of("reno", "dctcp"), true);
    static final Suite SUITE = new Suite("test.yaml", List.of(CLEAN, ECN), List.of(1L, 2L, 3L));

    static SuitePath path(String name, List<String> algorithms, boolean ecn) {
        return new SuitePath(name, 16 << 20, 100_000_000L, 20_000_000L, null, 0, 0, ecn, null,
                new LinkSchedule(List.of()), algorithms);
    }

    /** tcplab/kernel: goodput 1, 0.5, 2 (times 1, 2, 0.5 s against 1 s); retransmissions 1; cwnd 1.1, 1.21, 1.331; RTT 1. */
    static SuiteRow compared() {
        long[] tcplabMillis = {1000, 2000, 500};
        long[] tcplabCwnd = {110_000, 121_000, 133_100};
        List<SuiteCell> cells = new java.util.ArrayList<>();
        for (int i = 0; i < 3; i++) {
            cells.add(SuiteCell.ran(i + 1, AbResults.withValues(1000, tcplabMillis[i], 100, 100, 100_000, tcplabCwnd[i],
                    20, 20, AbResults.noDrops())));
        }
        return new SuiteRow(CLEAN, "reno", null, cells);
    }

    /** Seed 2's tcplab run lost 12 packets in a TUN ring. */
    static SuiteRow refused() {
        OutsideDrops lost = new OutsideDrops.Builder().add("tlkt0 TX", 12).build();
        return new SuiteRow(CLEAN, "cubic", null, List.of(
                SuiteCell.ran(1, AbResults.withValues(1000, 1000, 1, 1, 1, 1, 20, 20, AbResults.noDrops())),
                SuiteCell.ran(2, AbResults.withValues(1000, 1000, 1, 1, 1, 1, 20, 20, lost)),
                SuiteCell.ran(3, AbResults.withValues(1000, 1000, 1, 1, 1, 1, 20, 20, AbResults.noDrops()))));
    }

    /** The kernel retransmitted nothing with seed 3: no retransmission ratio; goodput 0.95 each time. */
    static SuiteRow noKernelRetransmits() {
        List<SuiteCell> cells = new java.util.ArrayList<>();
        for (int i = 0; i < 3; i++) {
            cells.add(SuiteCell.ran(i + 1, AbResults.withValues(950, 1000, i == 2 ? 0 : 10, 12, 100_000, 100_000, 20,
                    21, AbResults.noDrops())));
        }
        return new SuiteRow(CLEAN, "bbr", null, cells);
    }

    static List<SuiteRow> rows() {
        return List.of(compared(), refused(), noKernelRetransmits(),
                new SuiteRow(ECN, "reno", null, List.of(SuiteCell.failed(1, "kernel run: no EOF after 60 s"),
                        SuiteCell.ran(2, AbResults.sample()), SuiteCell.ran(3, AbResults.sample()))),
                SuiteRow.skipped(ECN, "dctcp", "the kernel lacks tcp_dctcp (its algorithms: reno, bbr, cubic)"));
    }

    @Test
    void ratiosAndIntervalsByHand() {
        SuiteRow row = compared();
        assertThat(row.status()).isEqualTo(SuiteRow.Status.COMPARED);
        // goodput: logs 0, -ln 2, ln 2: mean 0, sd ln 2, half-width 4.3027 / sqrt 3 ln 2 = 2.4842 ln 2
        RatioInterval g = row.ratio(Metric.GOODPUT);
        assertThat(g.value()).isCloseTo(1.0, within(1e-12));
        assertThat(g.low()).isCloseTo(0.1787, within(1e-4));
        assertThat(g.high()).isCloseTo(5.5951, within(1e-4));
        assertThat(g.flagged()).isFalse();
        // cwnd: logs ln 1.1 x (1, 2, 3): mean 2 ln 1.1 (1.21), sd ln 1.1, half-width 2.4842 ln 1.1 = 0.23677
        RatioInterval c = row.ratio(Metric.CWND_MEAN);
        assertThat(c.value()).isCloseTo(1.21, within(1e-9));
        assertThat(c.low()).isCloseTo(0.9549, within(1e-4));
        assertThat(c.high()).isCloseTo(1.5332, within(1e-4));
        assertThat(c.flagged()).isTrue();
        assertThat(row.ratio(Metric.RETRANSMITS).value()).isCloseTo(1.0, within(1e-12));
        assertThat(row.ratio(Metric.RTT_MEAN).value()).isCloseTo(1.0, within(1e-12));
        // the kernel's goodput is 16 MiB in 1 s each time
        assertThat(row.mean(Metric.GOODPUT, true)).isCloseTo((16 << 20) * 8.0, within(1e-3));
    }

    @Test
    void aRunThatLostPacketsOutsideTheLinkRefusesItsRow() {
        SuiteRow row = refused();
        assertThat(row.status()).isEqualTo(SuiteRow.Status.REFUSED);
        assertThat(row.reason()).isEqualTo("seed 2: no comparison: packets were dropped outside the link, which only "
                + "the link may do (kernel run: 0; tcplab run: 12 (tlkt0 TX 12))");
    }

    @Test
    void aFailedRunFailsItsRowAheadOfAnything() {
        assertThat(rows().get(3).status()).isEqualTo(SuiteRow.Status.FAILED);
        assertThat(rows().get(3).reason()).isEqualTo("seed 1: kernel run: no EOF after 60 s");
    }

    @Test
    void table() {
        assertThat(SuiteReport.text(SUITE, rows(), "linux")).isEqualTo("""
                ab suite test.yaml: 2 paths, 5 rows, seeds 1, 2, 3, tcplab profile linux
                tcplab/kernel over the seeds: geometric mean [95 % interval]; * outside 0.90-1.10; - no ratio (a seed had 0 or nothing on one side)
                path   algorithm  kernel Mbit/s  goodput           retransmissions   cwnd mean           RTT mean
                clean  reno              134.22  1.00 [0.18-5.60]  1.00 [1.00-1.00]  1.21 [0.95-1.53] *  1.00 [1.00-1.00]
                clean  cubic      refused: seed 2: no comparison: packets were dropped outside the link, which only the link may do (kernel run: 0; tcplab run: 12 (tlkt0 TX 12))
                clean  bbr               141.28  0.95 [0.95-0.95]  -                 1.00 [1.00-1.00]    1.05 [1.05-1.05]
                ecn    reno       failed: seed 1: kernel run: no EOF after 60 s
                ecn    dctcp      skipped: the kernel lacks tcp_dctcp (its algorithms: reno, bbr, cubic)
                5 rows: 2 compared (1 with a ratio outside ±10 %), 1 refused, 1 skipped, 1 failed
                """);
    }

    @Test
    void json() throws Exception {
        JsonNode root = new ObjectMapper().readTree(SuiteReport.json(SUITE, rows(), "linux"));
        assertThat(root.get("suite").asText()).isEqualTo("test.yaml");
        assertThat(root.get("parity").asDouble()).isEqualTo(0.1);
        JsonNode rows = root.get("rows");
        assertThat(rows.size()).isEqualTo(5);
        JsonNode first = rows.get(0);
        assertThat(first.get("status").asText()).isEqualTo("compared");
        assertThat(first.get("reason").isNull()).isTrue();
        assertThat(first.at("/ratios/cwndMean/value").asDouble()).isCloseTo(1.21, within(1e-9));
        assertThat(first.at("/ratios/cwndMean/low").asDouble()).isCloseTo(0.9549, within(1e-4));
        assertThat(first.at("/ratios/cwndMean/flagged").asBoolean()).isTrue();
        assertThat(first.at("/runs/1/seed").asLong()).isEqualTo(2);
        assertThat(first.at("/runs/1/tcplab/goodput").asDouble()).isCloseTo((16 << 20) * 4.0, within(1e-3));
        assertThat(rows.get(2).at("/ratios/retransmits/value").isNull()).as("no ratio with a 0").isTrue();
        assertThat(rows.get(1).get("status").asText()).isEqualTo("refused");
        assertThat(rows.get(1).get("ratios").isNull()).isTrue();
        assertThat(rows.get(1).at("/runs/1/refusal").asText()).startsWith("no comparison");
        assertThat(rows.get(3).at("/runs/0/failure").asText()).isEqualTo("kernel run: no EOF after 60 s");
        assertThat(rows.get(4).get("status").asText()).isEqualTo("skipped");
        assertThat(rows.get(4).get("runs").size()).isZero();
    }

    @Test
    void oneSeedPrintsTheRatioAlone() {
        AbResult r = AbResults.withValues(1000, 1250, 10, 12, 100, 80, 20, 25, AbResults.noDrops());
        SuiteRow row = new SuiteRow(CLEAN, "reno", null, List.of(SuiteCell.ran(1, r)));
        assertThat(SuiteReport.format(row.ratio(Metric.GOODPUT))).isEqualTo("0.80 *");
        assertThat(SuiteReport.format(row.ratio(Metric.RETRANSMITS))).isEqualTo("1.20 *");
        assertThat(SuiteReport.format(row.ratio(Metric.RTT_MEAN))).isEqualTo("1.25 *");
    }
}
