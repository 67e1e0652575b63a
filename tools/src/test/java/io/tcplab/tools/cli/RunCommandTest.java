package io.tcplab.tools.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code tcplab run}: tables, JSON, CSV and plots from a scenario file; a bad file is exit code 2 in one line. */
class RunCommandTest {
    private static final String SMALL = """
            duration: 5s
            warmup: 1s
            topology: {kind: dumbbell, bottleneck: {rate: 10Mbit, delay: 5ms, queue: 50p}}
            flows: [{name: a, rtt: 20ms}, {name: b, rtt: 20ms}]
            """;

    @TempDir
    Path dir;

    private Path file(String name, String text) throws IOException {
        return Files.writeString(dir.resolve(name), text);
    }

    @Test
    void printsFlowsLinksAndJain() throws IOException {
        Cli r = Cli.run(TransferCommand.DEFAULT_ENGINE, "run", file("s.yaml", SMALL).toString(), "--no-progress");
        assertThat(r.exitCode()).isZero();
        assertThat(r.out()).contains("seed 1: 5 s simulated").containsPattern("(?m)^a +test +reno +tcplab +20\\.0")
                .containsPattern("(?m)^bottleneck +\\d").contains("Jain's index, group test (2 flows)");
    }

    @Test
    void writesJsonCsvAndPlots() throws IOException {
        Path out = dir.resolve("out");
        Cli r = Cli.run(TransferCommand.DEFAULT_ENGINE, "run", file("s.yaml", SMALL).toString(), "--json",
                "--csv", out.toString(), "--plots", out.toString(), "--no-progress");
        assertThat(r.exitCode()).isZero();
        assertThat(r.out()).contains("\"goodput_bps\"").contains("\"utilization\"");
        for (String name : new String[] {"throughput.csv", "cwnd.csv", "queue.csv", "drops.csv", "throughput.png",
                "cwnd.png", "queue.png"}) {
            assertThat(out.resolve("seed-1").resolve(name)).exists();
        }
        assertThat(Files.readAllLines(out.resolve("seed-1/throughput.csv"))).hasSize(51).first().isEqualTo("time_s,a,b");
    }

    @Test
    void aScenarioLinksAqmShowsInTheTableTheJsonAndLinksCsv() throws IOException {
        Path out = dir.resolve("aqm");
        String yaml = SMALL.replace("queue: 50p}", "queue: 200p, aqm: \"codel:ecn=on\"}");
        Cli text = Cli.run(TransferCommand.DEFAULT_ENGINE, "run", file("c.yaml", yaml).toString(), "--no-progress");
        assertThat(text.exitCode()).as(text.err()).isZero();
        assertThat(text.out()).contains("p50 ms").containsPattern("(?m)^bottleneck +\\d.* codel$");
        Cli json = Cli.run(TransferCommand.DEFAULT_ENGINE, "run", file("c.yaml", yaml).toString(), "--json", "--csv",
                out.toString(), "--no-progress");
        assertThat(json.exitCode()).as(json.err()).isZero();
        com.fasterxml.jackson.databind.JsonNode link = new com.fasterxml.jackson.databind.ObjectMapper()
                .readTree(json.out()).at("/0/links/0");
        assertThat(link.get("name").asText()).isEqualTo("bottleneck");
        assertThat(link.get("queue").asText()).isEqualTo("codel:target=5ms,interval=100ms,ecn=on");
        assertThat(link.get("overflow_dropped").asLong() + link.get("aqm_dropped").asLong())
                .isEqualTo(link.at("/counters/queueDropped").asLong());
        assertThat(link.at("/sojourn_ms/p50").asDouble()).isLessThanOrEqualTo(link.at("/sojourn_ms/p99").asDouble());
        List<String> rows = Files.readAllLines(out.resolve("seed-1/links.csv"));
        assertThat(rows.get(0)).startsWith("link,queue,offered,delivered,overflow_dropped,aqm_dropped,ce_marked,sojourn_p50_ms");
        String[] bottleneck = rows.stream().filter(l -> l.startsWith("bottleneck,")).findFirst().orElseThrow()
                .split(",(?=(?:[^\"]*\"[^\"]*\")*[^\"]*$)", -1);
        assertThat(bottleneck[1]).isEqualTo("\"codel:target=5ms,interval=100ms,ecn=on\"");
        assertThat(Long.parseLong(bottleneck[2])).isEqualTo(link.at("/counters/offeredPackets").asLong());
        assertThat(Long.parseLong(bottleneck[5])).isEqualTo(link.get("aqm_dropped").asLong());
        assertThat(Long.parseLong(bottleneck[6])).isEqualTo(link.at("/counters/ceMarked").asLong());
        assertThat(Double.parseDouble(bottleneck[7])).isEqualTo(link.at("/sojourn_ms/p50").asDouble());
        assertThat(bottleneck).hasSize(15);
        assertThat(bottleneck[11]).isEmpty(); // no L4S queue but DualPI2's
    }

