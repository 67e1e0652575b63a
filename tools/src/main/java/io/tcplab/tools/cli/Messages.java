package io.tcplab.tools.cli;

import io.tcplab.tools.replay.Recordings;
import java.io.PrintWriter;
import picocli.CommandLine.Model.CommandSpec;

/** Error text from the layers below, fitted to the CLI's one-line form, and the exit codes it ends with. */
final class Messages {
    /** A run failed, or the system refused what it needs. */
    static final int EXIT_FAILED = 1;

    private Messages() {
    }

    /** "tcplab CMD: message" on stderr, and the exit code of a failed run. */
    static int failed(CommandSpec command, String message) {
        return say(command, message, EXIT_FAILED);
    }

    /** "tcplab CMD: message" on stderr, and the exit code of a bad option or input file. */
    static int badOption(CommandSpec command, String message) {
        return say(command, message, OptionErrorHandler.EXIT_BAD_OPTION);
    }

    /** "tcplab CMD: recorded to ..." on stderr for each stack --record recorded (docs/replay.md). */
    static void recorded(CommandSpec command, Recordings recordings) {
        PrintWriter err = command.commandLine().getErr();
        recordings.summaries().forEach(line -> err.println(command.qualifiedName() + ": " + line));
        err.flush();
    }

    private static int say(CommandSpec command, String message, int exitCode) {
        PrintWriter err = command.commandLine().getErr();
        err.println(command.qualifiedName() + ": " + message);
        err.flush();
        return exitCode;
    }

    /** The message without the {@code "tcplab: "} that lower layers put first (the CLI names the command). */
    static String strip(Throwable e) {
        String m = e.getMessage() != null ? e.getMessage() : e.toString();
        return m.startsWith("tcplab: ") ? m.substring("tcplab: ".length()) : m;
    }
}
