package io.tcplab.tools.report.experiment;

import io.tcplab.tools.experiment.CellResult;
import io.tcplab.tools.experiment.CellResults;
import io.tcplab.tools.experiment.EcnExperiment;
import io.tcplab.tools.experiment.EcnResult;
import io.tcplab.tools.experiment.EcnTables;
import io.tcplab.tools.experiment.ExperimentCsv;
import io.tcplab.tools.experiment.FriendlinessPlot;
import io.tcplab.tools.experiment.FriendlinessResult;
import io.tcplab.tools.experiment.FriendlinessTables;
import io.tcplab.tools.experiment.L4sPlots;
import io.tcplab.tools.experiment.L4sResult;
import io.tcplab.tools.experiment.L4sTables;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/** What the experiment commands and {@code tcplab merge} print and write for a set of results. */
public final class ExperimentReports {
    private ExperimentReports() {
    }

    /**
     * Seed 001's tables (or JSON), CSV if asked; exit code 1, with a line on {@code err} after
     * {@code command}, if ECN flows repaired losses that never happened.
     */
    public static int ecn(List<EcnResult> results, boolean json, Path csv, PrintWriter out, PrintWriter err,
                          String command) throws IOException {
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
        err.println(command + ": FAILED: ECN flows retransmitted beyond their tail loss probes or took "
                + "RTOs though no ECN-capable packet was dropped or lost anywhere: " + bad.stream()
                .map(r -> String.format(Locale.ROOT, "%s seed %d %s", r.configuration(), r.seed(), r.repairsWithoutLoss()
                        .stream().map(g -> String.format(Locale.ROOT, "%s %d retransmitted, %d TLPs, %d RTOs", g.group(),
                                g.counts().retransmissions(), g.counts().tlpProbes(), g.counts().rtos()))
                        .collect(Collectors.joining(", "))))
                .collect(Collectors.joining("; ")));
        err.flush();
        return 1;
    }

    /** What --report DIR of {@code experiment friendliness} holds beside the result files: friendliness.csv and the plot. */
    public static void friendlinessFiles(List<FriendlinessResult> results, Path dir) throws IOException {
        FriendlinessTables tables = new FriendlinessTables(results);
        ExperimentCsv.friendliness(tables, dir);
        FriendlinessPlot.write(tables, dir);
    }

    /** The runs' distinct seeds in order, as a run record names them ("1, 2, 3"). */
    public static String seeds(List<? extends CellResult> results) {
        return results.stream().map(CellResult::seed).distinct().sorted().map(String::valueOf)
                .collect(Collectors.joining(", "));
    }

    /** Seed 000's tables (or JSON), CSV if asked, and the plot of the 82 ms cells into {@code plots} if given. */
    public static int friendliness(List<FriendlinessResult> results, boolean json, Path csv, Path plots,
                                   PrintWriter out) throws IOException {
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

    /** The L4S coexistence tables (or JSON), CSV if asked, and the two plots into {@code plots} if given. */
    public static int l4s(List<L4sResult> results, boolean json, Path csv, Path plots, PrintWriter out)
            throws IOException {
        L4sTables tables = new L4sTables(results);
        if (json) {
            out.println(CellResults.json(results));
        } else {
            tables.print(out);
        }
        if (csv != null) {
            Path file = tables.csv(csv);
            if (!json) {
                out.println("csv: " + file);
            }
        }
        if (plots != null) {
            for (Path file : L4sPlots.write(tables, plots)) {
                if (!json) {
                    out.println("plot: " + file);
                }
            }
        }
        out.flush();
        return 0;
    }

    /** What --report DIR of {@code experiment l4s} holds beside the result files: l4s.csv and the plots. */
    public static void l4sFiles(List<L4sResult> results, Path dir) throws IOException {
        L4sTables tables = new L4sTables(results);
        tables.csv(dir);
        L4sPlots.write(tables, dir);
    }
}