    @Test
    void aBadFileIsOneLineAndExitCode2() throws IOException {
        Cli r = Cli.run(TransferCommand.DEFAULT_ENGINE, "run",
                file("bad.yaml", SMALL.replace("{name: b, rtt: 20ms}", "{name: b, cc: cubc}")).toString());
        assertThat(r.exitCode()).isEqualTo(2);
        assertThat(r.err().strip()).startsWith("tcplab run: bad.yaml: flows[1].cc: unknown algorithm 'cubc' (allowed:")
                .doesNotContain("\n");
    }

    @Test
    void realModeRefusesWhatItCannotRunBeforeTouchingTheSystem() throws IOException {
        Cli r = Cli.run(TransferCommand.DEFAULT_ENGINE, "run", "--real", file("web.yaml", """
                topology: {kind: dumbbell, bottleneck: {rate: 10Mbit}}
                flows: [{name: w, traffic: web, load: 1Mbit}]
                """).toString());
        assertThat(r.exitCode()).isEqualTo(2);
        assertThat(r.err().strip()).isEqualTo(
                "tcplab run: web.yaml: flows: nothing runs in real mode (left out: w (web traffic))");
    }

    @Test
    void aBadMaxRateOrStackIsOneLineAndExitCode2() throws IOException {
        Cli rate = Cli.run(TransferCommand.DEFAULT_ENGINE, "run", "--real", "--max-rate", "0",
                file("s.yaml", SMALL).toString());
        assertThat(rate.exitCode()).isEqualTo(2);
        assertThat(rate.err().strip()).isEqualTo("tcplab run: --max-rate: must be above 0 (e.g. 100Mbit), not '0'");
        Cli without = Cli.run(TransferCommand.DEFAULT_ENGINE, "run", "--max-rate", "10Mbit", file("s.yaml", SMALL).toString());
        assertThat(without.exitCode()).isEqualTo(2);
        assertThat(without.err().strip()).isEqualTo("tcplab run: --max-rate: only with --real");
        Cli stack = Cli.run(TransferCommand.DEFAULT_ENGINE, "run",
                file("k.yaml", SMALL.replace("{name: b, rtt: 20ms}", "{name: b, stack: kernal}")).toString());
        assertThat(stack.exitCode()).isEqualTo(2);
        assertThat(stack.err().strip()).isEqualTo("tcplab run: k.yaml: flows[1].stack: unknown stack 'kernal' (allowed: tcplab, kernel)");
    }

    @Test
    void onTheEmulatorAKernelFlowRunsOnTcplabsAlgorithmOfThatName() throws IOException {
        Cli r = Cli.run(TransferCommand.DEFAULT_ENGINE, "run", "--no-progress",
                file("k.yaml", SMALL.replace("{name: b, rtt: 20ms}", "{name: b, rtt: 20ms, stack: kernel}")).toString());
        assertThat(r.exitCode()).isZero();
        assertThat(r.out()).containsPattern("(?m)^b +test +reno +tcplab +20\\.0");
    }
}
