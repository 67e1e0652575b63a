package io.tcplab.tools.experiment;

import io.tcplab.tools.metrics.Summary;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Predicate;
import java.util.function.ToDoubleFunction;

/**
 * Seed 000's tables from friendliness results, in its shape: rows RTT, columns protocol, each
 * value the mean over the cell's runs; for J(τ) and CoV(τ), rows protocol × τ and columns RTT.
 */
public final class FriendlinessTables {
    private final List<Double> rtts;
    private final List<String> protocols;
    private final Map<String, List<FriendlinessResult>> cells = new LinkedHashMap<>();
    private final List<FriendlinessResult> all;

    public FriendlinessTables(List<FriendlinessResult> results) {
        if (results.isEmpty()) {
            throw new IllegalArgumentException("no friendliness results");
        }
        all = List.copyOf(results);
        rtts = results.stream().map(FriendlinessResult::rttMs).distinct().sorted().toList();
        List<String> names = new ArrayList<>(results.stream().map(FriendlinessResult::protocol).distinct().toList());
        names.sort(Comparator.comparingInt(ProtocolLabels::rank));
        protocols = List.copyOf(names);
        for (FriendlinessResult r : results) {
            cells.computeIfAbsent(key(r.protocol(), r.rttMs()), k -> new ArrayList<>()).add(r);
        }
    }

    public List<Double> rtts() {
        return rtts;
    }

    public List<String> protocols() {
        return protocols;
    }

    /** The runs of one cell (empty if it was not run). */
    public List<FriendlinessResult> cell(String protocol, double rttMs) {
        return cells.getOrDefault(key(protocol, rttMs), List.of());
    }

    /** The mean over a cell's runs; NaN if the cell is missing or any run's value is. */
    public double mean(String protocol, double rttMs, ToDoubleFunction<FriendlinessResult> metric) {
        List<FriendlinessResult> runs = cell(protocol, rttMs);
        return runs.isEmpty() ? Double.NaN : runs.stream().mapToDouble(metric).average().orElse(Double.NaN);
    }

    public void print(PrintWriter out) {
        FriendlinessResult first = all.get(0);
        out.printf(Locale.ROOT, "TCP Friendliness: flow1 runs the protocol, flow2 SACK (reno with SACK), same RTT, with "
                + "the background traffic; %s s runs (first %s s left out), %s; means over runs%s%n",
                number(first.durationSeconds()), number(first.warmupSeconds()), runsText(),
                withIntervals() ? " ± the half-width of their 95 % interval (Student's t)" : "");
        out.println();
        out.println("1. TCP Fairness");
        out.println();
        byRtt(out, "1.1 Fairness index (Jain's) for TCP friendliness", FriendlinessResult::jain, "%.3f");
        byRtt(out, "1.2 Throughput Ratio for TCP friendliness (SACK / protocol: flow2's goodput over flow1's; "
                + "1 is fair, below 1 the protocol takes more)", FriendlinessResult::sackOverProtocol, "%.3f");
        byRtt(out, "1.2b Throughput ratio the other way (protocol / SACK: flow1's goodput over flow2's)",
                FriendlinessResult::protocolOverSack, "%.3f");
        byRtt(out, "1.2c Throughput ratio smaller / larger (whichever flow leads; 1 is fair)",
                FriendlinessResult::smallerOverLarger, "%.3f");
        out.println("2. Link Utilization");
        out.println();
        byRtt(out, "Link utilization table (bottleneck, all traffic, IP bytes over the link rate)",
                FriendlinessResult::utilization, "%.3f");
        byRtt(out, "2b Link utilization, payload basis (TCP payload of all traffic over the link rate: goodput)",
                FriendlinessResult::payloadUtilization, "%.3f");
        byRtt(out, "2c Link utilization, wire bytes (IP bytes and their link-layer framing, here "
                + first.framing() + ", over the link rate)",
                FriendlinessResult::wireUtilization, "%.3f");
        out.println("3. Queue Dropping Ratio");
        out.println();
        byRtt(out, "Queue drop ratio on the bottleneck router (drops / packets offered)",
                FriendlinessResult::dropRatio, "%.5f");
        out.println("4. Convergence Time");
        out.println();
        convergence(out, "4.1 Convergence time for two flows (settling time: s from flow2's start until "
                + first.convergence() + " holds for every window to the end of the run; '>' every run hit the cap, "
                + "'*' some did)", FriendlinessResult::settlingSeconds, FriendlinessResult::settled);
        convergence(out, "4.1b First passage, not convergence (s from flow2's start until " + first.convergence()
                + " first holds for the hold; flows that only cross pass it too)",
                FriendlinessResult::firstPassageSeconds, FriendlinessResult::passed);
        byTimeScale(out, "4.2 Fairness index over various time scales (J(tau) of flow1 and flow2)", FriendlinessResult::fairness);
        out.println("5. Coefficient of Variance (CoV) of Total throughput");
        out.println();
        byTimeScale(out, "CoV table (CoV(tau) of the bottleneck's total: all traffic it carried)",
                FriendlinessResult::covBottleneck);
        byTimeScale(out, "5b CoV table of the two test flows' sum (CoV(tau) of flow1 + flow2)",
                FriendlinessResult::covTestFlows);
        out.flush();
    }

