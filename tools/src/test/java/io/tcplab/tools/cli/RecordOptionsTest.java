package io.tcplab.tools.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@code --record} and {@code --record-headers} where they do not apply or cannot write: one line
 * naming the option, exit code 2, before anything runs (nothing here needs root).
 */
class RecordOptionsTest {
    @TempDir
    Path dir;

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "ab --record-headers|tcplab ab: --record-headers needs --record",
            "send --record-headers|tcplab send: --record-headers needs --record",
            "ab --suite --record x.rec|tcplab ab: --record takes one local comparison: not with --suite",
            "ab --remote 192.0.2.1 --record x.rec|tcplab ab: --record takes one local comparison: not with --remote",
            "ab --remote 192.0.2.1 --record-headers|tcplab ab: --record-headers takes one local comparison: not with "
                    + "--remote",
            "experiment delay-spike --record out|tcplab experiment delay-spike: --record needs --real (an emulated run "
                    + "is reproduced by its seed)",
            "experiment delay-spike --real --record-headers|tcplab experiment delay-spike: --record-headers needs "
                    + "--record"})
    void aRecordingWhereNoneCanBeIsOneLineAndExit2(String args, String message) {
        Cli r = Cli.run(TransferCommand.DEFAULT_ENGINE, args.split(" "));
        assertThat(r.exitCode()).as(r.err()).isEqualTo(2);
        assertThat(r.errLines()).containsExactly(message);
        assertThat(r.out()).isEmpty();
    }

    @Test
    void anEmulatedRunTakesNoRecording() throws IOException {
        Path scenario = Files.writeString(dir.resolve("s.yaml"), """
                duration: 2s
                topology: {kind: dumbbell, bottleneck: {rate: 10Mbit, delay: 5ms}}
                flows: [{name: a, rtt: 20ms}]
                """);
        Cli r = Cli.run(TransferCommand.DEFAULT_ENGINE, "run", "--record", dir.resolve("rec").toString(),
                "--no-progress", scenario.toString());
        assertThat(r.exitCode()).isEqualTo(2);
        assertThat(r.errLines()).containsExactly("tcplab run: --record needs --real (an emulated run is reproduced "
                + "by its seed)");
        assertThat(dir.resolve("rec")).doesNotExist();
    }

    @Test
    void aRecordingThatCannotBeWrittenIsFoundBeforeTheRun() throws IOException {
        Path notADirectory = Files.writeString(dir.resolve("file"), "");
        Cli ab = Cli.run(TransferCommand.DEFAULT_ENGINE, "ab", "--record", notADirectory.resolve("ab.rec").toString());
        assertThat(ab.exitCode()).isEqualTo(2);
        assertThat(ab.err()).startsWith("tcplab ab: --record cannot write '" + notADirectory.resolve("ab.rec") + "' (");
        assertThat(ab.errLines()).hasSize(1);

        Cli spike = Cli.run(TransferCommand.DEFAULT_ENGINE, "experiment", "delay-spike", "--real", "--record",
                notADirectory.resolve("recordings").toString());
        assertThat(spike.exitCode()).isEqualTo(2);
        assertThat(spike.err()).startsWith("tcplab experiment delay-spike: --record cannot write '"
                + notADirectory.resolve("recordings") + "' (");
    }
}
