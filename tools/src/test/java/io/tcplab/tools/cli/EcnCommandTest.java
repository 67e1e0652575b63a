package io.tcplab.tools.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Seed 001's experiment at reduced size (2 runs of 3 s per configuration): the tables' shape and the files. */
class EcnCommandTest {
    static final String[] ROWS = {"mean", "variance", "dev standard", "median", "confid interv"};

    @Test
    void bothTablesInTheSeedsShapeWithNoEcnCapableDrops(@TempDir Path dir) throws IOException {
        Path csv = dir.resolve("csv");
        Path results = dir.resolve("results");
        Cli cli = Cli.run(TransferCommand.DEFAULT_ENGINE, "experiment", "ecn", "--runs", "2", "--duration", "3s",
                "--parallel", "2", "--csv", csv.toString(), "--results", results.toString(), "--no-progress");
        assertThat(cli.exitCode()).as(cli.err()).isZero();
        List<String> lines = cli.out().lines().toList();

        assertTable(lines, "Throughput with 30 TCP streams with ECN (Mbps)", "10 ECN and SACK streams");
        assertTable(lines, "Throughput with 30 TCP streams without ECN (Mbps)", "10 non-ECN and SACK streams");
        assertThat(lines.stream().filter(l -> l.startsWith("ECN-capable packets dropped at the marking RED queues:")))
                .hasSize(2).allSatisfy(l -> assertThat(l).contains("cp1 0").contains("cp2 0"));

        List<String> rows = Files.readAllLines(csv.resolve("ecn.csv"));
        assertThat(rows.get(0)).isEqualTo("configuration,column,label,n,mean,variance,sd,median,ci_low,ci_high");
        assertThat(rows).hasSize(1 + 2 * 4);
        try (var files = Files.list(results)) {
            assertThat(files.map(p -> p.getFileName().toString()).sorted()).containsExactly(
                    "ecn-ecn-seed-1.json", "ecn-ecn-seed-2.json", "ecn-non-ecn-seed-1.json", "ecn-non-ecn-seed-2.json");
        }
    }

    /** The title, the group heads, the seed's five rows with a number per column, means within the links' rates. */
    private static void assertTable(List<String> lines, String title, String firstGroup) {
        int at = lines.indexOf(title);
        assertThat(at).as(title).isNotNegative();
        assertThat(lines.get(at + 1)).contains(firstGroup, "10 non-ECN and non-SACK streams", "Aggregated throughput");
        assertThat(lines.get(at + 2)).contains("(r0->r2)", "(r0->r1)", "(r1->r2)");
        for (int i = 0; i < ROWS.length; i++) {
            assertThat(lines.get(at + 3 + i)).startsWith(ROWS[i]);
        }
        String[] means = lines.get(at + 3).substring("mean".length()).trim().split("\\s+");
        assertThat(means).hasSize(4);
        for (int g = 0; g < 3; g++) {
            assertThat(Double.parseDouble(means[g])).isBetween(0.5, 50.0);
        }
        assertThat(Double.parseDouble(means[3])).isBetween(10.0, 100.0);
        assertThat(lines.get(at + 7)).matches("confid interv(\\s+\\([0-9.]+ ; [0-9.]+\\)){4}");
    }

    @Test
    void helpOfEverySweepCommandFormatsCleanly() {
        // picocli formats descriptions with String.format: a lone '%' leaves them raw, "%%" and "%n" unreplaced
        for (String[] command : new String[][] {{"experiment", "ecn", "--help"},
                {"experiment", "friendliness", "--help"}, {"merge", "--help"}}) {
            Cli cli = Cli.run(TransferCommand.DEFAULT_ENGINE, command);
            assertThat(cli.exitCode()).isZero();
            assertThat(cli.err()).as(String.join(" ", command)).isEmpty();
            assertThat(cli.out()).contains("Exit codes:").doesNotContain("%%").doesNotContain("%n");
        }
    }

    @Test
    void badOptionsAndFilesAreOneLineWithExitCode2(@TempDir Path dir) throws IOException {
        Cli configuration = Cli.run(TransferCommand.DEFAULT_ENGINE, "experiment", "ecn", "--configuration", "maybe");
        assertThat(configuration.exitCode()).isEqualTo(2);
        assertThat(configuration.errLines()).containsExactly(
                "tcplab experiment ecn: --configuration must be ecn, non-ecn or both, got 'maybe'");

        Path bad = Files.writeString(dir.resolve("bad.yaml"), "duration: 10s\ntopology: {kind: ring}\n");
        Cli file = Cli.run(TransferCommand.DEFAULT_ENGINE, "experiment", "ecn", "--scenario", bad.toString());
        assertThat(file.exitCode()).isEqualTo(2);
        assertThat(file.errLines()).hasSize(1);
        assertThat(file.err()).startsWith("tcplab experiment ecn: bad.yaml: topology.kind");
    }
}
