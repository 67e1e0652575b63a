package io.tcplab.tools.cli;

import java.io.PrintWriter;
import java.io.StringWriter;

/** Runs the command line in-process with captured stdout and stderr. */
record Cli(int exitCode, String out, String err) {

    static Cli run(TransferEngine engine, String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = Main.commandLine(engine)
                .setOut(new PrintWriter(out, true))
                .setErr(new PrintWriter(err, true))
                .execute(args);
        return new Cli(code, out.toString(), err.toString());
    }

    String[] errLines() {
        return err.lines().toArray(String[]::new);
    }
}
