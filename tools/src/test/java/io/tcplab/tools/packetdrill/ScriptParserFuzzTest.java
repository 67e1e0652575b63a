package io.tcplab.tools.packetdrill;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;

/**
 * Fuzzes the packetdrill script parser with arbitrary text: it either returns a script or throws
 * its documented {@link ScriptSyntaxException} with a message; any other exception is a finding.
 * Replays {@code ScriptParserFuzzTestInputs/} in a normal build; {@code JAZZER_FUZZ=1} fuzzes.
 */
class ScriptParserFuzzTest {
    @FuzzTest(maxDuration = "10s")
    void anyTextParsesOrFailsWithASyntaxError(FuzzedDataProvider in) {
        String text = in.consumeRemainingAsString();
        try {
            assertThat(ScriptParser.parse("fuzz.pkt", text)).isNotNull();
        } catch (ScriptSyntaxException e) {
            assertThat(e.getMessage()).isNotBlank();
        }
    }
}