    /** Whether some cell has the two runs an interval needs. */
    private boolean withIntervals() {
        return cells.values().stream().anyMatch(runs -> runs.size() >= 2);
    }

    private int columnWidth() {
        return withIntervals() ? 15 : 9;
    }

    private String runsText() {
        long least = cells.values().stream().mapToLong(List::size).min().orElse(0);
        long most = cells.values().stream().mapToLong(List::size).max().orElse(0);
        return (least == most ? least + "" : least + "-" + most) + (most == 1 ? " run" : " runs") + " per cell";
    }

    private void byRtt(PrintWriter out, String title, ToDoubleFunction<FriendlinessResult> metric, String format) {
        out.println(title);
        out.println();
        header(out, "Delay");
        for (double rtt : rtts) {
            StringBuilder row = new StringBuilder(String.format(Locale.ROOT, "%-9s", number(rtt) + "ms"));
            for (String p : protocols) {
                row.append(' ').append(pad(withInterval(format, cell(p, rtt), metric)));
            }
            out.println(row);
        }
        out.println();
    }

    /** The cell's mean, and "±half-width" of its 95 % interval when it has two runs or more. */
    private String withInterval(String format, List<FriendlinessResult> runs, ToDoubleFunction<FriendlinessResult> metric) {
        double mean = runs.stream().mapToDouble(metric).average().orElse(Double.NaN);
        double halfWidth = halfWidth(runs, metric);
        return Double.isNaN(halfWidth) ? value(format, mean) : value(format, mean) + "±" + value(format, halfWidth);
    }

    /** The half-width of the 95 % interval (Student's t) of a cell's mean; NaN under two runs or with a value that is not finite. */
    public double halfWidth(String protocol, double rttMs, ToDoubleFunction<FriendlinessResult> metric) {
        return halfWidth(cell(protocol, rttMs), metric);
    }

    private static double halfWidth(List<FriendlinessResult> runs, ToDoubleFunction<FriendlinessResult> metric) {
        double[] values = runs.stream().mapToDouble(metric).toArray();
        if (values.length < 2 || !Arrays.stream(values).allMatch(Double::isFinite)) {
            return Double.NaN;
        }
        return Summary.of(values).ci95().halfWidth();
    }

    private void convergence(PrintWriter out, String title, ToDoubleFunction<FriendlinessResult> seconds,
                             Predicate<FriendlinessResult> reached) {
        out.println(title);
        out.println();
        header(out, "Delay");
        for (double rtt : rtts) {
            StringBuilder row = new StringBuilder(String.format(Locale.ROOT, "%-9s", number(rtt) + "ms"));
            for (String p : protocols) {
                List<FriendlinessResult> runs = cell(p, rtt);
                long capped = runs.stream().filter(reached.negate()).count();
                String v = withInterval("%.1f", runs, seconds);
                String mark = runs.isEmpty() || capped == 0 ? v : capped == runs.size() ? ">" + v : v + "*";
                row.append(' ').append(pad(mark));
            }
            out.println(row);
        }
        out.println();
    }

    private void byTimeScale(PrintWriter out, String title, java.util.function.Function<FriendlinessResult, double[]> metric) {
        out.println(title);
        out.println();
        StringBuilder head = new StringBuilder(String.format(Locale.ROOT, "%-9s %-7s", "Protocol", ""));
        rtts.forEach(rtt -> head.append(String.format(Locale.ROOT, " %8s", number(rtt) + "ms")));
        out.println(head);
        double[] taus = all.get(0).taus();
        for (String p : protocols) {
            for (int i = 0; i < taus.length; i++) {
                int index = i;
                StringBuilder row = new StringBuilder(String.format(Locale.ROOT, "%-9s %-7s",
                        i == 0 ? ProtocolLabels.label(p) : "", number(taus[i]) + "sec"));
                for (double rtt : rtts) {
                    row.append(String.format(Locale.ROOT, " %8s", value("%.3f", mean(p, rtt, r -> metric.apply(r)[index]))));
                }
                out.println(row);
            }
        }
        out.println();
    }

    private void header(PrintWriter out, String first) {
        StringBuilder head = new StringBuilder(String.format(Locale.ROOT, "%-9s", first));
        protocols.forEach(p -> head.append(' ').append(pad(ProtocolLabels.label(p))));
        out.println(head);
    }

    private String pad(String text) {
        return String.format(Locale.ROOT, "%" + columnWidth() + "s", text);
    }

    static String value(String format, double v) {
        return Double.isNaN(v) ? "-" : String.format(Locale.ROOT, format, v);
    }

    static String number(double v) {
        return v == Math.rint(v) ? Long.toString((long) v) : String.format(Locale.ROOT, "%.3f", v);
    }

    private static String key(String protocol, double rttMs) {
        return protocol + "@" + rttMs;
    }
}
