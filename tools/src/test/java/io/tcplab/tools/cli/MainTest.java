package io.tcplab.tools.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import static org.assertj.core.api.Assertions.assertThat;

class MainTest {
    private final FakeEngine engine = new FakeEngine(FakeEngine.success(1));

    @Test
    void helpListsTheSubcommands() {
        Cli cli = Cli.run(engine, "--help");
        assertThat(cli.exitCode()).isZero();
        assertThat(cli.out()).contains("Usage: tcplab", "transfer");
        assertThat(cli.err()).isEmpty();
    }

    @Test
    void transferHelpShowsEveryOptionWithItsDefault() {
        Cli cli = Cli.run(engine, "transfer", "--help");
        assertThat(cli.exitCode()).isZero();
        assertThat(cli.out()).contains("--bytes", "--rate", "--rtt", "--queue", "--loss", "--loss-every", "--reorder",
                "--dup", "--corrupt", "--ecn-threshold", "--at", "--seed", "--cc", "--no-sack", "--no-timestamps",
                "--no-window-scale", "--ecn", "--recovery", "--spurious", "--pacing", "--buffer", "--isn", "--time-limit",
                "--trace", "--json", "--quiet");
        // picocli wraps descriptions at any space, so read the help as one line
        assertThat(cli.out().replaceAll("\\s+", " "))
                .contains("(default: 64MiB)", "(default: 100Mbit)", "(default: 20ms)", "(default: reno)");
    }

    @Test
    void versionNamesTheProgram() {
        Cli cli = Cli.run(engine, "--version");
        assertThat(cli.exitCode()).isZero();
        assertThat(cli.out()).startsWith("tcplab ");
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "--loss=abc              | tcplab transfer: --loss must be a probability like 0.01 or 1%, got 'abc'",
        "--loss=1.5              | tcplab transfer: --loss must be a probability",
        "--rate=0                | tcplab transfer: --rate must be a rate above 0",
        "--rate=fast             | tcplab transfer: --rate must be",
        "--rtt=10                | tcplab transfer: --rtt must be a duration",
        "--bytes=-1              | tcplab transfer: --bytes must be a size of at least 1 byte",
        "--bytes=0               | tcplab transfer: --bytes must be",
        "--bytes=10p             | tcplab transfer: --bytes must be",
        "--queue=0               | tcplab transfer: --queue must be",
        "--buffer=1KiB           | tcplab transfer: --buffer must be a size from 4KiB to 1GiB",
        "--loss-every=1          | tcplab transfer: --loss-every must be 0 (off) or a whole number",
        "--dup=-0.1              | tcplab transfer: --dup must be a probability",
        "--cc=nosuchcc           | tcplab transfer: --cc must be a congestion control",
        "--at=delay=1s           | tcplab transfer: --at must be link changes",
        "--at=delay=abc@10s      | tcplab transfer: --at must be link changes",
        "--at=colour=red@1s      | tcplab transfer: --at must be link changes",
        "--isn=4294967296        | tcplab transfer: --isn must be a whole number from 0 to 4294967295",
        "--seed=x                | tcplab transfer: --seed must be a whole number",
        "--time-limit=0          | tcplab transfer: --time-limit must be a duration above 0",
        "--frobnicate            | tcplab transfer: unknown option '--frobnicate'",
        "surplus                 | tcplab transfer: unexpected argument 'surplus'",
    })
    void aBadValueIsOneLineOnStderrAndExitCodeTwo(String arg, String expectedStart) {
        Cli cli = Cli.run(engine, "transfer", arg);
        assertThat(cli.exitCode()).isEqualTo(2);
        assertThat(cli.errLines()).hasSize(1);
        assertThat(cli.errLines()[0]).startsWith(expectedStart);
        assertThat(cli.out()).isEmpty();
        assertThat(engine.spec).as("the run never started").isNull();
    }

    @Test
    void aMissingValueIsOneLineToo() {
        Cli cli = Cli.run(engine, "transfer", "--loss");
        assertThat(cli.exitCode()).isEqualTo(2);
        assertThat(cli.errLines()).singleElement().asString().startsWith("tcplab transfer: ").contains("--loss");
    }

    @Test
    void noSubcommandIsABadCommandLine() {
        Cli cli = Cli.run(engine);
        assertThat(cli.exitCode()).isEqualTo(2);
        assertThat(cli.errLines()).singleElement().asString().startsWith("tcplab: ").contains("tcplab --help");
    }

    @Test
    void anUnknownTopLevelOptionIsOneLine() {
        Cli cli = Cli.run(engine, "--frob");
        assertThat(cli.exitCode()).isEqualTo(2);
        assertThat(cli.errLines()).singleElement().asString().isEqualTo("tcplab: unknown option '--frob'; see 'tcplab --help'");
    }
}
