package io.tcplab.tools.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.tcplab.tun.testing.Requires;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code tcplab run --real}: tcplab's CUBIC under Linux's rules ({@code friendly=linux,probe=linux},
 * docs/cc-loss-based.md#cubic-beside-the-kernels-in-one-bottleneck) and the kernel's CUBIC, same
 * RTT, one 20 Mbit/s bottleneck of one BDP whose drops RED randomizes, 60 s (about 62 s of wall
 * time): the two split it evenly, and nothing was dropped outside the links (a run that lost
 * packets there fails with one line instead of giving a result).
 *
 * <p>Why RED and not drop-tail: through a drop-tail queue of the same size the kernel's packets
 * are dropped about twice as often as tcplab's (140 against 102 drops while the kernel sent about
 * two thirds as many), and the kernel's flow gets 0.55–0.65 of tcplab's; with RED picking the drops
 * at random the same pair splits 0.82–0.99 (median 0.97 over nine runs alone), Reno and BBR pairs
 * 0.88–1.00 (docs/scenarios.md, "Drop-tail picks whom it drops"). A full drop-tail queue drops
 * whichever packets arrive while it is full, and which those are depends on when each sender
 * answers its ACKs (Floyd and Jacobson, "On traffic phase effects in packet-switched gateways",
 * 1992): the hosts' timing, not the algorithm (not traced packet by packet here); random drops
 * leave the split to the algorithms' response to loss. RED's thresholds follow Floyd's rule of
 * thumb (min at least 5 packets, max three times min: 8 and 24 of the queue's 34 packets), max_p
 * 0.1 and w_q 0.002 its defaults ("RED: Discussions of Setting Parameters", 1997). Issue 16's bound
 * is 10 % for the median of runs: with these thresholds six runs alone read 0.82, 0.87, 0.97, 0.97,
 * 0.98, 0.98 (median 0.97) and a CI rehearsal 0.965. One run here is held to 0.75, which a starved
 * flow and the drop-tail split (0.55–0.68) still fail. Needs root, ip netns and /dev/net/tun
 * (Debian: iproute2); skips with the reason
 * elsewhere, fails under TCPLAB_REQUIRE_TEST_HOSTS=1.
 */
class RunRealShareTest {
    private static final String SCENARIO = """
            name: tcplab and kernel cubic, one bottleneck with random drops
            duration: 60s
            warmup: 5s
            topology:
              kind: dumbbell
              bottleneck: {rate: 20Mbit, delay: 5ms, queue: 50KB, red: {min: 8p, max: 24p}}
              access: {delay: 1ms}
            flows:
              - {name: ours, cc: "cubic:friendly=linux,probe=linux", rtt: 20ms}
              - {name: kern, cc: cubic, rtt: 20ms, stack: kernel}
            """;

    @Test
    @Timeout(120)
    void tcplabsAndTheKernelsCubicSplitABottleneckWithRandomDropsEvenly(@TempDir Path dir) throws Exception {
        Requires.testHosts();
        Path file = Files.writeString(dir.resolve("share.yaml"), SCENARIO);
        Cli cli = Cli.run(TransferCommand.DEFAULT_ENGINE, "run", "--real", "--json", "--no-progress", file.toString());
        System.out.println(cli.err());
        assertThat(cli.exitCode()).as("exit code; stderr: %s", cli.err()).isZero();
        assertThat(cli.err()).contains("TUN rings").doesNotContain("dropped outside");

        JsonNode run = new ObjectMapper().readTree(cli.out()).get(0);
        JsonNode ours = run.at("/flows/0");
        JsonNode kern = run.at("/flows/1");
        assertThat(kern.at("/kernel/algorithm").asText()).isEqualTo("cubic");
        double a = ours.get("goodput_bps").asDouble();
        double b = kern.get("goodput_bps").asDouble();
        System.out.printf("tcplab %.3f and kernel %.3f Mbit/s%n", a / 1e6, b / 1e6);
        assertThat(Math.min(a, b) / Math.max(a, b)).as("tcplab %.2f and kernel %.2f Mbit/s", a / 1e6, b / 1e6)
                .isGreaterThanOrEqualTo(0.75);
    }
}
