package io.tcplab.tools.report;

import io.tcplab.tools.experiment.FriendlinessPlot;
import io.tcplab.tools.experiment.ProtocolLabels;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * {@code tcplab experiment friendliness}: {@code friendliness.csv} (the --csv tables, long form)
 * laid out as the seed's tables: per metric, rows RTT and columns protocol; the time-scale
 * metrics with a row per protocol and τ. A cell is the mean over the runs, ± the 95 % half-width.
 */
final class FriendlinessResults implements ResultKind {
    private static final Map<String, String> CAPTIONS = Map.ofEntries(
            Map.entry("jain", "Fairness index (Jain's)"),
            Map.entry("sack_over_protocol", "Throughput ratio SACK / protocol (1 is fair)"),
            Map.entry("protocol_over_sack", "Throughput ratio protocol / SACK"),
            Map.entry("smaller_over_larger", "Throughput ratio smaller / larger"),
            Map.entry("utilization", "Link utilization (IP bytes over the link rate)"),
            Map.entry("payload_utilization", "Link utilization, payload"),
            Map.entry("wire_utilization", "Link utilization, wire bytes"),
            Map.entry("drop_ratio", "Queue drop ratio"),
            Map.entry("settling_s", "Convergence time, settling (s)"),
            Map.entry("first_passage_s", "Convergence time, first passage (s)"),
            Map.entry("jain_tau", "J(τ): Jain's index over time scale τ"),
            Map.entry("cov_bottleneck_tau", "CoV(τ) of the bottleneck's traffic"),
            Map.entry("cov_test_flows_tau", "CoV(τ) of the two test flows' sum"));

    @Override
    public String command() {
        return "experiment friendliness";
    }

    @Override
    public String dataFile() {
        return "friendliness.csv";
    }

    @Override
    public void sections(Path dir, Page page) throws IOException {
        Map<String, List<Map<String, String>>> metrics = Csv.read(dir.resolve(dataFile())).stream()
                .collect(Collectors.groupingBy(r -> r.get("metric"), LinkedHashMap::new, Collectors.toList()));
        page.heading("Tables");
        page.paragraph("Means over the runs of each cell (± the half-width of the mean's 95 % interval, with two or "
                + "more runs); flow1 runs the protocol, flow2 SACK.");
        for (Map.Entry<String, List<Map<String, String>>> m : metrics.entrySet()) {
            String caption = CAPTIONS.getOrDefault(m.getKey(), m.getKey());
            List<Map<String, String>> rows = m.getValue();
            page.table(rows.get(0).get("tau_s").isEmpty() ? byRtt(caption, rows) : byProtocolAndTau(caption, rows));
        }
    }

    /** Jain's index per protocol at the RTT the plot shows. */
    @Override
    public String headline(Path dir) throws IOException {
        List<Map<String, String>> jain = Csv.read(dir.resolve(dataFile())).stream()
                .filter(r -> r.get("metric").equals("jain")).toList();
        String rtt = jain.stream().map(r -> r.get("rtt_ms")).min(Comparator.comparingDouble(
                r -> Math.abs(Double.parseDouble(r) - FriendlinessPlot.PLOTTED_RTT_MS))).orElse("");
        return "Jain's index at " + rtt + " ms: " + jain.stream().filter(r -> r.get("rtt_ms").equals(rtt))
                .map(r -> ProtocolLabels.label(r.get("protocol")) + " " + Csv.cell(r.get("mean")))
                .collect(Collectors.joining(", "));
    }

    private static Table byRtt(String caption, List<Map<String, String>> rows) {
        Set<String> protocols = distinct(rows, "protocol");
        Table table = new Table(caption, Stream.concat(Stream.of("RTT (ms)"),
                protocols.stream().map(ProtocolLabels::label)).toList());
        for (String rtt : distinct(rows, "rtt_ms")) {
            List<String> cells = new ArrayList<>(List.of(rtt));
            protocols.forEach(p -> cells.add(value(rows, r -> r.get("protocol").equals(p) && r.get("rtt_ms").equals(rtt))));
            table.row(cells);
        }
        return table;
    }

    private static Table byProtocolAndTau(String caption, List<Map<String, String>> rows) {
        Set<String> rtts = distinct(rows, "rtt_ms");
        Table table = new Table(caption, Stream.concat(Stream.of("protocol", "τ (s)"),
                rtts.stream().map(r -> r + " ms")).toList());
        for (String protocol : distinct(rows, "protocol")) {
            for (String tau : distinct(rows, "tau_s")) {
                List<String> cells = new ArrayList<>(List.of(ProtocolLabels.label(protocol), tau));
                rtts.forEach(rtt -> cells.add(value(rows, r -> r.get("protocol").equals(protocol)
                        && r.get("rtt_ms").equals(rtt) && r.get("tau_s").equals(tau))));
                table.row(cells);
            }
        }
        return table;
    }

    private static Set<String> distinct(List<Map<String, String>> rows, String column) {
        return rows.stream().map(r -> r.get(column)).collect(Collectors.toCollection(LinkedHashSet::new));
    }

    /** The matching row's mean (± half-width), or "-" where the sweep has no such cell. */
    private static String value(List<Map<String, String>> rows, java.util.function.Predicate<Map<String, String>> match) {
        return rows.stream().filter(match).findFirst().map(r -> Csv.cell(r.get("mean"))
                + (r.get("ci95_half").isEmpty() ? "" : " ± " + Csv.cell(r.get("ci95_half")))).orElse("-");
    }
}
