package io.tcplab.tools.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.tcplab.tools.ab.AbReport;
import io.tcplab.tools.ab.AbResults;
import io.tcplab.tools.report.ReportPage;
import io.tcplab.tools.report.RunRecord;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * {@code --report DIR} on each kind of command at reduced size, and {@code tcplab report} on what
 * they wrote: the page holds the command's own numbers, every image decodes, every link resolves,
 * text from the files is escaped; a directory without a result is one line and exit code 2.
 */
class ReportCommandTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void delaySpikeReportHoldsEachRowAndEveryPlot(@TempDir Path dir) throws Exception {
        Cli cli = Cli.run(TransferCommand.DEFAULT_ENGINE, "experiment", "delay-spike", "--duration", "4s", "--spike-at",
                "1s", "--spike-duration", "0.5s", "--variants", "sack,teb", "--report", dir.toString());
        assertThat(cli.exitCode()).as(cli.err()).isZero();
        assertThat(cli.out()).contains("report: " + dir.resolve("report.html"));

        String html = ReportChecks.checkedPage(dir);
        assertThat(ReportChecks.pngFiles(dir)).isEqualTo(4); // cwnd and time-sequence, per kind of spike
        for (JsonNode row : JSON.readTree(dir.resolve("delay-spike.json").toFile()).path("rows")) {
            assertThat(html).contains("<td class=\"num\">" + row.path("retransmissions").asLong() + "</td>")
                    .contains(String.format(Locale.ROOT, "%.3f", row.path("goodputMbps").asDouble()));
        }
        assertThat(html).contains("tcplab experiment delay-spike --duration 4s --spike-at 1s")
                .contains("Spike kind: stall").contains("Spike kind: delay");
    }

    @Test
    void friendlinessReportHoldsTheTablesAndItsResultsMerge(@TempDir Path dir) throws Exception {
        Path report = dir.resolve("report");
        Cli cli = Cli.run(TransferCommand.DEFAULT_ENGINE, "experiment", "friendliness", "--scenario",
                FriendlinessCommandTest.smallCell(dir).toString(), "--rtts", "16", "--protocols", "cubic", "--duration",
                "3s", "--runs", "1", "--parallel", "1", "--no-progress", "--report", report.toString());
        assertThat(cli.exitCode()).as(cli.err()).isZero();

        String html = ReportChecks.checkedPage(report);
        String jain = Files.readAllLines(report.resolve("friendliness.csv")).stream()
                .filter(l -> l.startsWith("jain,cubic,16,")).findFirst().orElseThrow().split(",")[5];
        assertThat(html).contains("Fairness index (Jain&#39;s)")
                .contains("<td class=\"num\">" + String.format(Locale.ROOT, "%.4g", Double.parseDouble(jain)) + "</td>");
        assertThat(Cli.run(TransferCommand.DEFAULT_ENGINE, "merge", report.resolve("results").toString()).exitCode())
                .isZero();
    }

    @Test
    void runReportHoldsEachFlowsGoodputAndEveryPlot(@TempDir Path dir) throws Exception {
        Cli cli = Cli.run(TransferCommand.DEFAULT_ENGINE, "run", "../scenarios/two-flow-dumbbell.yaml", "--duration",
                "3s", "--no-progress", "--report", dir.toString());
        assertThat(cli.exitCode()).as(cli.err()).isZero();

        String html = ReportChecks.checkedPage(dir);
        assertThat(ReportChecks.pngFiles(dir.resolve("seed-1"))).isEqualTo(3); // throughput, cwnd, queue
        // a 3 s run's plots are small as vectors: the page shows the SVGs and links the PNGs
        assertThat(dir.resolve("seed-1/cwnd.svg")).isRegularFile();
        assertThat(html.split("data:image/svg\\+xml;base64,", -1)).hasSize(4);
        assertThat(html).contains("<a href=\"seed-1/cwnd.png\">");
        for (JsonNode flow : JSON.readTree(dir.resolve("run.json").toFile()).path(0).path("flows")) {
            assertThat(html).contains("<tr><td>" + flow.path("name").asText() + "</td>")
                    .contains("<td class=\"num\">" + flow.path("delivered_bytes").asLong() + "</td>");
        }
        assertThat(html).contains("two-flow dumbbell, seed 1").contains("as the input file gives");
    }

    @Test
    void abReportHoldsBothSidesAndThePlot(@TempDir Path dir) throws Exception {
        Cli cli = ab("--report", dir.toString());
        assertThat(cli.exitCode()).as(cli.err()).isZero();

        String html = ReportChecks.checkedPage(dir);
        JsonNode ab = JSON.readTree(dir.resolve("ab.json").toFile());
        assertThat(html).contains("<tr><td>retransmits</td><td class=\"num\">" + ab.at("/kernel/retransmits").asLong()
                + "</td><td class=\"num\">" + ab.at("/tcplab/retransmits").asLong() + "</td></tr>");
        assertThat(JSON.readTree(dir.resolve(RunRecord.FILE).toFile()).path("profile").asText()).isEqualTo("linux");
    }

    @Test
    void textFromTheFilesIsEscaped(@TempDir Path dir) throws Exception {
        Files.writeString(dir.resolve("ab.json"), AbReport.json(AbResults.sample()));
        new RunRecord("tcplab ab", List.of("--note", "<script>alert('x')</script>&"), "v", "1", "linux",
                new io.tcplab.tools.report.Machine("<b>host</b>", "os", "cpu", 2, "java"), "now").write(dir);
        Files.writeString(dir.resolve("a <b> & \"c\".csv"), "x\n");

        String html = Files.readString(ReportPage.write(dir));
        assertThat(html).contains("&lt;script&gt;alert(").contains("&lt;/script&gt;&amp;").contains("&lt;b&gt;host&lt;/b&gt;")
                .doesNotContain("<script>alert").doesNotContain("<b>host");
        assertThat(html.split("<script>", -1)).hasSize(2); // the page's own script only
        assertThat(ReportChecks.linksExist(dir.resolve("report.html"), html)).contains(dir.resolve("a <b> & \"c\".csv"));
    }

    @Test
    void indexLinksEachReportWithItsHeadline(@TempDir Path dir) throws IOException {
        Path first = dir.resolve("results/first");
        Path second = dir.resolve("results/second");
        assertThat(ab("--report", first.toString()).exitCode()).isZero();
        assertThat(ab("--report", second.toString(), "--seed", "7").exitCode()).isZero();
        Path index = dir.resolve("pages/index.html");

        Cli cli = Cli.run(TransferCommand.DEFAULT_ENGINE, "report", first.toString(), second.toString(), "--index",
                index.toString());
        assertThat(cli.exitCode()).as(cli.err()).isZero();
        String html = Files.readString(index);
        assertThat(ReportChecks.linksExist(index, html)).containsExactly(first.resolve("report.html"),
                second.resolve("report.html"));
        assertThat(html).contains("href=\"../results/first/report.html\"").contains("<td>ab --report " + first + "</td>") // ab is this test's root command
                .contains("kernel reno").contains("<td class=\"num\">7</td>");
    }

    @Test
    void aDirectoryWithoutAResultIsOneLineAndExitCode2(@TempDir Path dir) throws IOException {
        Path good = dir.resolve("good");
        assertThat(ab("--report", good.toString()).exitCode()).isZero();
        Path empty = Files.createDirectory(dir.resolve("empty"));
        Files.delete(good.resolve("report.html"));

        Cli cli = Cli.run(TransferCommand.DEFAULT_ENGINE, "report", good.toString(), empty.toString());
        assertThat(cli.exitCode()).isEqualTo(2);
        assertThat(cli.errLines()).containsExactly("tcplab report: " + empty + ": no result to report (expected one of "
                + "run.json (run), ab.json (ab), delay-spike.json (experiment delay-spike), friendliness.csv (experiment "
                + "friendliness), ecn.csv (experiment ecn), l4s.csv (experiment l4s), as --report DIR writes them)");
        assertThat(good.resolve("report.html")).as("nothing written before every directory was checked").doesNotExist();

        Cli missing = Cli.run(TransferCommand.DEFAULT_ENGINE, "report", dir.resolve("missing").toString());
        assertThat(missing.errLines()).containsExactly("tcplab report: " + dir.resolve("missing") + ": not a directory");
        assertThat(missing.exitCode()).isEqualTo(2);
    }

    @Test
    void reportIsRefusedWhereNoSingleResultComesOfTheRun(@TempDir Path dir) {
        Cli jobs = Cli.run(TransferCommand.DEFAULT_ENGINE, "experiment", "friendliness", "--emit-jobs",
                dir.resolve("jobs").toString(), "--report", dir.resolve("r").toString());
        assertThat(jobs.exitCode()).isEqualTo(2);
        assertThat(jobs.errLines()).singleElement().asString().startsWith("tcplab experiment friendliness: --report needs the run");

        Cli suite = ab("--suite", "--report", dir.resolve("r").toString());
        assertThat(suite.exitCode()).isEqualTo(2);
        assertThat(suite.errLines()).containsExactly("ab: --report takes one local comparison: not with --suite");
    }

    /** {@code ab} with its runs replaced by a sample result. */
    static Cli ab(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        CommandLine cmd = new CommandLine(new AbCommand((spec, log) -> AbResults.sample()));
        cmd.setParameterExceptionHandler(new OptionErrorHandler());
        int code = cmd.setOut(new PrintWriter(out, true)).setErr(new PrintWriter(err, true)).execute(args);
        return new Cli(code, out.toString(), err.toString());
    }
}
