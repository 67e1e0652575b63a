package io.tcplab.tools.scenario;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;

/**
 * Fuzzes the scenario file parser with arbitrary YAML text: it returns a scenario or throws a
 * {@link ScenarioException} whose message is one line naming the file, as {@code tcplab run}
 * prints it; anything else escaping is a finding. Replays {@code ScenarioParserFuzzTestInputs/} in
 * a normal build; {@code JAZZER_FUZZ=1} fuzzes.
 */
class ScenarioParserFuzzTest {
    @FuzzTest(maxDuration = "10s")
    void anyYamlParsesOrFailsWithOneLine(FuzzedDataProvider in) {
        String yaml = in.consumeRemainingAsString();
        try {
            assertThat(ScenarioParser.parse(yaml, "fuzz.yaml")).isNotNull();
        } catch (ScenarioException e) {
            // "fuzz.yaml: flows[0]: ..." or "fuzz.yaml (line 3): YAML syntax error: ..."
            assertThat(e.getMessage()).startsWith("fuzz.yaml").doesNotContain("\n");
        }
    }
}
