package io.tcplab.tools.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.tcplab.tun.testing.Requires;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A tiny parity suite end to end, for real: one path (100 Mbit/s, 20 ms, 4 MiB), reno, one seed,
 * so one ab run (kernel, then tcplab) between two throw-away namespaces, its row in JSON and the
 * path's plot. Needs root (CI); skips with the reason elsewhere.
 */
class AbSuiteKernelTest {

    @Test
    @Timeout(120)
    void oneCellEndToEnd(@TempDir Path dir) throws Exception {
        Requires.testHosts();
        Path file = Files.writeString(dir.resolve("tiny.yaml"), """
                algorithms: [reno]
                seeds: [1]
                paths:
                  - name: tiny
                    rate: 100Mbit
                    rtt: 20ms
                    bytes: 4MiB
                """);
        Path plots = dir.resolve("plots");
        Cli r = AbCommandTest.ab("--suite", file.toString(), "--json", "--plot", plots.toString());
        System.out.println(r.out());
        System.out.println(r.err());
        assertThat(r.exitCode()).as("exit code; stderr: %s", r.err()).isZero();
        assertThat(r.errLines()).hasSize(1);
        assertThat(r.err()).startsWith("ab --suite [1/1] tiny reno seed 1: kernel ");
        JsonNode row = new ObjectMapper().readTree(r.out()).at("/rows/0");
        assertThat(row.get("status").asText()).as(row.toString()).isEqualTo("compared");
        JsonNode run = row.at("/runs/0");
        for (String side : new String[] {"kernel", "tcplab"}) {
            assertThat(run.at("/" + side + "/goodput").asDouble()).as(side).isBetween(1e6, 100e6);
            assertThat(run.at("/" + side + "/outsideDrops").asLong()).as(side + " outside the link").isZero();
            assertThat(run.at("/" + side + "/rttMean").asDouble()).as(side + " mean RTT vs the link's 20 ms")
                    .isGreaterThanOrEqualTo(19.0);
            assertThat(run.at("/" + side + "/cwndMean").asDouble()).as(side).isPositive();
        }
        // one seed: the row's ratio is that run's tcplab/kernel, without an interval
        assertThat(row.at("/ratios/goodput/value").asDouble()).isCloseTo(
                run.at("/tcplab/goodput").asDouble() / run.at("/kernel/goodput").asDouble(), within(1e-9));
        assertThat(row.at("/ratios/goodput/low").isNull()).isTrue();
        RealRunChecks.assertPng(plots.resolve("tiny.png"), 1000);
    }
}
