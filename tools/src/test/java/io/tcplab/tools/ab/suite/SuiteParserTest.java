package io.tcplab.tools.ab.suite;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tcplab.tools.link.Limit;
import io.tcplab.tools.scenario.ScenarioException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The suite file: the built-in matrix, the defaults, and one-line errors naming the field. */
class SuiteParserTest {
    private static final String MINIMAL = "algorithms: [reno]\nseeds: [1]\npaths:\n  - name: clean\n";

    @Test
    void theJarsMatrixIsTheRepositorysFile() throws Exception {
        String inRepo = Files.readString(Path.of("../scenarios/ab-suite.yaml"));
        try (InputStream in = SuiteParser.class.getResourceAsStream(SuiteParser.BUILT_IN)) {
            assertThat(in).as(SuiteParser.BUILT_IN).isNotNull();
            assertThat(new String(in.readAllBytes(), StandardCharsets.UTF_8)).isEqualTo(inRepo);
        }
    }

    @Test
    void theBuiltInMatrixIsIssue16s() {
        Suite s = SuiteParser.builtIn();
        assertThat(s.seeds()).containsExactly(1L, 2L, 3L);
        assertThat(s.paths()).extracting(SuitePath::name).containsExactly("clean", "loss-0.1", "loss-1", "reorder",
                "ecn", "deep-bdp", "delay-spike", "rate-change");
        for (SuitePath p : s.paths()) {
            assertThat(p.algorithms()).as(p.name()).startsWith("reno", "cubic", "bbr");
            assertThat(p.algorithms().contains("dctcp")).as(p.name()).isEqualTo(p.ecn());
        }
        SuitePath ecn = s.paths().get(4);
        assertThat(ecn.ecnThreshold()).isEqualTo(Limit.packets(20));
        SuitePath deep = s.paths().get(5);
        assertThat(deep.rateBitsPerSec()).isEqualTo(200_000_000L);
        assertThat(deep.rttNanos()).isEqualTo(82_000_000L);
        assertThat(deep.queue()).isEqualTo(Limit.bytes(2_000_000));
        assertThat(s.paths().get(6).at().changes()).hasSize(2);
        assertThat(s.cells()).isEqualTo((8 * 3 + 1) * 3);
    }

    @Test
    void ab_sDefaultsWhereAPathSaysNothing() {
        SuitePath p = SuiteParser.parse(MINIMAL, "t.yaml").paths().get(0);
        assertThat(p.bytes()).isEqualTo(16L << 20);
        assertThat(p.rateBitsPerSec()).isEqualTo(100_000_000L);
        assertThat(p.rttNanos()).isEqualTo(20_000_000L);
        assertThat(p.queue()).as("one BDP, worked out with the spec").isNull();
        assertThat(p.loss()).isZero();
        assertThat(p.ecn()).isFalse();
        assertThat(p.ecnThreshold()).isNull();
        assertThat(p.at().changes()).isEmpty();
        assertThat(p.algorithms()).containsExactly("reno");
    }

