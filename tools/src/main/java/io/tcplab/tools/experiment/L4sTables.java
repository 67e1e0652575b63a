package io.tcplab.tools.experiment;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.ToDoubleFunction;

/**
 * The L4S coexistence tables: per AQM (rows, in the order run), each flow's goodput, the L4S
 * flows' over the classic ones', the utilization; then per AQM and queue (L: L4S-identified
 * packets, C: the rest) the sojourn median and 99th percentile, marks and drops. Each value is
 * the mean over the AQM's runs.
 */
public final class L4sTables {
    private final Map<String, List<L4sResult>> byAqm = new LinkedHashMap<>();
    /** Each AQM's row label: its name, or its file-name label where two runs share a name. */
    private final Map<String, String> labels = new LinkedHashMap<>();
    private final List<String> flows;
    private final L4sResult first;

    public L4sTables(List<L4sResult> results) {
        if (results.isEmpty()) {
            throw new IllegalArgumentException("no l4s results");
        }
        first = results.get(0);
        for (L4sResult r : results) {
            byAqm.computeIfAbsent(r.aqm(), k -> new ArrayList<>()).add(r);
        }
        flows = first.flows().stream().map(L4sResult.Flow::name).toList();
        for (String aqm : byAqm.keySet()) {
            boolean shared = byAqm.keySet().stream().filter(a -> name(a).equals(name(aqm))).count() > 1;
            labels.put(aqm, shared ? L4sExperiment.label(aqm) : name(aqm));
        }
    }

    /** The row label of an AQM (its name unless two share it). */
    public String label(String aqm) {
        return labels.get(aqm);
    }

    /** The AQMs as run (their whole settings), in order. */
    public List<String> aqms() {
        return List.copyOf(byAqm.keySet());
    }

    public List<L4sResult> runs(String aqm) {
        return byAqm.getOrDefault(aqm, List.of());
    }

    /** The mean over an AQM's runs. */
    public double mean(String aqm, ToDoubleFunction<L4sResult> metric) {
        return runs(aqm).stream().mapToDouble(metric).average().orElse(Double.NaN);
    }

    /** A flow's goodput in Mbit/s in one run, NaN if the run has no flow of that name. */
    static double mbps(L4sResult r, String flow) {
        return r.flows().stream().filter(f -> f.name().equals(flow)).mapToDouble(L4sResult.Flow::mbps).findFirst()
                .orElse(Double.NaN);
    }

    public void print(PrintWriter out) {
        out.printf(Locale.ROOT, "L4S coexistence: %s s runs (first %s s left out), means over %s%n",
                number(first.durationSeconds()), number(first.warmupSeconds()), runsText());
        out.println();
        out.println("Goodput (Mbit/s) and the L4S flows' over the classic ones'");
        StringBuilder head = new StringBuilder(String.format(Locale.ROOT, "%-10s", "aqm"));
        for (String f : flows) {
            head.append(String.format(Locale.ROOT, " %14s", f + (isL4s(f) ? " (L4S)" : "")));
        }
        out.println(head + String.format(Locale.ROOT, " %12s %8s", "L4S/classic", "util %"));
        for (String aqm : byAqm.keySet()) {
            StringBuilder row = new StringBuilder(String.format(Locale.ROOT, "%-10s", label(aqm)));
            for (String f : flows) {
                row.append(String.format(Locale.ROOT, " %14.2f", mean(aqm, r -> mbps(r, f))));
            }
            out.println(row + String.format(Locale.ROOT, " %12.3f %8.1f", mean(aqm, L4sResult::l4sOverClassic),
                    100 * mean(aqm, L4sResult::utilization)));
        }
        out.println();
        out.println("Queues: L holds the L4S-identified packets (ECT(1), CE), C the rest; sojourn in ms");
        out.printf(Locale.ROOT, "%-10s %-5s %8s %8s %8s %9s %8s %10s%n", "aqm", "queue", "p50", "p99", "max",
                "marks", "drops", "packets");
        for (String aqm : byAqm.keySet()) {
            queueRow(out, aqm, "L", L4sResult::l4sQueue);
            queueRow(out, aqm, "C", L4sResult::classicQueue);
        }
        out.println();
        for (String aqm : byAqm.keySet()) {
            out.println(label(aqm) + ": " + aqm);
        }
        out.flush();
    }

