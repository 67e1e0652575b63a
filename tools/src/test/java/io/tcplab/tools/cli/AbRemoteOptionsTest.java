package io.tcplab.tools.cli;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** ab --remote's options: the emulated link's are refused with it, its own need it; one line, exit 2, nothing run. */
class AbRemoteOptionsTest {

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "ab --remote 10.77.1.2 --rate 10Mbit      | tcplab ab: --rate is for the local ab's emulated link; with --remote the path is real",
            "ab --remote 10.77.1.2 --loss 1%          | tcplab ab: --loss is for the local ab's emulated link; with --remote the path is real",
            "ab --remote 10.77.1.2 --ecn              | tcplab ab: --ecn is for the local ab's emulated link",
            "ab --remote 10.77.1.2:0                  | tcplab ab: --remote must be HOST or HOST:PORT with a port from 1 to 65535, got '10.77.1.2:0'",
            "ab --remote 10.77.1.2:x                  | tcplab ab: --remote must be HOST or HOST:PORT",
            "ab --rounds 2                            | tcplab ab: --rounds needs --remote HOST",
            "ab --netns a                             | tcplab ab: --netns needs --remote HOST",
            "ab --remote 10.77.1.2 --rounds 0         | tcplab ab: --rounds must be a whole number of at least 1, got '0'",
            "ab-agent --port 0                        | tcplab ab-agent: --port must be a port from 1 to 65535, got '0'",
            "ab-agent --runs 0                        | tcplab ab-agent: --runs must be a whole number of at least 1, got '0'",
    })
    void aBadCombinationIsOneLineAndExit2(String args, String expectedStart) {
        Cli cli = Cli.run(null, args.trim().split("\\s+"));

        assertThat(cli.exitCode()).as(cli.err()).isEqualTo(2);
        assertThat(cli.errLines()).hasSize(1);
        assertThat(cli.errLines()[0]).startsWith(expectedStart.trim());
        assertThat(cli.out()).isEmpty();
    }
}
