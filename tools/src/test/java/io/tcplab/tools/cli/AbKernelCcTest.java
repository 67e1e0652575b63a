package io.tcplab.tools.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.tcplab.tun.testing.Requires;
import java.util.Arrays;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * tcplab's CUBIC and BBR against the kernel's, on issue 8's path (100 Mbit/s, 40 ms, one-BDP
 * queue) at a quarter of its 128 MiB. The bounds (goodput within 10%, retransmissions
 * within 1.5×) are for the median of three full runs, which docs/cc-loss-based.md and
 * docs/cc-bbr.md record. Here three short runs on a 2-core machine, judged by their medians, get a
 * margin: goodput at least 85% of the kernel's, retransmissions at most 1.5 × max(the kernel's,
 * one overshoot). One run alone is not enough: a hiccup of the machine moves one run by more than
 * the margin. Since both runs are timed from their connect and tcplab, like the kernel, paces only
 * BBR, 32 MiB runs read 0.99 to 1.0 of the kernel's (CUBIC) and 0.97 to 0.99 (BBR) beside a
 * half-loaded core; before, tcplab paced CUBIC and its HyStart halved the ACK-train threshold as an
 * unpaced sender does, so slow start ended on the pacer's own spacing and one run could read 0.3.
 * Nearly all
 * retransmissions are STARTUP's (or slow start's) overshoot into the one-BDP queue, which varies
 * from run to run on both sides (measured at 32 MiB, BBR: kernel 747-1533, tcplab 909-1279).
 * Needs root and namespaces (CI); skips with the reason elsewhere.
 */
class AbKernelCcTest {
    /** BDP + queue of the 100 Mbit/s, 40 ms path with its one-BDP queue, in 1448-byte segments. */
    private static final long OVERSHOOT_SEGMENTS = 690;
    private static final int RUNS = 3;

    @ParameterizedTest
    @ValueSource(strings = {"cubic", "bbr"})
    @Timeout(300)
    void tcplabKeepsUpWithTheKernel(String cc) throws Exception {
        Requires.testHosts();
        double[] ratio = new double[RUNS];
        long[] kernelRetransmits = new long[RUNS];
        long[] tcplabRetransmits = new long[RUNS];
        for (int i = 0; i < RUNS; i++) {
            Cli r = AbCommandTest.ab("--bytes", "32MiB", "--rate", "100Mbit", "--rtt", "40ms", "--cc", cc, "--json");
            assertThat(r.exitCode()).as("exit code; stderr: %s", r.err()).isZero();
            JsonNode root = new ObjectMapper().readTree(r.out());
            assertThat(root.at("/kernel/congestionControl").asText()).isEqualTo(cc);
            assertThat(root.at("/tcplab/congestionControl").asText()).isEqualTo(cc);
            double k = root.at("/kernel/goodputBitsPerSec").asDouble();
            double t = root.at("/tcplab/goodputBitsPerSec").asDouble();
            kernelRetransmits[i] = root.at("/kernel/retransmits").asLong();
            tcplabRetransmits[i] = root.at("/tcplab/retransmits").asLong();
            ratio[i] = t / k;
            System.out.printf("%s: kernel %.1f Mbit/s %d retransmits, tcplab %.1f Mbit/s %d%n", cc, k / 1e6,
                    kernelRetransmits[i], t / 1e6, tcplabRetransmits[i]);
        }
        assertThat(median(ratio)).as("median of tcplab/kernel goodput %s", Arrays.toString(ratio))
                .isGreaterThanOrEqualTo(0.85);
        // One run's retransmissions are mostly whether slow start (HyStart for CUBIC, STARTUP for BBR)
        // left before the one-BDP queue overflowed, which varies from run to run on both sides
        // (128 MiB runs, cubic: kernel 36-879, tcplab 5-328): bound them by one overshoot's worth,
        // BDP + queue = ~690 segments, beyond the kernel's.
        long kr = (long) median(Arrays.stream(kernelRetransmits).asDoubleStream().toArray());
        assertThat((long) median(Arrays.stream(tcplabRetransmits).asDoubleStream().toArray()))
                .as("median retransmissions vs the kernel's %d", kr)
                .isLessThanOrEqualTo((long) (1.5 * Math.max(kr, OVERSHOOT_SEGMENTS)));
    }

    private static double median(double[] values) {
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        return sorted[sorted.length / 2];
    }
}
