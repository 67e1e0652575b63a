package io.tcplab.tools.cli;

import io.tcplab.tools.experiment.CellResult;
import io.tcplab.tools.experiment.CellResults;
import io.tcplab.tools.experiment.EcnExperiment;
import io.tcplab.tools.experiment.EcnResult;
import io.tcplab.tools.experiment.EcnTables;
import io.tcplab.tools.experiment.ExperimentCsv;
import io.tcplab.tools.experiment.FriendlinessPlot;
import io.tcplab.tools.experiment.FriendlinessResult;
import io.tcplab.tools.experiment.FriendlinessTables;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;
import picocli.CommandLine.Model.CommandSpec;

/** What the experiment commands and {@code tcplab merge} print and write for a set of results. */
final class ExperimentReports {
    private ExperimentReports() {
    }

    /** Seed 001's tables (or JSON), CSV if asked; exit code 1 if ECN flows repaired losses that never happened. */
    static int ecn(CommandSpec command, List<EcnResult> results, boolean json, Path csv) throws IOException {
        PrintWriter out = command.commandLine().getOut();
        if (json) {
            out.println(CellResults.json(results));
        } else {
            EcnTables.print(results, out);
        }
        if (csv != null) {
            Path file = ExperimentCsv.ecn(results, csv);
            if (!json) {
                out.println("csv: " + file);
            }
        }
        out.flush();
        List<EcnResult> bad = EcnExperiment.repairsWithoutLoss(results);
        if (bad.isEmpty()) {
            return 0;
        }
        PrintWriter err = command.commandLine().getErr();
        err.println(command.qualifiedName() + ": FAILED: ECN flows retransmitted beyond their tail loss probes or took "
                + "RTOs though no ECN-capable packet was dropped or lost anywhere: " + bad.stream()
                .map(r -> String.format(Locale.ROOT, "%s seed %d %s", r.configuration(), r.seed(), r.repairsWithoutLoss()
                        .stream().map(g -> String.format(Locale.ROOT, "%s %d retransmitted, %d TLPs, %d RTOs", g.group(),
                                g.counts().retransmissions(), g.counts().tlpProbes(), g.counts().rtos()))
                        .collect(Collectors.joining(", "))))
                .collect(Collectors.joining("; ")));
        err.flush();
        return 1;
    }

    /** --report DIR of {@code experiment ecn}: ecn.csv beside the result files, the run record, the page. */
    static void ecnReport(CommandSpec command, SweepOptions options, List<EcnResult> results) throws IOException {
        ExperimentCsv.ecn(results, options.report.dir);
        options.report.finish(command, seeds(results), options.profile.name(), options.json);
    }

    /** --report DIR of {@code experiment friendliness}: friendliness.csv and the plot beside the result files, the run record, the page. */
    static void friendlinessReport(CommandSpec command, SweepOptions options, List<FriendlinessResult> results)
            throws IOException {
        FriendlinessTables tables = new FriendlinessTables(results);
        ExperimentCsv.friendliness(tables, options.report.dir);
        FriendlinessPlot.write(tables, options.report.dir);
        options.report.finish(command, seeds(results), options.profile.name(), options.json);
    }

    private static String seeds(List<? extends CellResult> results) {
        return results.stream().map(CellResult::seed).distinct().sorted().map(String::valueOf)
                .collect(Collectors.joining(", "));
    }

    /** Seed 000's tables (or JSON), CSV if asked, and the plot of the 82 ms cells into {@code plots} if given. */
    static int friendliness(CommandSpec command, List<FriendlinessResult> results, boolean json, Path csv, Path plots)
            throws IOException {
        PrintWriter out = command.commandLine().getOut();
        FriendlinessTables tables = new FriendlinessTables(results);
        if (json) {
            out.println(CellResults.json(results));
        } else {
            tables.print(out);
        }
        if (csv != null) {
            Path file = ExperimentCsv.friendliness(tables, csv);
            if (!json) {
                out.println("csv: " + file);
            }
        }
        if (plots != null) {
            Path file = FriendlinessPlot.write(tables, plots);
            if (!json) {
                out.println("plot: " + file);
            }
        }
        out.flush();
        return 0;
    }
}
