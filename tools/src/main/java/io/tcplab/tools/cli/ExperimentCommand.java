package io.tcplab.tools.cli;

import picocli.CommandLine.Command;

/** {@code tcplab experiment}: the reference experiments, each a subcommand. */
@Command(name = "experiment", mixinStandardHelpOptions = true, versionProvider = Version.class,
        description = {"Runs a reference experiment on the emulator and writes its table, data and plots. "
                + "See docs/experiments.md.", "Exit codes: 0 success, 1 the run failed, 2 a bad option."},
        subcommands = {DelaySpikeCommand.class, EcnCommand.class, FriendlinessCommand.class, L4sCommand.class})
public final class ExperimentCommand {
}
