package io.tcplab.tools.experiment;

import io.tcplab.tools.metrics.IntervalMethod;
import io.tcplab.tools.metrics.Summary;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;
import java.util.function.ToDoubleFunction;
import java.util.function.ToLongFunction;
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

    /** The mark probabilities the results ran with, in the order they came. */
    public static List<Double> maxPs(List<EcnResult> results) {
        return results.stream().map(EcnResult::maxP).distinct().toList();
    }

    /** The runs of one mark probability and configuration. */
    public static List<EcnResult> runs(List<EcnResult> results, double maxP, String configuration) {
        return results.stream().filter(r -> Double.compare(r.maxP(), maxP) == 0
                && r.configuration().equals(configuration)).toList();
    }

    public static void print(List<EcnResult> results, PrintWriter out) {
        int table = 1;
        List<Double> maxPs = maxPs(results);
        for (double maxP : maxPs) {
            if (maxPs.size() > 1) {
                out.printf(Locale.ROOT, "RED max_p %s%n%n", FriendlinessTables.number(maxP));
            }
            for (String configuration : EcnSetup.CONFIGURATIONS) {
                List<EcnResult> runs = runs(results, maxP, configuration);
                if (!runs.isEmpty()) {
                    print(table++, configuration, runs, out);
                }
            }
        }
        if (maxPs.size() > 1) {
            sweep(results, maxPs, out);
        }
        out.flush();
    }

    /** One row per mark probability: each group's and the aggregate's mean goodput with ECN and without. */
    private static void sweep(List<EcnResult> results, List<Double> maxPs, PrintWriter out) {
        List<EcnResult.GroupRate> groups = results.get(0).groups();
        out.printf(Locale.ROOT, "By RED max_p: mean goodput over the runs, Mbit/s, with ECN / without%n");
        StringBuilder head = new StringBuilder(String.format(Locale.ROOT, "%-14s", "max_p"));
        groups.forEach(g -> head.append(String.format(Locale.ROOT, CELL, g.group())));
        head.append(String.format(Locale.ROOT, CELL, "aggregate"));
        out.println(head);
        for (double maxP : maxPs) {
            List<Summary> with = summariesOrNull(runs(results, maxP, EcnSetup.ECN));
            List<Summary> without = summariesOrNull(runs(results, maxP, EcnSetup.NON_ECN));
            StringBuilder row = new StringBuilder(String.format(Locale.ROOT, "%-14s", FriendlinessTables.number(maxP)));
            for (int c = 0; c <= groups.size(); c++) {
                row.append(String.format(Locale.ROOT, CELL, mean(with, c) + " / " + mean(without, c)));
            }
            out.println(row);
        }
        out.println();
    }

    private static List<Summary> summariesOrNull(List<EcnResult> runs) {
        return runs.isEmpty() ? null : summaries(runs);
    }

    private static String mean(List<Summary> summaries, int column) {
        return summaries == null ? "-" : String.format(Locale.ROOT, "%.2f", summaries.get(column).mean());
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
        out.println();
        diagnostics(runs, out);
    }

    /** Per group and per marking queue, what the runs' senders, receivers and queues counted: means per run. */
    private static void diagnostics(List<EcnResult> runs, PrintWriter out) {
        int groups = runs.get(0).groups().size();
        out.printf(Locale.ROOT, "Per group, mean per run (srtt: the senders' at the end of the run, mean over flows)%n");
        StringBuilder head = new StringBuilder(String.format(Locale.ROOT, "%-14s", ""));
        runs.get(0).groups().forEach(g -> head.append(String.format(Locale.ROOT, CELL, g.group())));
        out.println(head);
        groupRow(out, "CE received", runs, groups, c -> c.ceReceived(), "%.1f");
        groupRow(out, "retransmitted", runs, groups, c -> c.retransmissions(), "%.1f");
        groupRow(out, "TLP probes", runs, groups, c -> c.tlpProbes(), "%.1f");
        groupRow(out, "RTOs", runs, groups, c -> c.rtos(), "%.1f");
        groupRow(out, "srtt ms", runs, groups, EcnResult.GroupCounts::srttMs, "%.1f");
        out.println();
        out.printf(Locale.ROOT, "%-14s %-9s %6s %12s %12s %12s %20s %22s%n", "queue", "above max", "max_p", "CE marks",
                "RED drops", "tail drops", "ECN-capable drops", "of them above max");
        List<EcnResult.QueueCounts> queues = runs.get(0).queues();
        for (int q = 0; q < queues.size(); q++) {
            int index = q;
            ToDoubleFunction<ToLongFunction<EcnResult.QueueCounts>> mean =
                    f -> runs.stream().mapToLong(r -> f.applyAsLong(r.queues().get(index))).average().orElse(Double.NaN);
            out.printf(Locale.ROOT, "%-14s %-9s %6s %12.1f %12.1f %12.1f %20.1f %22.1f%n", queues.get(q).link(),
                    queues.get(q).aboveMax(), FriendlinessTables.number(queues.get(q).maxP()),
                    mean.applyAsDouble(EcnResult.QueueCounts::ceMarked),
                    mean.applyAsDouble(EcnResult.QueueCounts::redDropped),
                    mean.applyAsDouble(EcnResult.QueueCounts::tailDropped),
                    mean.applyAsDouble(EcnResult.QueueCounts::ectDropped),
                    mean.applyAsDouble(EcnResult.QueueCounts::ectAboveMaxDropped));
        }
        out.printf(Locale.ROOT, "(means per run over the whole run; RED drops include ECN-capable packets dropped above max)%n%n");
    }

    private static void groupRow(PrintWriter out, String name, List<EcnResult> runs, int groups,
                                 ToDoubleFunction<EcnResult.GroupCounts> value, String format) {
        StringBuilder row = new StringBuilder(String.format(Locale.ROOT, "%-14s", name));
        for (int g = 0; g < groups; g++) {
            int index = g;
            double mean = runs.stream().mapToDouble(r -> value.applyAsDouble(r.groups().get(index).counts())).average()
                    .orElse(Double.NaN);
            row.append(String.format(Locale.ROOT, CELL, String.format(Locale.ROOT, format, mean)));
        }
        out.println(row);
    }

    private static void row(PrintWriter out, String name, List<Summary> summaries, Function<Summary, String> value) {
        StringBuilder row = new StringBuilder(String.format(Locale.ROOT, "%-14s", name));
        summaries.forEach(s -> row.append(String.format(Locale.ROOT, CELL, value.apply(s))));
        out.println(row);
    }
}
