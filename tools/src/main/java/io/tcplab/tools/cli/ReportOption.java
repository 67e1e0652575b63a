package io.tcplab.tools.cli;

import io.tcplab.tools.report.NoResultException;
import io.tcplab.tools.report.ReportPage;
import io.tcplab.tools.report.RunRecord;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;

/**
 * {@code --report DIR}, shared by the commands that make results: the command writes its results
 * and plots into DIR, then {@link #finish} records the run beside them and writes the page
 * ({@code tcplab report}; docs/report.md).
 */
final class ReportOption {
    @Option(names = "--report", paramLabel = "DIR",
            description = "After the run, write its results, plots and a record of the run (command line, version, "
                    + "seed, profile, machine) into DIR, and the page DIR/report.html; see docs/report.md.")
    Path dir;

    boolean wanted() {
        return dir != null;
    }

    /** Makes DIR before the run, so that a directory that cannot be written is a bad option, not a lost run. */
    void check(CommandSpec command) {
        if (dir != null) {
            WritableDir.ensure(command, dir, "--report");
        }
    }

    /** Records the run and writes DIR/report.html; says where unless the output is JSON. */
    void finish(CommandSpec command, String seed, String profile, boolean quiet) throws IOException {
        RunRecord.now(command.qualifiedName(), arguments(command), new Version().getVersion()[0], seed, profile)
                .write(dir);
        Path page;
        try {
            page = ReportPage.write(dir);
        } catch (NoResultException e) {
            throw new IllegalStateException("the command wrote no result into " + dir, e);
        }
        if (!quiet) {
            PrintWriter out = command.commandLine().getOut();
            out.println("report: " + page);
            out.flush();
        }
    }

    /** The arguments as typed after the command's own name (tcplab experiment delay-spike ...). */
    private static List<String> arguments(CommandSpec command) {
        List<String> all = command.root().commandLine().getParseResult().originalArgs();
        int depth = 0;
        for (CommandSpec c = command; c.parent() != null; c = c.parent()) {
            depth++;
        }
        return all.subList(Math.min(depth, all.size()), all.size());
    }
}
