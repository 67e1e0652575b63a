package io.tcplab.tools.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.tcplab.tools.ab.AbException;
import io.tcplab.tools.ab.AbResult;
import io.tcplab.tools.ab.AbResults;
import io.tcplab.tools.ab.AbSpec;
import io.tcplab.tools.ab.OutsideDrops;
import io.tcplab.tools.link.Limit;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import picocli.CommandLine;

/** {@code ab --suite} with its runs replaced: the cells it makes, the rows, the exit codes; no namespaces. */
class AbSuiteCommandTest {
    private static final List<String> KERNEL = List.of("reno", "bbr", "cubic");
    private static final String SMALL = """
            algorithms: [reno, cubic]
            seeds: [1, 2]
            paths:
              - name: lossy
                loss: 1%
                bytes: 4MiB
              - name: marked
                ecn: true
                ecn_threshold: 20p
                algorithms: [reno, dctcp]
            """;

    private record Run(Cli cli, List<AbSpec> specs) {
    }

    /** {@code ab args} with every run answered by {@code answer}, which sees the spec. */
    private static Run ab(java.util.function.Function<AbSpec, AbResult> answer, String... args) {
        List<AbSpec> specs = new ArrayList<>();
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = new CommandLine(new AbCommand((spec, log) -> {
            specs.add(spec);
            return answer.apply(spec);
        }, () -> KERNEL)).setParameterExceptionHandler(new OptionErrorHandler()).setOut(new PrintWriter(out, true)).setErr(new PrintWriter(err, true)).execute(args);
        return new Run(new Cli(code, out.toString(), err.toString()), specs);
    }

    private static Path small(Path dir) throws Exception {
        return Files.writeString(dir.resolve("small.yaml"), SMALL);
    }

    @Test
    void everyCellIsOneAbRunWithThePathsOptions(@TempDir Path dir) throws Exception {
        Run r = ab(spec -> AbResults.sample(), "--suite", small(dir).toString());
        assertThat(r.cli().exitCode()).as(r.cli().err()).isZero();
        // lossy: reno, cubic; marked: reno (dctcp skipped); two seeds each
        assertThat(r.specs()).hasSize(6);
        assertThat(r.specs()).extracting(AbSpec::ccName).containsExactly("reno", "reno", "cubic", "cubic", "reno", "reno");
        assertThat(r.specs()).extracting(AbSpec::seed).containsExactly(1L, 2L, 1L, 2L, 1L, 2L);
        AbSpec lossy = r.specs().get(0);
        assertThat(lossy.bytes()).isEqualTo(4L << 20);
        assertThat(lossy.forward().lossProbability()).isEqualTo(0.01);
        assertThat(lossy.reverse().lossProbability()).isZero();
        assertThat(lossy.tcplab().profile).as("ab's default profile").isEqualTo("linux");
        assertThat(lossy.ecn()).isFalse();
        AbSpec marked = r.specs().get(4);
        assertThat(marked.ecn()).isTrue();
        assertThat(marked.forward().ecnThreshold()).isEqualTo(Limit.packets(20));
        assertThat(r.cli().errLines()).containsExactly(
                "ab --suite [1/6] lossy reno seed 1: kernel 89.48, tcplab 67.11 Mbit/s" + tail(r, 0),
                "ab --suite [2/6] lossy reno seed 2: kernel 89.48, tcplab 67.11 Mbit/s" + tail(r, 1),
                "ab --suite [3/6] lossy cubic seed 1: kernel 89.48, tcplab 67.11 Mbit/s" + tail(r, 2),
                "ab --suite [4/6] lossy cubic seed 2: kernel 89.48, tcplab 67.11 Mbit/s" + tail(r, 3),
                "ab --suite [5/6] marked reno seed 1: kernel 89.48, tcplab 67.11 Mbit/s" + tail(r, 4),
                "ab --suite [6/6] marked reno seed 2: kernel 89.48, tcplab 67.11 Mbit/s" + tail(r, 5),
                "ab --suite marked dctcp: skipped, the kernel lacks tcp_dctcp (its algorithms: reno, bbr, cubic)");
        assertThat(r.cli().out()).contains("ab suite small.yaml: 2 paths, 4 rows, seeds 1, 2")
                .contains("marked  dctcp      skipped: the kernel lacks tcp_dctcp")
                .contains("4 rows: 3 compared (3 with a ratio outside ±10 %), 0 refused, 1 skipped, 0 failed");
    }

    /** The wall time each progress line ends with, as printed (it is measured, so read back). */
    private static String tail(Run r, int line) {
        String l = r.cli().errLines()[line];
        return l.substring(l.lastIndexOf(" ("));
    }

