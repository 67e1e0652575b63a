package io.tcplab.tools.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Seed 000's experiment at reduced size: 2 RTTs × 2 protocols, one 3 s run each, on the built-in
 * cell scaled down to 40 Mbit/s and a 200 KB queue (the same file otherwise, through --scenario),
 * so the test stays short. Checks the tables' shape and ranges and the files.
 */
class FriendlinessCommandTest {
    private static final String[] SECTIONS = {"1.1 Fairness index (Jain's)", "1.2 Throughput Ratio",
        "1.2b Throughput ratio the other way", "1.2c Throughput ratio smaller / larger", "Link utilization table",
        "Queue drop ratio on the bottleneck router", "4.1 Convergence time", "4.1b First passage"};

    static Path smallCell(Path dir) throws IOException {
        String builtIn = Files.readString(Path.of("../scenarios/friendliness-cell.yaml"));
        String small = builtIn.replace("rate: 400Mbit", "rate: 40Mbit").replace("queue: 2MB", "queue: 200KB")
                .replace("load: 38Mbit", "load: 4Mbit");
        assertThat(small).isNotEqualTo(builtIn);
        return Files.writeString(dir.resolve("small-cell.yaml"), small);
    }

    @Test
    void everyTableInTheSeedsShapeWithNumbersInRange(@TempDir Path dir) throws IOException {
        Path plots = dir.resolve("plots");
        Path csv = dir.resolve("csv");
        Cli cli = Cli.run(TransferCommand.DEFAULT_ENGINE, "experiment", "friendliness", "--scenario",
                smallCell(dir).toString(), "--rtts", "16,82", "--protocols", "cubic,reno", "--duration", "3s",
                "--runs", "1", "--parallel", "2", "--out", plots.toString(), "--csv", csv.toString(), "--no-progress");
        assertThat(cli.exitCode()).as(cli.err()).isZero();
        List<String> lines = cli.out().lines().toList();

        for (String section : SECTIONS) {
            List<String[]> rows = table(lines, section);
            assertThat(rows.get(0)).as(section).containsExactly("Delay", "CUBIC", "SACK");
            assertThat(rows.subList(1, 3)).extracting(r -> r[0]).containsExactly("16ms", "82ms");
            assertThat(rows.subList(1, 3)).allSatisfy(r -> assertThat(r).hasSize(3));
        }
        for (String[] row : table(lines, SECTIONS[0]).subList(1, 3)) {
            assertThat(Double.parseDouble(row[1])).isBetween(0.5, 1.0);
            assertThat(Double.parseDouble(row[2])).isBetween(0.5, 1.0);
        }
        for (String[] row : table(lines, "1.2c Throughput ratio smaller / larger").subList(1, 3)) {
            assertThat(Double.parseDouble(row[1])).isGreaterThan(0.0).isLessThanOrEqualTo(1.0);
        }
        for (String[] row : table(lines, "Link utilization table").subList(1, 3)) {
            assertThat(Double.parseDouble(row[1])).isGreaterThan(0.0).isLessThanOrEqualTo(1.0);
        }
        int fairness = indexOf(lines, "4.2 Fairness index over various time scales");
        assertThat(lines.get(fairness + 2).trim().split("\\s+")).containsExactly("Protocol", "16ms", "82ms");
        assertThat(lines.get(fairness + 3).trim().split("\\s+")[0]).isEqualTo("CUBIC");
        assertThat(lines.get(fairness + 10).trim().split("\\s+")[0]).isEqualTo("SACK");
        assertThat(lines.get(fairness + 16).trim()).startsWith("160sec");
        assertThat(indexOf(lines, "CoV table (CoV(tau) of the bottleneck's total")).isGreaterThan(fairness);
        assertThat(indexOf(lines, "5b CoV table of the two test flows' sum")).isGreaterThan(fairness);

        BufferedImage image = ImageIO.read(plots.resolve("throughput-82ms.png").toFile());
        assertThat(image.getWidth()).isGreaterThan(500);
        List<String> rows = Files.readAllLines(csv.resolve("friendliness.csv"));
        assertThat(rows.get(0)).isEqualTo("metric,protocol,rtt_ms,tau_s,runs,mean,ci95_half");
        assertThat(rows).hasSize(1 + 4 * (10 + 3 * 7));
    }

    @Test
    void theSeedsColumnNamesNameOurAlgorithms() {
        ExperimentConverters.Protocols converter = new ExperimentConverters.Protocols();
        assertThat(converter.convert("sack,HSTCP,stcp,CUBIC,fast:alpha=200"))
                .containsExactly("reno", "highspeed", "scalable", "cubic", "fast:alpha=200");
        assertThatThrownBy(() -> converter.convert("sack,reno")).hasMessageContaining("each algorithm once");
    }

    @Test
    void badProtocolsAndRttsAreOneLineWithExitCode2() {
        Cli protocols = Cli.run(TransferCommand.DEFAULT_ENGINE, "experiment", "friendliness", "--protocols", "cubc");
        assertThat(protocols.exitCode()).isEqualTo(2);
        assertThat(protocols.errLines()).hasSize(1);
        assertThat(protocols.err()).startsWith("tcplab experiment friendliness: --protocols must be a comma-separated "
                + "list of algorithms from ").contains("cubic", "highspeed", "got 'cubc'");
        Cli rtts = Cli.run(TransferCommand.DEFAULT_ENGINE, "experiment", "friendliness", "--rtts", "16,0");
        assertThat(rtts.exitCode()).isEqualTo(2);
        assertThat(rtts.errLines()).containsExactly("tcplab experiment friendliness: --rtts must be a comma-separated "
                + "list of RTTs above 0 in milliseconds (16,42,82) or durations (16ms,0.5s), each once, got '16,0'");
        Cli convergence = Cli.run(TransferCommand.DEFAULT_ENGINE, "experiment", "friendliness", "--convergence", "gini:0.8");
        assertThat(convergence.exitCode()).isEqualTo(2);
        assertThat(convergence.errLines()).containsExactly("tcplab experiment friendliness: --convergence must be "
                + "jain:T or ratio:T with a threshold T in (0, 1], got 'gini:0.8'");
    }

    /** The table under the line starting with {@code title}: its header and rows, split on blanks. */
    private static List<String[]> table(List<String> lines, String title) {
        int at = indexOf(lines, title);
        return lines.subList(at + 2, at + 5).stream().map(l -> l.trim().split("\\s+")).toList();
    }

    private static int indexOf(List<String> lines, String prefix) {
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).startsWith(prefix)) {
                return i;
            }
        }
        throw new AssertionError("no line starting with " + prefix);
    }
}