    private void queueRow(PrintWriter out, String aqm, String label,
                          java.util.function.Function<L4sResult, L4sResult.Queue> queue) {
        out.printf(Locale.ROOT, "%-10s %-5s %8.3f %8.3f %8.3f %9.0f %8.0f %10.0f%n", label(aqm), label,
                mean(aqm, r -> queue.apply(r).p50Ms()), mean(aqm, r -> queue.apply(r).p99Ms()),
                mean(aqm, r -> queue.apply(r).maxMs()), mean(aqm, r -> queue.apply(r).marked()),
                mean(aqm, r -> queue.apply(r).dropped()), mean(aqm, r -> queue.apply(r).packets()));
    }

    /**
     * {@code DIR/l4s.csv}: aqm (the row label), settings (the AQM's keys, space-separated), metric,
     * runs, mean — one row per number of the tables.
     */
    public Path csv(Path dir) throws IOException {
        Path file = Files.createDirectories(dir).resolve("l4s.csv");
        try (PrintWriter out = new PrintWriter(Files.newBufferedWriter(file))) {
            out.println("aqm,settings,metric,runs,mean");
            for (String aqm : byAqm.keySet()) {
                int colon = aqm.indexOf(':');
                String prefix = label(aqm) + "," + (colon < 0 ? "" : aqm.substring(colon + 1).replace(',', ' ')) + ",";
                int runs = runs(aqm).size();
                java.util.function.BiConsumer<String, ToDoubleFunction<L4sResult>> line = (metric, value) ->
                        out.printf(Locale.ROOT, "%s%s,%d,%s%n", prefix, metric, runs, mean(aqm, value));
                for (String f : flows) {
                    line.accept("mbps_" + f, r -> mbps(r, f));
                }
                line.accept("l4s_over_classic", L4sResult::l4sOverClassic);
                line.accept("utilization", L4sResult::utilization);
                for (String q : new String[] {"l", "c"}) {
                    java.util.function.Function<L4sResult, L4sResult.Queue> queue =
                            q.equals("l") ? L4sResult::l4sQueue : L4sResult::classicQueue;
                    line.accept(q + "_p50_ms", r -> queue.apply(r).p50Ms());
                    line.accept(q + "_p99_ms", r -> queue.apply(r).p99Ms());
                    line.accept(q + "_max_ms", r -> queue.apply(r).maxMs());
                    line.accept(q + "_marks", r -> queue.apply(r).marked());
                    line.accept(q + "_drops", r -> queue.apply(r).dropped());
                }
            }
        }
        return file;
    }

    private boolean isL4s(String flow) {
        return first.flows().stream().anyMatch(f -> f.name().equals(flow) && f.l4s());
    }

    /** An AQM's name, without its settings. */
    static String name(String aqm) {
        int colon = aqm.indexOf(':');
        return colon < 0 ? aqm : aqm.substring(0, colon);
    }

    private String runsText() {
        int min = byAqm.values().stream().mapToInt(List::size).min().orElse(0);
        int max = byAqm.values().stream().mapToInt(List::size).max().orElse(0);
        String seeds = byAqm.values().iterator().next().stream().mapToLong(L4sResult::seed).sorted()
                .mapToObj(Long::toString).reduce((a, b) -> a + ", " + b).orElse("");
        return (min == max ? min + "" : min + " to " + max) + " run" + (max == 1 ? "" : "s") + " (seeds " + seeds + ")";
    }

    static String number(double v) {
        return v == Math.rint(v) ? Long.toString((long) v) : String.format(Locale.ROOT, "%.1f", v);
    }
}
