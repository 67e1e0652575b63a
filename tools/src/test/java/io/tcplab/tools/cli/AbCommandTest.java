package io.tcplab.tools.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.tcplab.tools.ab.AbResult;
import io.tcplab.tools.ab.AbResults;
import io.tcplab.tools.ab.AbSpec;
import io.tcplab.tools.ab.OutsideDrops;
import java.io.PrintWriter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import picocli.CommandLine;
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

    /** {@code ab} with {@code args}, its runs replaced by {@code result}. */
    private static Cli abWith(AbResult result, String... args) {
        java.io.StringWriter out = new java.io.StringWriter();
        java.io.StringWriter err = new java.io.StringWriter();
        int code = new CommandLine(new AbCommand((spec, log) -> result)).setOut(new PrintWriter(out, true))
                .setErr(new PrintWriter(err, true)).execute(args);
        return new Cli(code, out.toString(), err.toString());
    }

    @Test
    void dropsOutsideTheLinkAreOneLineAndExit1InsteadOfAComparison() {
        AbResult lossy = AbResults.withOutsideDrops(new OutsideDrops.Builder().add("tlka0 TX", 684).build(),
                AbResults.noDrops());
        for (String[] args : new String[][] {{}, {"--json"}}) {
            Cli r = abWith(lossy, args);
            assertThat(r.exitCode()).isEqualTo(1);
            assertThat(r.errLines()).containsExactly("ab: no comparison: packets were dropped outside the link, "
                    + "which only the link may do (kernel run: 684 (tlka0 TX 684); tcplab run: 0)");
            assertThat(r.out()).doesNotContain("goodput").doesNotContain("{");
        }
    }

    @Test
    void withoutDropsOutsideTheLinkTheComparisonIsPrinted() {
        Cli r = abWith(AbResults.sample());
        assertThat(r.exitCode()).as(r.err()).isZero();
        assertThat(r.err()).isEmpty();
        assertThat(r.out()).contains("goodput (Mbit/s)").contains("dropped outside the link");
    }

    @Test
    void ecnAsksTcplabForIt() {
        AbSpec[] seen = new AbSpec[1];
        new CommandLine(new AbCommand((spec, log) -> {
            seen[0] = spec;
            return AbResults.sample();
        })).setOut(new PrintWriter(new java.io.StringWriter())).execute("--ecn", "--ecn-threshold", "20p");
        assertThat(seen[0].ecn()).isTrue();
        assertThat(seen[0].tcplab().ecn).isTrue();
        assertThat(seen[0].forward().ecnThreshold()).isEqualTo(io.tcplab.tools.link.Limit.packets(20));
        new CommandLine(new AbCommand((spec, log) -> {
            seen[0] = spec;
            return AbResults.sample();
        })).setOut(new PrintWriter(new java.io.StringWriter())).execute();
        assertThat(seen[0].ecn()).isFalse();
    }

    @Test
    void tcplabRunsTheLinuxProfileUnlessToldOtherwise() {
        AbSpec[] seen = new AbSpec[1];
        CommandLine ab = recording(seen);
        ab.execute("--cc", "cubic");
        assertThat(seen[0].tcplab().profile).isEqualTo("linux");
        assertThat(seen[0].cc()).isEqualTo("cubic:count=segments,friendly=linux,probe=linux");
        assertThat(seen[0].ccName()).as("what the kernel is asked for").isEqualTo("cubic");
        assertThat(seen[0].tcplab().minRtoNanos).isEqualTo(200_000_000L);
        ab.execute("--cc", "cubic:friendly=rfc", "--profile", "today");
        assertThat(seen[0].tcplab().profile).isEqualTo("today");
        assertThat(seen[0].cc()).isEqualTo("cubic:friendly=rfc");
    }

    /** Like the kernel sender beside it (no fq, not BBR), tcplab does not pace unless asked. */
    @Test
    void tcplabPacesOnlyWhenAsked() {
        AbSpec[] seen = new AbSpec[1];
        CommandLine ab = recording(seen);
        ab.execute("--cc", "cubic");
        assertThat(seen[0].tcplab().pacing).isFalse();
        ab.execute("--cc", "cubic", "--pacing", "on");
        assertThat(seen[0].tcplab().pacing).isTrue();
    }

    @Test
    void anAlgorithmTcplabLacksIsNamedWithTheOnesItHas() {
        Cli r = ab("--cc", "nosuch");
        assertThat(r.errLines()).hasSize(1);
        assertThat(r.err()).contains("unknown congestion control 'nosuch'; available: ")
                .contains(io.tcplab.stack.cc.CongestionControls.names().iterator().next());
    }

    /** An ab command whose runner only records the spec it was given in {@code seen[0]}. */
    private static CommandLine recording(AbSpec[] seen) {
        return new CommandLine(new AbCommand((spec, log) -> {
            seen[0] = spec;
            return AbResults.sample();
        })).setOut(new PrintWriter(new java.io.StringWriter()));
    }
}
