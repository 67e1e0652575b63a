package io.tcplab.tools.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code tcplab experiment l4s} at reduced size (one 6 s run per AQM): the tables' shape with
 * numbers in range, the plots and CSV, the result files that {@code tcplab merge} turns into the
 * same tables, --json, and one-line errors for bad options.
 */
class L4sCommandTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void tablesPlotsCsvAndMergeAgree(@TempDir Path dir) throws IOException {
        Path plots = dir.resolve("plots");
        Path csv = dir.resolve("csv");
        Path results = dir.resolve("results");
        Cli cli = Cli.run(TransferCommand.DEFAULT_ENGINE, "experiment", "l4s", "--duration", "6s", "--runs", "1",
                "--parallel", "2", "--out", plots.toString(), "--csv", csv.toString(), "--results", results.toString(),
                "--no-progress");
        assertThat(cli.exitCode()).as(cli.err()).isZero();
        List<String> lines = cli.out().lines().toList();
        int goodput = lines.indexOf("Goodput (Mbit/s) and the L4S flows' over the classic ones'");
        assertThat(lines.get(goodput + 1).trim().split("\\s{2,}"))
                .containsExactly("aqm", "prague (L4S)", "cubic", "L4S/classic", "util %");
        for (int row = 0; row < 2; row++) {
            String[] cells = lines.get(goodput + 2 + row).trim().split("\\s+");
            assertThat(cells[0]).isEqualTo(row == 0 ? "dualpi2" : "fq_codel");
            double prague = Double.parseDouble(cells[1]);
            double cubic = Double.parseDouble(cells[2]);
            assertThat(prague + cubic).isBetween(30.0, 40.0);
            assertThat(Double.parseDouble(cells[3])).isCloseTo(prague / cubic, org.assertj.core.api.Assertions.within(0.002));
            assertThat(Double.parseDouble(cells[4])).isBetween(90.0, 100.0);
        }
        int queues = lines.indexOf("Queues: L holds the L4S-identified packets (ECT(1), CE), C the rest; sojourn in ms");
        assertThat(lines.get(queues + 1).trim().split("\\s+"))
                .containsExactly("aqm", "queue", "p50", "p99", "max", "marks", "drops", "packets");
        assertThat(lines.subList(queues + 2, queues + 6)).extracting(l -> l.trim().split("\\s+")[0] + " "
                + l.trim().split("\\s+")[1]).containsExactly("dualpi2 L", "dualpi2 C", "fq_codel L", "fq_codel C");
        String[] dualL = lines.get(queues + 2).trim().split("\\s+");
        String[] dualC = lines.get(queues + 3).trim().split("\\s+");
        assertThat(Double.parseDouble(dualL[3])).as("L p99 below C p50").isLessThan(Double.parseDouble(dualC[2]));
        assertThat(lines).contains("dualpi2: dualpi2:target=15ms,tupdate=16ms,alpha=0.16,beta=3.2,k=2,step=1ms,c_weight=10");

        for (String png : new String[] {"l4s-throughput.png", "l4s-queue-delay.png"}) {
            BufferedImage image = ImageIO.read(plots.resolve(png).toFile());
            assertThat(image.getWidth()).as(png).isGreaterThan(500);
        }
        List<String> rows = Files.readAllLines(csv.resolve("l4s.csv"));
        assertThat(rows.get(0)).isEqualTo("aqm,settings,metric,runs,mean");
        assertThat(rows).hasSize(1 + 2 * (2 + 2 + 2 * 5));
        assertThat(rows.get(1)).startsWith("dualpi2,target=15ms tupdate=16ms").contains(",mbps_prague,1,");

        Cli merged = Cli.run(TransferCommand.DEFAULT_ENGINE, "merge", results.toString());
        assertThat(merged.exitCode()).as(merged.err()).isZero();
        assertThat(merged.out()).isEqualTo(cli.out().substring(0, cli.out().indexOf("csv: ")));
    }

    @Test
    void jsonHasEveryRunsResult(@TempDir Path dir) throws IOException {
        Cli cli = Cli.run(TransferCommand.DEFAULT_ENGINE, "experiment", "l4s", "--aqm", "dualpi2:step=2ms",
                "--duration", "3s", "--runs", "1", "--json", "--no-progress", "--out", dir.toString());
        assertThat(cli.exitCode()).as(cli.err()).isZero();
        JsonNode runs = JSON.readTree(cli.out());
        assertThat(runs).hasSize(1);
        JsonNode r = runs.get(0);
        assertThat(r.get("aqm").asText()).contains("step=2ms");
        assertThat(r.get("flows").get(0).get("l4s").asBoolean()).isTrue();
        assertThat(r.get("l4sQueue").get("quantilesMs")).hasSize(200);
    }

    @Test
    void badOptionsAreOneLineWithExitCode2() {
        Cli droptail = Cli.run(TransferCommand.DEFAULT_ENGINE, "experiment", "l4s", "--aqm", "droptail");
        assertThat(droptail.exitCode()).isEqualTo(2);
        assertThat(droptail.errLines()).containsExactly("tcplab experiment l4s: --aqm must be an AQM with queues of "
                + "its own, dualpi2, fq_codel, codel or pie (the experiment reads their sojourn times), got 'droptail'");
        Cli unknown = Cli.run(TransferCommand.DEFAULT_ENGINE, "experiment", "l4s", "--aqm", "dualpi3");
        assertThat(unknown.exitCode()).isEqualTo(2);
        assertThat(unknown.errLines()).hasSize(1);
        assertThat(unknown.err()).contains("--aqm", "dualpi2, fq_codel, codel, pie", "dualpi3");
        Cli key = Cli.run(TransferCommand.DEFAULT_ENGINE, "experiment", "l4s", "--aqm", "dualpi2:kk=2");
        assertThat(key.exitCode()).isEqualTo(2);
        assertThat(key.errLines()).hasSize(1);
        assertThat(key.err()).contains("kk");
        Cli help = Cli.run(TransferCommand.DEFAULT_ENGINE, "experiment", "l4s", "--help");
        assertThat(help.exitCode()).isZero();
        assertThat(help.out()).contains("Exit codes:").doesNotContain("%%").doesNotContain("%n");
    }
}
