package io.tcplab.tools.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Seed 001's experiment at reduced size (2 runs of 3 s per configuration): the tables' shape, the diagnostics and the files. */
class EcnCommandTest {
    static final String[] ROWS = {"mean", "variance", "dev standard", "median", "confid interv"};

    @Test
    void bothTablesInTheSeedsShapeWithTheirDiagnostics(@TempDir Path dir) throws IOException {
        Path csv = dir.resolve("csv");
        Path results = dir.resolve("results");
        Cli cli = Cli.run(TransferCommand.DEFAULT_ENGINE, "experiment", "ecn", "--runs", "2", "--duration", "3s",
                "--parallel", "2", "--csv", csv.toString(), "--results", results.toString(), "--no-progress");
        assertThat(cli.exitCode()).as(cli.err()).isZero();
        List<String> lines = cli.out().lines().toList();

        assertTable(lines, "Throughput with 30 TCP streams with ECN (Mbps)", "10 ECN and SACK streams",
                "(r0->r2)", "(r0->r2)", "(r0->r2)");
        assertTable(lines, "Throughput with 30 TCP streams without ECN (Mbps)", "10 non-ECN and SACK streams",
                "(r0->r2)", "(r0->r2)", "(r0->r2)");
        List<String> perGroup = lines.stream().filter(l -> l.startsWith("Per group, mean per run")).toList();
        assertThat(perGroup).hasSize(2);
        int diagnostics = lines.indexOf(perGroup.get(0));
        assertThat(lines.get(diagnostics + 1)).contains("ecn-sack", "non-ecn-a", "non-ecn-b");
        String[] counters = {"CE received", "retransmitted", "TLP probes", "RTOs", "srtt ms"};
        for (int i = 0; i < counters.length; i++) {
            assertThat(lines.get(diagnostics + 2 + i)).matches(counters[i] + "(\\s+[0-9.]+){3}");
        }
        // In the ECN configuration the ECN group gets marks and the queue counts them; without ECN nobody does.
        assertThat(Double.parseDouble(lines.get(diagnostics + 2).substring(14).trim().split("\\s+")[0])).isPositive();
        assertThat(lines.stream().filter(l -> l.matches("cp1 +drop .*"))).hasSize(2);
        assertThat(lines.stream().filter(l -> l.matches("cp2 +drop .*"))).hasSize(2);

        List<String> rows = Files.readAllLines(csv.resolve("ecn.csv"));
        assertThat(rows.get(0)).isEqualTo("max_p,configuration,column,label,n,mean,variance,sd,median,ci_low,ci_high");
        assertThat(rows).hasSize(1 + 2 * 4);
        try (var files = Files.list(results)) {
            assertThat(files.map(p -> p.getFileName().toString()).sorted()).containsExactly(
                    "ecn-ecn-seed-1.json", "ecn-ecn-seed-2.json", "ecn-non-ecn-seed-1.json", "ecn-non-ecn-seed-2.json");
        }
    }

    /** The title, the group heads and paths, the seed's five rows with a number per column, means within the links' rates. */
    private static void assertTable(List<String> lines, String title, String firstGroup, String... paths) {
        int at = lines.indexOf(title);
        assertThat(at).as(title).isNotNegative();
        assertThat(lines.get(at + 1)).contains(firstGroup, "10 non-ECN and non-SACK streams", "Aggregated throughput");
        assertThat(lines.get(at + 2).trim().split("\\s+")).containsExactly(paths);
        for (int i = 0; i < ROWS.length; i++) {
            assertThat(lines.get(at + 3 + i)).startsWith(ROWS[i]);
        }
        String[] means = lines.get(at + 3).substring("mean".length()).trim().split("\\s+");
        assertThat(means).hasSize(4);
        for (int g = 0; g < 3; g++) {
            assertThat(Double.parseDouble(means[g])).isBetween(0.5, 50.0);
        }
        assertThat(Double.parseDouble(means[3])).isBetween(10.0, 100.0);
        // the seed's interval is mean ± 1.96·s/√n: on these short runs it may reach below 0 for a group's goodput
        assertThat(lines.get(at + 7)).matches("confid interv(\\s+\\(-?[0-9.]+ ; [0-9.]+\\)){4}");
    }

    @Test
    void theParkingLotIsANamedAlternativeAndAboveMaxMarkNeverDropsAnEcnCapablePacket() {
        Cli cli = Cli.run(TransferCommand.DEFAULT_ENGINE, "experiment", "ecn", "--topology", "parking-lot",
                "--above-max", "mark", "--configuration", "ecn", "--runs", "2", "--duration", "3s", "--no-progress");
        assertThat(cli.exitCode()).as(cli.err()).isZero();
        List<String> lines = cli.out().lines().toList();
        assertTable(lines, "Throughput with 30 TCP streams with ECN (Mbps)", "10 ECN and SACK streams",
                "(r0->r2)", "(r0->r1)", "(r1->r2)");
        assertThat(lines.stream().filter(l -> l.matches("cp[12] +mark .*"))).hasSize(2)
                .allSatisfy(l -> assertThat(l).matches(".* 0\\.0 +0\\.0"));
    }

