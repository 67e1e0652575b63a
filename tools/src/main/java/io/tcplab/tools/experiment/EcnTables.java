package io.tcplab.tools.experiment;

import io.tcplab.tools.metrics.IntervalMethod;
import io.tcplab.tools.metrics.Summary;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * Seed 001's two tables from ECN results: per group and aggregated, over the runs (one value per
 * run: the group's aggregate goodput after the warm-up), mean, sample variance, standard
 * deviation, median and a 95% confidence interval of the mean with the normal quantile 1.96, as
 * the seed's intervals were computed ({@link IntervalMethod#NORMAL}).
 */
public final class EcnTables {
    private static final String CELL = " %31s";

    private EcnTables() {
    }

    /** The summaries of one configuration: one per group, then the aggregate. */
    public static List<Summary> summaries(List<EcnResult> runs) {
        List<Summary> out = new ArrayList<>();
        int groups = runs.get(0).groups().size();
        for (int g = 0; g < groups; g++) {
            int index = g;
            out.add(Summary.of(IntervalMethod.NORMAL, runs.stream().mapToDouble(r -> r.groups().get(index).mbps()).toArray()));
        }
        out.add(Summary.of(IntervalMethod.NORMAL, runs.stream().mapToDouble(EcnResult::aggregateMbps).toArray()));
        return out;
    }

    public static void print(List<EcnResult> results, PrintWriter out) {
        int table = 1;
        for (String configuration : EcnSetup.CONFIGURATIONS) {
            List<EcnResult> runs = results.stream().filter(r -> r.configuration().equals(configuration)).toList();
            if (!runs.isEmpty()) {
                print(table++, configuration, runs, out);
            }
        }
        out.flush();
    }

    private static void print(int number, String configuration, List<EcnResult> runs, PrintWriter out) {
        EcnResult first = runs.get(0);
        int flows = first.groups().stream().mapToInt(EcnResult.GroupRate::flows).sum();
        boolean ecn = configuration.equals(EcnSetup.ECN);
        out.printf(Locale.ROOT, "Throughput with %d TCP streams %s ECN (Mbps)%n", flows, ecn ? "with" : "without");
        StringBuilder head = new StringBuilder(String.format(Locale.ROOT, "%-14s", ""));
        StringBuilder path = new StringBuilder(String.format(Locale.ROOT, "%-14s", ""));
        for (EcnResult.GroupRate g : first.groups()) {
            head.append(String.format(Locale.ROOT, CELL, g.label()));
            path.append(String.format(Locale.ROOT, CELL, "(" + g.path() + ")"));
        }
        head.append(String.format(Locale.ROOT, CELL, "Aggregated throughput"));
        out.println(head);
        out.println(path);
        List<Summary> s = summaries(runs);
        row(out, "mean", s, x -> String.format(Locale.ROOT, "%.3f", x.mean()));
        row(out, "variance", s, x -> FriendlinessTables.value("%.4f", x.variance()));
        row(out, "dev standard", s, x -> FriendlinessTables.value("%.4f", x.standardDeviation()));
        row(out, "median", s, x -> String.format(Locale.ROOT, "%.3f", x.median()));
        row(out, "confid interv", s, x -> Double.isNaN(x.ci95().halfWidth()) ? "-"
                : String.format(Locale.ROOT, "(%.3f ; %.3f)", x.ci95().low(), x.ci95().high()));
        out.println();
        out.printf(Locale.ROOT, "Table %d: %d run%s (seeds %s), %s s each, goodput after the first %s s; 95%% "
                        + "interval of the mean = mean +- 1.96 s/sqrt(n), n = %d, as seed 001's%n", number, runs.size(),
                runs.size() == 1 ? "" : "s", runs.stream().map(r -> Long.toString(r.seed())).collect(Collectors.joining(",")),
                FriendlinessTables.number(first.durationSeconds()), FriendlinessTables.number(first.warmupSeconds()),
                runs.size());
        out.printf(Locale.ROOT, "ECN-capable packets dropped at the marking RED queues: %s%n%n", ectDrops(runs));
    }

    private static String ectDrops(List<EcnResult> runs) {
        return runs.get(0).ectDropped().keySet().stream()
                .map(link -> link + " " + runs.stream().mapToLong(r -> r.ectDropped().get(link)).sum())
                .collect(Collectors.joining(", "));
    }

    private static void row(PrintWriter out, String name, List<Summary> summaries, Function<Summary, String> value) {
        StringBuilder row = new StringBuilder(String.format(Locale.ROOT, "%-14s", name));
        summaries.forEach(s -> row.append(String.format(Locale.ROOT, CELL, value.apply(s))));
        out.println(row);
    }
}
