package io.tcplab.tools.cli;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The command line of {@code tcplab ab}; nothing here creates namespaces. */
class AbCommandTest {
    static Cli ab(String... args) {
        String[] all = new String[args.length + 1];
        all[0] = "ab";
        System.arraycopy(args, 0, all, 1, args.length);
        return Cli.run(TransferCommand.DEFAULT_ENGINE, all);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "--cc|nosuch|--cc must be a congestion control like reno or cubic:beta=0.7",
            "--bytes|0|--bytes must be a size",
            "--rate|fast|--rate must be a rate",
            "--rtt|-5ms|--rtt must be a duration",
            "--loss|2|--loss must be a probability",
            "--queue|0p|--queue must be a queue limit",
            "--mtu|70000|--mtu must be a whole number of bytes from 68 to 65535",
            "--at|delay=1s|--at must be link changes",
            "--sample-interval|0|--sample-interval must be a duration above 0",
            "--plot|cwnd.svg|--plot must name a .png file",
            "--port|0|--port must be from 1 to 65534, got 0"})
    void badValueIsOneLineNamingTheOptionAndExit2(String option, String value, String message) {
        Cli r = ab(option, value);
        assertThat(r.exitCode()).isEqualTo(2);
        assertThat(r.errLines()).hasSize(1);
        assertThat(r.err()).startsWith("tcplab ab: " + message);
        assertThat(r.out()).isEmpty();
    }

    @org.junit.jupiter.api.Test
    void anAlgorithmTcplabLacksIsNamedWithTheOnesItHas() {
        Cli r = ab("--cc", "nosuch");
        assertThat(r.errLines()).hasSize(1);
        assertThat(r.err()).contains("unknown congestion control 'nosuch'; available: ")
                .contains(io.tcplab.stack.cc.CongestionControls.names().iterator().next());
    }
}
