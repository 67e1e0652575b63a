package io.tcplab.tools.cli;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * The {@code tcplab} command. Exit codes: 0 success, 1 a run failed, 2 a bad command line.
 */
@Command(name = "tcplab", mixinStandardHelpOptions = true, versionProvider = Version.class,
        description = "A user-space TCP and the lab around it.")
public final class Main {

    public static void main(String[] args) {
        System.exit(commandLine(TransferCommand.DEFAULT_ENGINE).execute(args));
    }

    /** The command tree with its error handling; tests pass their own engine. */
    public static CommandLine commandLine(TransferEngine engine) {
        CommandLine cmd = new CommandLine(new Main())
                .addSubcommand(new TransferCommand(engine))
                .addSubcommand(new LinkCommand())
                .addSubcommand(new AbCommand())
                .addSubcommand(new AbAgentCommand())
                .addSubcommand(new PacketdrillCommand())
                .addSubcommand(new ServeCommand())
                .addSubcommand(new SendCommand())
                .addSubcommand(new ExperimentCommand())
                .addSubcommand(new CcCommand())
                .addSubcommand(new ProfileCommand())
                .addSubcommand(new RunCommand())
                .addSubcommand(new MergeCommand())
                .addSubcommand(new ReplayCommand())
                .addSubcommand(new AnalyzeCommand())
                .addSubcommand(new ReportCommand())
                .addSubcommand(new CleanupCommand());
        cmd.setParameterExceptionHandler(new OptionErrorHandler());
        cmd.setExecutionExceptionHandler((ex, commandLine, parseResult) -> {
            // Not a user error: the run itself broke, so keep the stack trace for the bug report.
            commandLine.getErr().println(commandLine.getCommandSpec().qualifiedName() + ": run failed: " + ex);
            ex.printStackTrace(commandLine.getErr());
            return 1;
        });
        return cmd;
    }
}