    @Test
    void aPathsAlgorithmsReplaceTheFiles() {
        Suite s = SuiteParser.parse("algorithms: [reno, cubic]\nseeds: [4, 5]\npaths:\n  - name: a\n  - name: b\n"
                + "    algorithms: [bbr]\n", "t.yaml");
        assertThat(s.paths().get(0).algorithms()).containsExactly("reno", "cubic");
        assertThat(s.paths().get(1).algorithms()).containsExactly("bbr");
        assertThat(s.cells()).isEqualTo(6);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', ignoreLeadingAndTrailingWhitespace = false, value = {
            "    lose: 1%|t.yaml: paths[0].lose: unknown field (allowed: algorithms, at, bytes, ecn, ecn_threshold, loss, "
                    + "name, queue, rate, reorder, rtt)",
            "    rate: fast|t.yaml: paths[0].rate: bad rate 'fast'",
            "    loss: 2|t.yaml: paths[0].loss: bad probability '2'",
            "    queue: 0p|t.yaml: paths[0].queue: out of range: 0p (allowed: a queue limit of at least 1",
            "    ecn_threshold: none|t.yaml: paths[0].ecn_threshold: out of range: none (allowed: a queue size of at least 1",
            "    at: delay=1s|t.yaml: paths[0].at: ",
            "    bytes: lots|t.yaml: paths[0].bytes: not a size: 'lots' (allowed: bytes, or a number with B, KB",
            "    ecn: maybe|t.yaml: paths[0].ecn: expected true or false",
            "    algorithms: [cubc]|t.yaml: paths[0].algorithms[0]: unknown congestion control 'cubc'; available: ",
            "    algorithms: [reno, reno]|t.yaml: paths[0].algorithms[1]: 'reno' is listed twice",
            "    algorithms: [reno, dctcp]|t.yaml: paths[0].algorithms[1]: dctcp needs ECN: set ecn: true on this path",
            "    name: a b|t.yaml: paths[0].name: bad path name 'a b' (allowed: letters, digits, _ . -"})
    void aBadPathFieldIsOneLineNamingIt(String line, String message) {
        String yaml = "algorithms: [reno]\nseeds: [1]\npaths:\n  - name: p\n" + line + "\n";
        if (line.trim().startsWith("name:")) {
            yaml = "algorithms: [reno]\nseeds: [1]\npaths:\n  -" + line.substring(3) + "\n";
        }
        String y = yaml;
        assertThatThrownBy(() -> SuiteParser.parse(y, "t.yaml")).isInstanceOf(ScenarioException.class)
                .hasMessageStartingWith(message).hasMessageNotContaining("\n");
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "seeds: [1]\\npaths:\\n  - name: a\\n|t.yaml: paths[0].algorithms: missing (required here, or as algorithms at the top",
            "algorithms: [reno]\\npaths:\\n  - name: a\\n|t.yaml: seeds: missing (required)",
            "algorithms: [reno]\\nseeds: []\\npaths:\\n  - name: a\\n|t.yaml: seeds: needs at least one seed",
            "algorithms: [reno]\\nseeds: [1, 1]\\npaths:\\n  - name: a\\n|t.yaml: seeds: a seed is listed twice",
            "algorithms: [reno]\\nseeds: [x]\\npaths:\\n  - name: a\\n|t.yaml: seeds[0]: expected a whole number",
            "algorithms: [reno]\\nseeds: [1]\\n|t.yaml: paths: missing (required)",
            "algorithms: [reno]\\nseeds: [1]\\npaths: []\\n|t.yaml: paths: needs at least one path",
            "algorithms: [reno]\\nseeds: [1]\\npaths:\\n  - name: a\\n  - name: a\\n|t.yaml: paths[1].name: path name 'a' is used twice",
            "algorithms: [reno]\\nseeds: [1]\\npaths:\\n  - rate: 1Mbit\\n|t.yaml: paths[0].name: missing (required)",
            "algorithms: [dctcp]\\nseeds: [1]\\npaths:\\n  - name: a\\n|t.yaml: paths[0].ecn: dctcp needs ECN",
            "algorithm: [reno]\\n|t.yaml: algorithm: unknown field (allowed: algorithms, paths, seeds)",
            "paths: [\\n|t.yaml (line 1): YAML syntax error: ",
            "~\\n|t.yaml: the file is empty",
            "\\n|t.yaml: expected a mapping of fields (key: value)"})
    void aBadFileIsOneLineNamingTheField(String yaml, String message) {
        String text = yaml.replace("\\n", "\n");
        assertThatThrownBy(() -> SuiteParser.parse(text, "t.yaml")).isInstanceOf(ScenarioException.class)
                .hasMessageStartingWith(message).hasMessageNotContaining("\n");
    }

    @Test
    void aMissingFileIsOneLine(@org.junit.jupiter.api.io.TempDir Path dir) {
        assertThatThrownBy(() -> SuiteParser.parse(dir.resolve("none.yaml"))).isInstanceOf(ScenarioException.class)
                .hasMessageStartingWith("none.yaml: cannot read: ");
    }

    @Test
    void schedulesAndLimitsAsAbReadsThem() {
        SuitePath p = SuiteParser.parse("algorithms: [reno]\nseeds: [1]\npaths:\n  - name: s\n    at: rate=50Mbit@1s\n"
                + "    queue: 100p\n    ecn: true\n    ecn_threshold: 45KiB\n    bytes: 1.5MiB\n    reorder: 1%\n",
                "t.yaml").paths().get(0);
        assertThat(p.at().changes()).containsExactly(new io.tcplab.tools.link.LinkSchedule.Change(1_000_000_000L,
                "rate", "50Mbit"));
        assertThat(p.queue()).isEqualTo(Limit.packets(100));
        assertThat(p.ecnThreshold()).isEqualTo(Limit.bytes(45 * 1024));
        assertThat(p.bytes()).isEqualTo(1536L * 1024);
        assertThat(p.reorder()).isEqualTo(0.01);
        assertThat(List.of(p.ecn())).containsExactly(true);
    }
}
