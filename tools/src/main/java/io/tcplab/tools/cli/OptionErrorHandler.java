package io.tcplab.tools.cli;

import picocli.CommandLine;
import picocli.CommandLine.IParameterExceptionHandler;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.TypeConversionException;
import picocli.CommandLine.UnmatchedArgumentException;

/**
 * Reports a bad command line in exactly one stderr line and exits with 2: no usage dump (it
 * buries the one thing that was wrong) and no stack trace. A bad value reads like
 * {@code tcplab transfer: --loss must be a probability like 0.01 or 1%, got 'abc'}.
 */
final class OptionErrorHandler implements IParameterExceptionHandler {
    static final int EXIT_BAD_OPTION = 2;

    @Override
    public int handleParseException(ParameterException ex, String[] args) {
        CommandLine cmd = ex.getCommandLine();
        String command = cmd.getCommandSpec().qualifiedName();
        cmd.getErr().println(command + ": " + describe(ex, command));
        cmd.getErr().flush();
        return EXIT_BAD_OPTION;
    }

    private static String describe(ParameterException ex, String command) {
        if (ex.getCause() instanceof TypeConversionException conversion && ex.getArgSpec() instanceof OptionSpec option) {
            return option.longestName() + " " + conversion.getMessage();
        }
        String help = "; see '" + command + " --help'";
        if (ex instanceof UnmatchedArgumentException unmatched && !unmatched.getUnmatched().isEmpty()) {
            String first = unmatched.getUnmatched().get(0);
            return (unmatched.isUnknownOption() ? "unknown option '" : "unexpected argument '") + first + "'" + help;
        }
        // A command with subcommands fails here only when none was given: point at the list.
        return ex.getMessage() + (ex.getCommandLine().getSubcommands().isEmpty() ? "" : help);
    }
}