    @Test
    void aSuitePathIsTheSpecAbMakesFromTheSameOptions(@TempDir Path dir) throws Exception {
        Path file = Files.writeString(dir.resolve("deep.yaml"), """
                algorithms: [cubic]
                seeds: [2]
                paths:
                  - name: deep
                    rate: 200Mbit
                    rtt: 82ms
                    queue: 2MB
                    bytes: 64MiB
                    reorder: 1%
                    at: delay=100ms@1s
                """);
        AbSpec suite = ab(spec -> AbResults.sample(), "--suite", file.toString()).specs().get(0);
        AbSpec single = ab(spec -> AbResults.sample(), "--rate", "200Mbit", "--rtt", "82ms", "--queue", "2MB",
                "--bytes", "64MiB", "--reorder", "1%", "--at", "delay=100ms@1s", "--cc", "cubic", "--seed", "2")
                .specs().get(0);
        assertThat(suite).usingRecursiveComparison().isEqualTo(single);
        assertThat(suite.cc()).isEqualTo("cubic:count=segments,friendly=linux,probe=linux");
    }

    @Test
    void aRunThatLostPacketsOutsideTheLinkOrFailedIsExit1WithTheRowSaying(@TempDir Path dir) throws Exception {
        AbResult lossy = AbResults.withOutsideDrops(new OutsideDrops.Builder().add("tlka0 TX", 684).build(),
                AbResults.noDrops());
        Run r = ab(spec -> {
            if (spec.ccName().equals("cubic") && spec.seed() == 2) {
                throw new AbException("tcplab run: no EOF after 60 s");
            }
            return spec.ecn() ? lossy : AbResults.sample();
        }, "--suite", small(dir).toString());
        assertThat(r.cli().exitCode()).isEqualTo(1);
        assertThat(r.specs()).as("a failure stops nothing").hasSize(6);
        assertThat(r.cli().out()).contains("lossy   cubic      failed: seed 2: tcplab run: no EOF after 60 s")
                .contains("marked  reno       refused: seed 1: no comparison: packets were dropped outside the link");
        assertThat(r.cli().err()).contains("ab --suite [4/6] lossy cubic seed 2: failed: tcplab run: no EOF after 60 s")
                .endsWith("ab: 2 of 4 rows failed or were refused (see the report)" + System.lineSeparator());
    }

    @Test
    void jsonAndAPlotPerPath(@TempDir Path dir) throws Exception {
        Path plots = dir.resolve("plots");
        Run r = ab(spec -> AbResults.sample(), "--suite", small(dir).toString(), "--json", "--plot", plots.toString());
        assertThat(r.cli().exitCode()).as(r.cli().err()).isZero();
        JsonNode root = new ObjectMapper().readTree(r.cli().out());
        assertThat(root.get("rows").size()).isEqualTo(4);
        assertThat(root.at("/rows/0/ratios/goodput/value").asDouble()).isCloseTo(67.108864 / 89.478485,
                org.assertj.core.api.Assertions.within(1e-6));
        RealRunChecks.assertPng(plots.resolve("lossy.png"), 1000);
        RealRunChecks.assertPng(plots.resolve("marked.png"), 1000);
        assertThat(javax.imageio.ImageIO.read(plots.resolve("lossy.png").toFile()).getHeight())
                .as("one chart per compared row: reno and cubic").isEqualTo(2 * 600);
        assertThat(javax.imageio.ImageIO.read(plots.resolve("marked.png").toFile()).getHeight()).isEqualTo(600);
    }

    @Test
    void withoutAFileTheBuiltInMatrixRuns() {
        Run r = ab(spec -> AbResults.sample(), "--suite", "--json");
        assertThat(r.cli().exitCode()).as(r.cli().err()).isZero();
        assertThat(r.specs()).hasSize(8 * 3 * 3);
        assertThat(r.cli().out()).contains("\"suite\":\"ab-suite.yaml (built in)\"");
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "--rate|10Mbit|ab: --rate is set per path in the suite file; with --suite only --profile, --recovery",
            "--cc|cubic|ab: --cc is set per path in the suite file",
            "--seed|3|ab: --seed is set per path in the suite file",
            "--remote|h|ab: --remote is set per path in the suite file",
            "--plot|a.png|ab: --plot with --suite names a directory (a PNG per path goes into it), got 'a.png'"})
    void anOptionTheFileGivesIsOneLineAndExit2(String option, String value, String message, @TempDir Path dir)
            throws Exception {
        Run r = ab(spec -> AbResults.sample(), "--suite", small(dir).toString(), option, value);
        assertThat(r.cli().exitCode()).isEqualTo(2);
        assertThat(r.cli().errLines()).hasSize(1);
        assertThat(r.cli().err()).startsWith(message);
        assertThat(r.specs()).isEmpty();
    }

    @Test
    void aBadFileIsOneLineNamingTheFieldAndExit2(@TempDir Path dir) throws Exception {
        Path bad = Files.writeString(dir.resolve("bad.yaml"), SMALL.replace("loss: 1%", "loss: lots"));
        Cli r = AbCommandTest.ab("--suite", bad.toString());
        assertThat(r.exitCode()).isEqualTo(2);
        assertThat(r.errLines()).containsExactly("tcplab ab: bad.yaml: paths[0].loss: bad probability 'lots': "
                + "expected a number from 0 to 1 or a percentage (e.g. 0.01, 1%)");
        assertThat(r.out()).isEmpty();
    }
}
