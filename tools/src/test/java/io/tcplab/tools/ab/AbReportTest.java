package io.tcplab.tools.ab;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.tcplab.stack.conn.ConnectionOptions;
import io.tcplab.tools.link.Limit;
import io.tcplab.tools.link.LinkParams;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The table, the JSON, the refusal and the plot of an A/B result made up here; no namespaces. */
class AbReportTest {
    static AbResult result() {
        return AbResults.sample();
    }

    @Test
    void tableSideBySide() {
        String text = AbReport.text(result());
        assertThat(text).isEqualTo("""
                A/B reno (tcplab profile today): 16777216 bytes left to right over 100 Mbit/s, RTT 20 ms, queue 250000B, loss 0.5%
                tcplab loss detection rack, spurious-loss detection eifel,dsack,frto
                                          kernel reno  tcplab reno
                goodput (Mbit/s)                89.48        67.11
                duration (s)                    1.500        2.000
                bytes received               16777216     16777216
                retransmitted segments            343          779
                RTT mean (ms)                   30.00        45.00
                RTT min (ms)                    20.00        30.00
                RTT max (ms)                    40.00        60.00
                cwnd final (bytes)             317112       454672
                cwnd mean (bytes)              171493       300000
                mss (bytes)                      1448         1448
                packets into the link           12000        12500
                dropped by the link               340          700
                dropped outside the link            0            0
                samples                             3            2
                """);
    }

    @Test
    void noRttSamplesShowsADash() {
        AbResult r = result();
        RunResult empty = new RunResult("tcplab", "reno", 1, 1, 0, 0, 1448, List.of(), 0, 0, AbResults.noDrops(),
                new EcnCounts(false, 0, 0, 0));
        String text = AbReport.text(new AbResult(r.spec(), r.kernel(), empty, r.namespaces()));
        assertThat(text).containsPattern("RTT mean \\(ms\\) +30\\.00 +-\n");
        assertThat(AbReport.json(new AbResult(r.spec(), r.kernel(), empty, r.namespaces()))).contains("\"rttMeanMillis\":null");
    }

    @Test
    void jsonHasTheSpecBothRunsAndTheirSeries() throws Exception {
        JsonNode root = new ObjectMapper().readTree(AbReport.json(result()));
        assertThat(root.at("/spec/bytes").asLong()).isEqualTo(16 << 20);
        assertThat(root.at("/spec/congestionControl").asText()).isEqualTo("reno");
        assertThat(root.at("/kernel/sender").asText()).isEqualTo("kernel");
        assertThat(root.at("/kernel/retransmits").asLong()).isEqualTo(343);
        assertThat(root.at("/kernel/goodputBitsPerSec").asDouble()).isBetween(89.47e6, 89.48e6);
        assertThat(root.at("/kernel/samples/t").size()).isEqualTo(3);
        assertThat(root.at("/kernel/samples/t/1").asDouble()).isEqualTo(0.2);
        assertThat(root.at("/kernel/samples/srttMillis/1").asDouble()).isEqualTo(40.0);
        assertThat(root.at("/tcplab/rttMaxMillis").asDouble()).isEqualTo(60.0);
        assertThat(root.at("/tcplab/samples/cwndBytes/1").asLong()).isEqualTo(500_000);
    }

    @Test
    void aRunWithoutDropsOutsideTheLinkIsAComparison() {
        assertThat(AbReport.refusal(result())).isNull();
    }

    @Test
    void dropsOutsideTheLinkOnEitherSideAreNamedInOneLine() {
        OutsideDrops ring = new OutsideDrops.Builder().add("tlka0 TX", 684).add("tlkb0 TX", 0)
                .add("bridge writes into tlkb0", 2).build();
        String kernelSide = AbReport.refusal(AbResults.withOutsideDrops(ring, AbResults.noDrops()));
        assertThat(kernelSide).isEqualTo("no comparison: packets were dropped outside the link, which only the link "
                + "may do (kernel run: 686 (tlka0 TX 684, bridge writes into tlkb0 2); tcplab run: 0)");
        String tcplabSide = AbReport.refusal(AbResults.withOutsideDrops(AbResults.noDrops(),
                new OutsideDrops.Builder().add("tlab0 TX", 3).build()));
        assertThat(tcplabSide).endsWith("(kernel run: 0; tcplab run: 3 (tlab0 TX 3))").doesNotContain("\n");
    }

    @Test
    void aCounterThatCouldNotBeReadIsNoComparisonEither() {
        OutsideDrops unknown = new OutsideDrops.Builder().add("tlka0 TX", 0).add("tlka0 qdisc", -1).build();
        assertThat(unknown.total()).isZero();
        assertThat(AbReport.refusal(AbResults.withOutsideDrops(AbResults.noDrops(), unknown)))
                .endsWith("tcplab run: 0, unknown: tlka0 qdisc)");
        assertThat(AbReport.text(AbResults.withOutsideDrops(AbResults.noDrops(), unknown)))
                .containsPattern("dropped outside the link +0 +\\?\n");
    }

