package io.tcplab.tools.ab;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.tcplab.tools.link.Limit;
import io.tcplab.tools.link.LinkParams;
import io.tcplab.tools.link.LinkSchedule;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The table, the JSON and the plot of an A/B result made up here; no namespaces. */
class AbReportTest {
    private static final long MS = 1_000_000L;

    static AbResult result() {
        LinkParams fwd = LinkParams.of().setRateBitsPerSec(100_000_000L).setDelayNanos(10 * MS)
                .setQueueLimit(Limit.bytes(250_000)).setLossProbability(0.005);
        LinkParams rev = LinkParams.of().setRateBitsPerSec(100_000_000L).setDelayNanos(10 * MS)
                .setQueueLimit(Limit.bytes(250_000));
        AbSpec spec = new AbSpec(16 << 20, io.tcplab.stack.conn.ConnectionOptions.defaults(), fwd, rev, new LinkSchedule(List.of()), new LinkSchedule(List.of()),
                1, 1500, 100 * MS, 60_000 * MS, 5201);
        RunResult kernel = new RunResult("kernel", "reno", 16 << 20, 1_500 * MS, 343, 317_112, 1448, List.of(
                new Sample(100 * MS, 14480, 0, 0, 0),
                new Sample(200 * MS, 200_000, 40 * MS, 0, 1_000_000),
                new Sample(300 * MS, 300_000, 20 * MS, 343, 2_000_000)), 12_000, 340, 0);
        RunResult tcplab = new RunResult("tcplab", "reno", 16 << 20, 2_000 * MS, 779, 454_672, 1448, List.of(
                new Sample(50 * MS, 100_000, 30 * MS, 0, 0),
                new Sample(150 * MS, 500_000, 60 * MS, 779, 3_000_000)), 12_500, 700, -1);
        return new AbResult(spec, kernel, tcplab, List.of("tcplab-0-left", "tcplab-0-right"));
    }

    @Test
    void tableSideBySide() {
        String text = AbReport.text(result());
        assertThat(text).isEqualTo("""
                A/B reno: 16777216 bytes left to right over 100 Mbit/s, RTT 20 ms, queue 250000B, loss 0.5%
                                        kernel reno  tcplab reno
                goodput (Mbit/s)              89.48        67.11
                duration (s)                  1.500        2.000
                bytes received             16777216     16777216
                retransmitted segments          343          779
                RTT mean (ms)                 30.00        45.00
                RTT min (ms)                  20.00        30.00
                RTT max (ms)                  40.00        60.00
                cwnd final (bytes)           317112       454672
                cwnd mean (bytes)            171493       300000
                mss (bytes)                    1448         1448
                packets into the link         12000        12500
                dropped by the link             340          700
                dropped before it (TX)            0            -
                samples                           3            2
                """);
    }

    @Test
    void noRttSamplesShowsADash() {
        AbResult r = result();
        RunResult empty = new RunResult("tcplab", "reno", 1, 1, 0, 0, 1448, List.of(), 0, 0, 0);
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
