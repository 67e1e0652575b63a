package io.tcplab.tools.experiment;

import io.tcplab.tools.metrics.Summary;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/** The experiments' tables as CSV, one row per number (long form, easy to pivot or plot). */
public final class ExperimentCsv {
    private ExperimentCsv() {
    }

    /** {@code DIR/friendliness.csv}: metric, protocol, rtt_ms, tau_s (empty unless a time-scale metric), runs, mean. */
    public static Path friendliness(FriendlinessTables tables, Path dir) throws IOException {
        Path file = Files.createDirectories(dir).resolve("friendliness.csv");
        try (PrintWriter out = new PrintWriter(Files.newBufferedWriter(file))) {
            out.println("metric,protocol,rtt_ms,tau_s,runs,mean");
            for (String p : tables.protocols()) {
                for (double rtt : tables.rtts()) {
                    int runs = tables.cell(p, rtt).size();
                    if (runs == 0) {
                        continue;
                    }
                    line(out, "jain", p, rtt, "", runs, tables.mean(p, rtt, FriendlinessResult::jain));
                    line(out, "sack_over_protocol", p, rtt, "", runs, tables.mean(p, rtt, FriendlinessResult::sackOverProtocol));
                    line(out, "utilization", p, rtt, "", runs, tables.mean(p, rtt, FriendlinessResult::utilization));
                    line(out, "drop_ratio", p, rtt, "", runs, tables.mean(p, rtt, FriendlinessResult::dropRatio));
                    line(out, "convergence_s", p, rtt, "", runs, tables.mean(p, rtt, FriendlinessResult::convergenceSeconds));
                    double[] taus = tables.cell(p, rtt).get(0).taus();
                    for (int i = 0; i < taus.length; i++) {
                        int index = i;
                        String tau = FriendlinessTables.number(taus[i]);
                        line(out, "jain_tau", p, rtt, tau, runs, tables.mean(p, rtt, r -> r.fairness()[index]));
                        line(out, "cov_tau", p, rtt, tau, runs, tables.mean(p, rtt, r -> r.cov()[index]));
                    }
                }
            }
        }
        return file;
    }

    /** {@code DIR/ecn.csv}: configuration, column (group or aggregate), n, mean, variance, sd, median, ci_low, ci_high. */
    public static Path ecn(List<EcnResult> results, Path dir) throws IOException {
        Path file = Files.createDirectories(dir).resolve("ecn.csv");
        try (PrintWriter out = new PrintWriter(Files.newBufferedWriter(file))) {
            out.println("configuration,column,label,n,mean,variance,sd,median,ci_low,ci_high");
            for (String configuration : EcnSetup.CONFIGURATIONS) {
                List<EcnResult> runs = results.stream().filter(r -> r.configuration().equals(configuration)).toList();
                if (runs.isEmpty()) {
                    continue;
                }
                List<Summary> summaries = EcnTables.summaries(runs);
                for (int i = 0; i < summaries.size(); i++) {
                    boolean aggregate = i == runs.get(0).groups().size();
                    EcnResult.GroupRate g = aggregate ? null : runs.get(0).groups().get(i);
                    Summary s = summaries.get(i);
                    out.printf(Locale.ROOT, "%s,%s,%s,%d,%.6f,%.6f,%.6f,%.6f,%.6f,%.6f%n", configuration,
                            aggregate ? "aggregate" : g.group(), aggregate ? "Aggregated throughput" : g.label(), s.n(),
                            s.mean(), s.variance(), s.standardDeviation(), s.median(), s.ci95().low(), s.ci95().high());
                }
            }
        }
        return file;
    }

    private static void line(PrintWriter out, String metric, String protocol, double rtt, String tau, int runs, double mean) {
        out.printf(Locale.ROOT, "%s,%s,%s,%s,%d,%.6g%n", metric, protocol, FriendlinessTables.number(rtt), tau, runs, mean);
    }
}
