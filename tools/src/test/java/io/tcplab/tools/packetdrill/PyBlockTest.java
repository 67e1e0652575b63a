package io.tcplab.tools.packetdrill;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The Python subset of {@code %{ }%} blocks: the forms the corpus writes, evaluated as Python does. */
class PyBlockTest {
    private final Map<String, Object> env = new HashMap<>(TcpInfo.symbols());

    private List<String> run(int line, String code) throws PyParser.Unsupported {
        return new PyBlock(line, PyParser.parse(line, code)).run(env, text -> { });
    }

    private String failure(int line, String code) {
        try {
            run(line, code);
        } catch (ScriptFailure f) {
            return f.line + ": " + f.getMessage();
        } catch (PyParser.Unsupported u) {
            throw new AssertionError(u);
        }
        throw new AssertionError("no failure");
    }

    @Test
    void comparisonsChainAndArithmeticFollowsPython() throws Exception {
        env.put("tcpi_last_data_recv", 1000L);
        env.put("tcpi_options", 7L);
        env.put("tcpi_ca_state", 3L);
        assertThat(run(1, " assert 990 <= tcpi_last_data_recv <= 1010, tcpi_last_data_recv ")).isEmpty();
        assertThat(failure(1, "assert 990 <= tcpi_last_data_recv <= 999, tcpi_last_data_recv"))
                .isEqualTo("1: assertion failed: assert 990 <= tcpi_last_data_recv <= 999, tcpi_last_data_recv"
                        + " (tcpi_last_data_recv = 1000): 1000");
        assertThat(run(1, "assert (tcpi_options & TCPI_OPT_SACK) != 0 and not tcpi_options & 32")).isEmpty();
        assertThat(run(1, "assert -7 // 2 == -4 and -7 % 2 == 1 and 2 + 3 * 4 == 14 and 0x7fffffff == 2147483647"))
                .isEmpty();
        assertThat(run(1, "assert tcpi_ca_state == TCP_CA_Recovery or 1 // 0")).isEmpty(); // short circuit
    }

    @Test
    void variablesLiveAcrossBlocksAndStatements() throws Exception {
        env.put("tcpi_snd_cwnd", 59L);
        run(10, "TCP_INFINITE_SSTHRESH = 0x7fffffff");
        run(11, "print(tcpi_snd_cwnd); cwnd = 58; assert tcpi_snd_cwnd != cwnd, tcpi_snd_cwnd");
        run(12, "cwnd += 1; assert tcpi_snd_cwnd == cwnd, tcpi_snd_cwnd");
        assertThat(env).containsEntry("cwnd", 59L).containsEntry("TCP_INFINITE_SSTHRESH", 0x7fffffffL);
    }

    @Test
    void aFailedAssertionNamesItsLineTheValuesAndTheMessage() {
        env.put("tcpi_snd_cwnd", 12L);
        env.put("tcpi_ca_state", 1L);
        env.put("tcpi_rtt", 9000L);
        assertThat(failure(20, "\nassert tcpi_ca_state == TCP_CA_Disorder, tcpi_ca_state\n"
                + "assert tcpi_snd_cwnd == 10, 'cwnd=%d' % tcpi_snd_cwnd  # no moderation\n"))
                .isEqualTo("22: assertion failed: assert tcpi_snd_cwnd == 10, 'cwnd=%d' % tcpi_snd_cwnd"
                        + " (tcpi_snd_cwnd = 12): cwnd=12");
        assertThat(failure(5, "assert tcpi_ca_state == TCP_CA_Recovery, \\\n 'ca: %d rtt: %d' % (tcpi_ca_state, tcpi_rtt)"))
                .isEqualTo("5: assertion failed: assert tcpi_ca_state == TCP_CA_Recovery, 'ca: %d rtt: %d' %"
                        + " (tcpi_ca_state, tcpi_rtt) (TCP_CA_Recovery = 3, tcpi_ca_state = 1): ca: 1 rtt: 9000");
        assertThat(failure(3, "assert x == 1")).isEqualTo("3: Python error: name 'x' is not defined");
    }

    @Test
    void anAssertionOverAnUnknownFieldIsNotCheckedAndSaysWhich() throws Exception {
        env.put("tcpi_reordering", new PyExpr.Unknown("tcpi_reordering"));
        env.put("tcpi_lost", 6L);
        assertThat(run(30, "assert tcpi_lost == 6, tcpi_lost\nassert tcpi_reordering == 5, tcpi_reordering\n"
                + "r = tcpi_reordering + 1\nassert r > 2 and tcpi_lost == 6"))
                .containsExactly("line 31: tcpi_reordering", "line 33: tcpi_reordering");
    }

    @Test
    void constructsOutsideTheSubsetAreNamed() {
        assertThatThrownBy(() -> PyParser.parse(1, "import os")).hasMessage("Python statement 'import'"
                + " (runs: assert, assignment, print)");
        assertThatThrownBy(() -> PyParser.parse(1, "assert len(x) == 1")).hasMessage("Python call len()");
        assertThatThrownBy(() -> PyParser.parse(1, "assert tcpi_rtt / 2 > 1")).hasMessage("Python true division '/'"
                + " (floats)");
        assertThatThrownBy(() -> PyParser.parse(1, "assert x in y")).hasMessage("Python operator 'in'");
    }
}
