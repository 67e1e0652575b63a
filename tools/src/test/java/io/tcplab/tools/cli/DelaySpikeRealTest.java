package io.tcplab.tools.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.tcplab.tun.testing.Requires;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code experiment delay-spike --real} at a small size: 10 Mbit/s, 40 ms RTT, 4 s per run, a
 * 0.5 s stall at 1.5 s, tcplab's rack and the kernel, through the user-space link between two
 * throw-away namespaces (about 10 s of wall time); rack's stack recorded and replayed. Needs root
 * (CI); skips with the reason elsewhere.
 */
class DelaySpikeRealTest {

    @Test
    @Timeout(60)
    void rackAndTheKernelThroughARealStall(@TempDir Path dir) throws Exception {
        Requires.testHosts();
        // stall only, two variants: wall time is 4 s a run plus setup
        Path out = dir.resolve("plots");
        Path csv = dir.resolve("csv");
        Cli cli = Cli.run(TransferCommand.DEFAULT_ENGINE, "experiment", "delay-spike", "--real", "--rate", "10Mbit",
                "--rtt", "40ms", "--duration", "4s", "--spike-at", "1.5s", "--spike-duration", "0.5s",
                "--variants", "rack,kernel", "--spike-kind", "stall", "--json", "--out", out.toString(),
                "--csv", csv.toString(), "--record", dir.resolve("rec").toString(), "--record-headers");
        System.out.println(cli.out());
        assertThat(cli.exitCode()).as("exit code; stderr: %s", cli.err()).isZero();

        JsonNode root = new ObjectMapper().readTree(cli.out());
        assertThat(root.at("/spec/real").asBoolean()).isTrue();
        JsonNode rows = root.get("rows");
        assertThat(rows).extracting(r -> r.get("kind").asText() + "/" + r.get("variant").asText())
                .containsExactly("stall/rack", "stall/kernel");
        for (JsonNode row : rows) {
            String v = row.get("variant").asText();
            assertThat(row.get("goodputMbps").asDouble()).as(v + " goodput").isGreaterThan(1.0).isLessThanOrEqualTo(10.0);
            // the stall holds the link for 0.5 s of the 5 s window (clipped to 2.5 s): below the rate, above 0
            assertThat(row.get("spikeGoodputMbps").asDouble()).as(v + " after the spike").isGreaterThan(0.5)
                    .isLessThan(10.0);
            assertThat(row.get("cwndPreSpikeBytes").asLong()).as(v + " cwnd before").isGreaterThan(1448 * 4L);
            assertThat(row.get("retransmissions").asLong()).as(v).isBetween(0L, 2000L);
            assertThat(row.get("queueDropped").asLong()).as(v).isNotNegative();
        }
        JsonNode rack = rows.get(0);
        assertThat(rack.get("rtos").isNumber()).isTrue();
        assertThat(rack.get("spuriousUndos").isNumber()).isTrue();
        JsonNode kernel = rows.get(1);
        // a 0.5 s stall on a 40 ms path outlasts the kernel's RTO (about 200 ms + RTT): at least one timeout
        assertThat(kernel.get("rtos").asLong()).as("kernel RTOs from its TcpExt counters").isPositive();
        assertThat(kernel.get("retransmissions").asLong()).as("kernel retransmissions from ss").isPositive();

        RealRunChecks.assertPng(out.resolve("cwnd-stall.png"), 500);
        RealRunChecks.assertPng(out.resolve("tseq-stall.png"), 500);
        List<String> table = Files.readAllLines(csv.resolve("table.csv"));
        assertThat(table).hasSize(3);
        assertThat(Files.readAllLines(csv.resolve("cwnd-stall-kernel.csv"))).hasSizeGreaterThan(5);
        RealRunChecks.assertNamespacesRemoved(root);

        // tcplab's stack recorded, headers only; the kernel is not a tcplab stack
        try (var files = Files.list(dir.resolve("rec"))) {
            assertThat(files.map(p -> p.getFileName().toString())).containsExactly("stall-rack.rec");
        }
        Cli replay = Cli.run(null, "replay", dir.resolve("rec/stall-rack.rec").toString());
        assertThat(replay.exitCode()).as(replay.out() + replay.err()).isZero();
        assertThat(replay.out()).contains("(tcplab experiment delay-spike --real: stall-rack; headers only): "
                + "identical to the end");
    }
}