    @Test
    void jsonNamesEveryCounterOutsideTheLink() throws Exception {
        OutsideDrops ring = new OutsideDrops.Builder().add("tlka0 TX", 684).add("tlkb0 TX", 0).build();
        JsonNode root = new ObjectMapper().readTree(AbReport.json(AbResults.withOutsideDrops(ring,
                AbResults.noDrops())));
        assertThat(root.at("/kernel/outsideDrops/total").asLong()).isEqualTo(684);
        assertThat(root.at("/kernel/outsideDrops/where/tlka0 TX").asLong()).isEqualTo(684);
        assertThat(root.at("/kernel/outsideDrops/where/tlkb0 TX").asLong()).isZero();
        assertThat(root.at("/tcplab/outsideDrops/complete").asBoolean()).isTrue();
    }

    @Test
    void ecnRowsPerSideWhenAsked() throws Exception {
        AbResult base = result();
        AbSpec spec = new AbSpec(base.spec().bytes(), ConnectionOptions.builder().ecn(true).build(),
                base.spec().forward().copy().setEcnThreshold(Limit.packets(20)), base.spec().reverse(),
                base.spec().forwardSchedule(), base.spec().reverseSchedule(), 1, 1500, base.spec().sampleIntervalNanos(),
                base.spec().timeoutNanos(), 5201);
        RunResult k = withEcn(base.kernel(), new EcnCounts(true, 11_000, 120, 9));
        RunResult t = withEcn(base.tcplab(), new EcnCounts(false, 0, 0, 0));
        AbResult r = new AbResult(spec, k, t, base.namespaces());
        assertThat(AbReport.text(r)).contains("over 100 Mbit/s, RTT 20 ms, queue 250000B, loss 0.5%, ECN above 20p")
                .containsPattern("ECN negotiated +yes +no\n")
                .containsPattern("ECN-capable packets +11000 +0\n")
                .containsPattern("CE marks at the link +120 +0\n")
                .containsPattern("reductions announced \\(CWR\\) +9 +0\n");
        assertThat(AbReport.text(result())).doesNotContain("ECN");
        JsonNode root = new ObjectMapper().readTree(AbReport.json(r));
        assertThat(root.at("/spec/ecn").asBoolean()).isTrue();
        assertThat(root.at("/kernel/ecn/negotiated").asBoolean()).isTrue();
        assertThat(root.at("/kernel/ecn/ceMarks").asLong()).isEqualTo(120);
        assertThat(root.at("/kernel/ecn/cwrSegments").asLong()).isEqualTo(9);
        assertThat(root.at("/tcplab/ecn/negotiated").asBoolean()).isFalse();
    }

    @Test
    void theLinksQueueShowsItsDropsByReasonAndSojournTimes() throws Exception {
        AbResult r = result();
        io.tcplab.tools.link.LinkStats codel = new io.tcplab.tools.link.LinkStats(12_000, 18_000_000, 40, 0, 0, 0, 0, 0,
                0, 11_960, 17_940_000, 90, 135_000, 17_940_000, 17_300_000, "codel:target=5ms,interval=100ms,ecn=off",
                30, new io.tcplab.tools.link.SojournHistogram.Sojourn(11_960, 2_500_000, 6_000_000, 9_750_000, 12_000_000),
                null);
        RunResult t = r.tcplab();
        RunResult withLink = new RunResult(t.sender(), t.congestionControl(), t.bytes(), t.durationNanos(),
                t.retransmits(), t.finalCwndBytes(), t.mss(), t.samples(), t.linkPackets(), t.linkDrops(),
                t.outsideDrops(), t.ecn(), codel);
        AbResult both = new AbResult(r.spec(), r.kernel(), withLink, r.namespaces());
        assertThat(AbReport.text(both)).containsPattern("dropped: overflow / AQM +- +10 / 30\n")
                .containsPattern("queue sojourn p50 \\(ms\\) +- +2\\.500\n")
                .containsPattern("queue sojourn p99 \\(ms\\) +- +9\\.750\n")
                .containsPattern("queue sojourn max \\(ms\\) +- +12\\.000\n");
        JsonNode root = new ObjectMapper().readTree(AbReport.json(both));
        assertThat(root.at("/tcplab/link/aqmDropped").asLong()).isEqualTo(30);
        assertThat(root.at("/tcplab/link/sojourn/p90Nanos").asLong()).isEqualTo(6_000_000);
        assertThat(root.at("/kernel/link").isNull()).isTrue();
        assertThat(AbReport.text(result())).doesNotContain("sojourn");
    }

    private static RunResult withEcn(RunResult x, EcnCounts ecn) {
        return new RunResult(x.sender(), x.congestionControl(), x.bytes(), x.durationNanos(), x.retransmits(),
                x.finalCwndBytes(), x.mss(), x.samples(), x.linkPackets(), x.linkDrops(), x.outsideDrops(), ecn);
    }

    @Test
    void plotIsAPng(@TempDir Path dir) throws Exception {
        Path png = dir.resolve("ab.png");
        AbPlot.png(result(), png, 800, 500);
        byte[] head = java.util.Arrays.copyOf(Files.readAllBytes(png), 8);
        assertThat(head).containsExactly(0x89, 'P', 'N', 'G', 0x0d, 0x0a, 0x1a, 0x0a);
        java.awt.image.BufferedImage img = javax.imageio.ImageIO.read(png.toFile());
        assertThat(img.getWidth()).isEqualTo(800);
        assertThat(img.getHeight()).isEqualTo(500);
    }
}