    /**
     * The mark probability as a sweep: a table pair per max_p, each queue row naming its max_p, and
     * one row per value in the closing table. RED marks in proportion to max_p (between the
     * thresholds the probability rises linearly to it), so the first router marks more at 0.5
     * than at 0.02.
     */
    @Test
    void theMarkProbabilityIsASweep(@TempDir Path dir) throws IOException {
        Path csv = dir.resolve("csv");
        Cli cli = Cli.run(TransferCommand.DEFAULT_ENGINE, "experiment", "ecn", "--max-p", "0.02,0.5", "--runs", "1",
                "--duration", "3s", "--parallel", "2", "--csv", csv.toString(), "--no-progress");
        assertThat(cli.exitCode()).as(cli.err()).isZero();
        List<String> lines = cli.out().lines().toList();
        assertThat(lines).contains("RED max_p 0.020", "RED max_p 0.500",
                "By RED max_p: mean goodput over the runs, Mbit/s, with ECN / without");
        assertThat(lines.stream().filter(l -> l.startsWith("Throughput with 30 TCP streams"))).hasSize(4);
        List<String> cp1 = lines.stream().filter(l -> l.matches("cp1 +drop .*")).toList();
        assertThat(cp1).hasSize(4);
        assertThat(cp1.get(0)).contains(" 0.020 ");
        assertThat(cp1.get(2)).contains(" 0.500 ");
        double marksLow = Double.parseDouble(cp1.get(0).trim().split("\\s+")[3]);
        double marksHigh = Double.parseDouble(cp1.get(2).trim().split("\\s+")[3]);
        assertThat(marksHigh).isGreaterThan(marksLow);
        int sweep = lines.indexOf("By RED max_p: mean goodput over the runs, Mbit/s, with ECN / without");
        assertThat(lines.get(sweep + 2)).matches("0\\.020( +[0-9.]+ / [0-9.]+){4}");
        assertThat(lines.get(sweep + 3)).matches("0\\.500( +[0-9.]+ / [0-9.]+){4}");
        List<String> rows = Files.readAllLines(csv.resolve("ecn.csv"));
        assertThat(rows).hasSize(1 + 2 * 2 * 4);
        assertThat(rows.get(1)).startsWith("0.0200000,ecn,");
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

        Cli topology = Cli.run(TransferCommand.DEFAULT_ENGINE, "experiment", "ecn", "--topology", "ring");
        assertThat(topology.exitCode()).isEqualTo(2);
        assertThat(topology.errLines()).containsExactly(
                "tcplab experiment ecn: --topology must be chain or parking-lot, got 'ring'");
        Cli aboveMax = Cli.run(TransferCommand.DEFAULT_ENGINE, "experiment", "ecn", "--above-max", "harddrop");
        assertThat(aboveMax.exitCode()).isEqualTo(2);
        assertThat(aboveMax.errLines()).containsExactly(
                "tcplab experiment ecn: --above-max must be mark or drop, got 'harddrop'");

        Cli maxP = Cli.run(TransferCommand.DEFAULT_ENGINE, "experiment", "ecn", "--max-p", "0.1,1.5");
        assertThat(maxP.exitCode()).isEqualTo(2);
        assertThat(maxP.errLines()).containsExactly("tcplab experiment ecn: --max-p must be a comma-separated list of "
                + "probabilities within (0, 1], each once (0.02,0.1,0.5), got '0.1,1.5'");

        Path bad = Files.writeString(dir.resolve("bad.yaml"), "duration: 10s\ntopology: {kind: ring}\n");
        Cli file = Cli.run(TransferCommand.DEFAULT_ENGINE, "experiment", "ecn", "--scenario", bad.toString());
        assertThat(file.exitCode()).isEqualTo(2);
        assertThat(file.errLines()).hasSize(1);
        assertThat(file.err()).startsWith("tcplab experiment ecn: bad.yaml: topology.kind");

        Cli both = Cli.run(TransferCommand.DEFAULT_ENGINE, "experiment", "ecn", "--scenario", bad.toString(),
                "--topology", "chain");
        assertThat(both.exitCode()).isEqualTo(2);
        assertThat(both.errLines()).containsExactly(
                "tcplab experiment ecn: --topology and --scenario exclude each other (the file has its topology)");
    }
}
