package io.tcplab.tools.experiment;

import io.tcplab.tools.metrics.Summary;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.function.ToDoubleFunction;

/** The experiments' tables as CSV, one row per number (long form, easy to pivot or plot). */
public final class ExperimentCsv {
    private ExperimentCsv() {
    }

    /**
     * {@code DIR/friendliness.csv}: metric, protocol, rtt_ms, tau_s (empty unless a time-scale
     * metric), runs, mean, ci95_half (the half-width of the mean's 95 % interval; empty under two runs).
     */
    public static Path friendliness(FriendlinessTables tables, Path dir) throws IOException {
        Path file = Files.createDirectories(dir).resolve("friendliness.csv");
        try (PrintWriter out = new PrintWriter(Files.newBufferedWriter(file))) {
            out.println("metric,protocol,rtt_ms,tau_s,runs,mean,ci95_half");
            for (String p : tables.protocols()) {
                for (double rtt : tables.rtts()) {
                    int runs = tables.cell(p, rtt).size();
                    if (runs == 0) {
                        continue;
                    }
                    FriendlinessRow row = new FriendlinessRow(out, tables, p, rtt, runs);
                    row.line("jain", "", FriendlinessResult::jain);
                    row.line("sack_over_protocol", "", FriendlinessResult::sackOverProtocol);
                    row.line("protocol_over_sack", "", FriendlinessResult::protocolOverSack);
                    row.line("smaller_over_larger", "", FriendlinessResult::smallerOverLarger);
                    row.line("utilization", "", FriendlinessResult::utilization);
                    row.line("payload_utilization", "", FriendlinessResult::payloadUtilization);
                    row.line("wire_utilization", "", FriendlinessResult::wireUtilization);
                    row.line("drop_ratio", "", FriendlinessResult::dropRatio);
                    row.line("settling_s", "", FriendlinessResult::settlingSeconds);
                    row.line("first_passage_s", "", FriendlinessResult::firstPassageSeconds);
                    double[] taus = tables.cell(p, rtt).get(0).taus();
                    for (int i = 0; i < taus.length; i++) {
                        int index = i;
                        String tau = FriendlinessTables.number(taus[i]);
                        row.line("jain_tau", tau, r -> r.fairness()[index]);
                        row.line("cov_bottleneck_tau", tau, r -> r.covBottleneck()[index]);
                        row.line("cov_test_flows_tau", tau, r -> r.covTestFlows()[index]);
                    }
                }
            }
        }
        return file;
    }

    /** One cell's lines of friendliness.csv. */
    private record FriendlinessRow(PrintWriter out, FriendlinessTables tables, String protocol, double rtt, int runs) {
        void line(String metric, String tau, ToDoubleFunction<FriendlinessResult> value) {
            double half = tables.halfWidth(protocol, rtt, value);
            out.printf(Locale.ROOT, "%s,%s,%s,%s,%d,%s,%s%n", metric, protocol, FriendlinessTables.number(rtt), tau, runs,
                    number(tables.mean(protocol, rtt, value)), Double.isNaN(half) ? "" : number(half));
        }
    }

    /** {@code DIR/ecn.csv}: max_p, configuration, column (group or aggregate), n, mean, variance, sd, median, ci_low, ci_high. */
    public static Path ecn(List<EcnResult> results, Path dir) throws IOException {
        Path file = Files.createDirectories(dir).resolve("ecn.csv");
        try (PrintWriter out = new PrintWriter(Files.newBufferedWriter(file))) {
            out.println("max_p,configuration,column,label,n,mean,variance,sd,median,ci_low,ci_high");
            for (double maxP : EcnTables.maxPs(results)) {
                for (String configuration : EcnSetup.CONFIGURATIONS) {
                    ecnRows(out, maxP, configuration, EcnTables.runs(results, maxP, configuration));
                }
            }
        }
        return file;
    }

    private static void ecnRows(PrintWriter out, double maxP, String configuration, List<EcnResult> runs) {
        if (runs.isEmpty()) {
            return;
        }
        List<Summary> summaries = EcnTables.summaries(runs);
        for (int i = 0; i < summaries.size(); i++) {
            boolean aggregate = i == runs.get(0).groups().size();
            EcnResult.GroupRate g = aggregate ? null : runs.get(0).groups().get(i);
            Summary s = summaries.get(i);
            out.printf(Locale.ROOT, "%s,%s,%s,%s,%d,%.6f,%.6f,%.6f,%.6f,%.6f,%.6f%n",
                    Double.isNaN(maxP) ? "" : number(maxP), configuration,
                    aggregate ? "aggregate" : g.group(), aggregate ? "Aggregated throughput" : g.label(), s.n(),
                    s.mean(), s.variance(), s.standardDeviation(), s.median(), s.ci95().low(), s.ci95().high());
        }
    }

    private static String number(double v) {
        return String.format(Locale.ROOT, "%.6g", v);
    }
}
