package io.tcplab.examples.recovery;

import io.tcplab.tools.cli.Main;
import io.tcplab.tools.scenario.TransferRunner;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The tcplab command line run in-process with the emulator, as {@code ./tcplab} runs it; this
 * module's provider is on the test class path, as TCPLAB_PLUGINS puts it on the CLI's.
 */
record Cli(int exitCode, String out, String err) {
    static Cli run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = Main.commandLine(TransferRunner::run)
                .setOut(new PrintWriter(out, true))
                .setErr(new PrintWriter(err, true))
                .execute(args);
        return new Cli(code, out.toString(), err.toString());
    }

    /** How many LOSS_DETECTED rows of a trace CSV name {@code detector} (column 10, "detail"). */
    static long lossesMarkedBy(Path traceCsv, String detector) throws IOException {
        try (var lines = Files.lines(traceCsv)) {
            return lines.map(l -> l.split(",", -1))
                    .filter(f -> f.length > 9 && f[8].equals("LOSS_DETECTED") && f[9].equals(detector))
                    .count();
        }
    }
}
