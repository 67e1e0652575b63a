package io.tcplab.tools.cli;

import io.tcplab.tools.report.experiment.ExperimentReports;
import io.tcplab.tools.experiment.CellResult;
import io.tcplab.tools.experiment.CellResults;
import io.tcplab.tools.experiment.EcnResult;
import io.tcplab.tools.experiment.FriendlinessResult;
import io.tcplab.tools.experiment.L4sResult;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code tcplab merge DIR...}: the tables of an experiment from the result files its jobs wrote. */
@Command(name = "merge", mixinStandardHelpOptions = true, versionProvider = Version.class, sortOptions = false,
        description = {"Reads every result file (*.json) under the directories, as experiment jobs write them "
                + "(--emit-jobs, --results), and prints the experiment's tables as a direct run would. "
                + "See docs/sweeps.md.", "Exit codes: 0 success, 1 an ECN run dropped ECN-capable packets, "
                + "2 a bad option or file."})
public final class MergeCommand implements Callable<Integer> {
    @Spec
    private CommandSpec command;

    @Parameters(paramLabel = "DIR", arity = "1..*", description = "directories holding result files")
    private List<Path> dirs;

    @Option(names = "--json", description = "Print the results as JSON instead of the tables.")
    private boolean json;

    @Option(names = "--csv", paramLabel = "DIR", description = "Also write the tables as CSV into DIR.")
    private Path csv;

    @Option(names = "--out", paramLabel = "DIR", description = "Write the friendliness goodput plot, or the l4s "
            + "goodput and queue-delay plots, into DIR.")
    private Path out;

    @Override
    public Integer call() throws IOException {
        List<CellResult> results;
        try {
            results = CellResults.read(dirs);
        } catch (IllegalArgumentException e) {
            return Messages.badOption(command, e.getMessage());
        }
        if (results.isEmpty()) {
            return Messages.badOption(command, "no result files (*.json) under " + dirs);
        }
        List<FriendlinessResult> friendliness = results.stream().filter(FriendlinessResult.class::isInstance)
                .map(FriendlinessResult.class::cast).toList();
        List<EcnResult> ecn = results.stream().filter(EcnResult.class::isInstance).map(EcnResult.class::cast).toList();
        List<L4sResult> l4s = results.stream().filter(L4sResult.class::isInstance).map(L4sResult.class::cast).toList();
        int code = 0;
        if (!friendliness.isEmpty()) {
            code = ExperimentReports.friendliness(friendliness, json, csv, out, command.commandLine().getOut());
        }
        if (!ecn.isEmpty()) {
            code = Math.max(code, ExperimentReports.ecn(ecn, json, csv, command.commandLine().getOut(),
                    command.commandLine().getErr(), command.qualifiedName()));
        }
        if (!l4s.isEmpty()) {
            code = Math.max(code, ExperimentReports.l4s(l4s, json, csv, out, command.commandLine().getOut()));
        }
        return code;
    }
}
