package io.tcplab.tools.report.run;

import io.tcplab.tools.scenario.FlowSeries;
import io.tcplab.tools.scenario.LinkSeries;
import io.tcplab.tools.scenario.Scenario;
import io.tcplab.tools.scenario.ScenarioResult;
import java.io.PrintWriter;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** {@code tcplab run}'s text report of one run: flows, the topology's links, Jain's index per group. */
public final class RunTable {
    private RunTable() {
    }

    public static void print(Scenario scenario, ScenarioResult r, PrintWriter out, boolean real) {
        out.printf(Locale.ROOT, "%s, seed %d: %.0f s %s (measured after %.1f s) in %.1f s wall%n",
                r.scenario(), r.seed(), r.durationNanos() / 1e9, real ? "in real time" : "simulated",
                r.warmupNanos() / 1e9, r.wallSeconds());
        out.printf(Locale.ROOT, "%-16s %-11s %-10s %-6s %8s %12s %9s %6s%n", "flow", "group", "cc", "stack",
                "rtt ms", "goodput Mbps", "retrans", "rtos");
        for (FlowSeries f : r.flows()) {
            out.printf(Locale.ROOT, "%-16s %-11s %-10s %-6s %8.1f %12.3f %9s %6s%n", f.name(), f.flow().group(),
                    f.flow().options().congestionControl, f.stack(), f.baseRttNanos() / 1e6,
                    r.measuredThroughput(f) / 1e6, f.retransmissions() == null ? "-" : f.retransmissions(),
                    f.info() == null ? "-" : f.info().rtoCount());
        }
        List<String> shown = scenario.topology().links().stream().map(l -> l.name()).toList();
        out.printf(Locale.ROOT, "%-20s %8s %9s %9s %8s %8s %9s %10s %8s %8s  %s%n", "link", "util %", "drops",
                "drop %", "aqm-drop", "ect-drop", "ce-marks", "max queue", "p50 ms", "p99 ms", "queue");
        for (LinkSeries l : r.links()) {
            if (shown.contains(l.name())) {
                out.printf(Locale.ROOT, "%-20s %8.1f %9d %9.3f %8d %8d %9d %9dB %8.3f %8.3f  %s%n", l.name(),
                        100 * r.measuredUtilization(l), l.stats().queueDropped(), 100 * l.dropRatio(),
                        l.earlyDropped(), l.ectDropped(), l.stats().ceMarked(), l.stats().maxQueueBytes(),
                        l.stats().sojourn().p50Nanos() / 1e6, l.stats().sojourn().p99Nanos() / 1e6,
                        l.stats().queue().replaceAll(":.*", ""));
            }
        }
        if (scenario.metrics().contains("jain")) {
            for (Map.Entry<String, double[]> g : groups(r).entrySet()) {
                if (g.getValue().length > 1) {
                    out.printf(Locale.ROOT, "Jain's index, group %s (%d flows): %.4f%n", g.getKey(),
                            g.getValue().length, jain(g.getValue()));
                }
            }
        }
        out.flush();
    }

    /** Measured goodputs by group, in flow order. */
    static Map<String, double[]> groups(ScenarioResult r) {
        Map<String, double[]> groups = new LinkedHashMap<>();
        for (FlowSeries f : r.flows()) {
            double[] old = groups.getOrDefault(f.flow().group(), new double[0]);
            double[] grown = java.util.Arrays.copyOf(old, old.length + 1);
            grown[old.length] = r.measuredThroughput(f);
            groups.put(f.flow().group(), grown);
        }
        return groups;
    }

    /** Jain's fairness index (sum x)^2 / (n sum x^2); the metrics package has the full suite. */
    static double jain(double[] x) {
        double sum = 0;
        double squares = 0;
        for (double v : x) {
            sum += v;
            squares += v * v;
        }
        return squares == 0 ? 1 : sum * sum / (x.length * squares);
    }
}
