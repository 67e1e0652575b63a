package io.tcplab.tools.report.run;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.tcplab.tools.link.LinkStats;
import io.tcplab.tools.link.SojournHistogram;
import io.tcplab.tools.link.bridge.LoopStalls;
import io.tcplab.tools.scenario.FlowSeries;
import io.tcplab.tools.scenario.LinkSeries;
import io.tcplab.tools.scenario.ScenarioResult;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.IntFunction;

/** {@code tcplab run}'s machine-readable output: a JSON summary and CSV series per run. */
public final class RunFiles {
    private RunFiles() {
    }

    /** Every run's summary (per flow and per link) as one JSON document. */
    public static void json(List<ScenarioResult> runs, PrintWriter out) throws IOException {
        List<Map<String, Object>> docs = new ArrayList<>();
        for (ScenarioResult r : runs) {
            Map<String, Object> doc = new LinkedHashMap<>();
            doc.put("scenario", r.scenario());
            doc.put("seed", r.seed());
            doc.put("duration_s", r.durationNanos() / 1e9);
            doc.put("warmup_s", r.warmupNanos() / 1e9);
            doc.put("wall_s", r.wallSeconds());
            if (r.linkStalls() != null) {
                LoopStalls st = r.linkStalls().rounds();
                Map<String, Object> m = new LinkedHashMap<>();
                m.put("count", st.count());
                m.put("total_ms", st.totalNanos() / 1e6);
                m.put("longest_ms", st.longestNanos() / 1e6);
                doc.put("link_stalls", m);
            }
            List<Map<String, Object>> flows = new ArrayList<>();
            for (FlowSeries f : r.flows()) {
                Map<String, Object> m = new LinkedHashMap<>();
                m.put("name", f.name());
                m.put("group", f.flow().group());
                m.put("cc", f.flow().options().congestionControl);
                m.put("stack", f.stack());
                m.put("base_rtt_ms", f.baseRttNanos() / 1e6);
                m.put("goodput_bps", r.measuredThroughput(f));
                m.put("delivered_bytes", f.delivered()[r.lastSample()]);
                m.put("connection", f.info());
                m.put("web", f.web());
                m.put("kernel", f.kernel());
                m.put("ce_received", f.ceReceived());
                flows.add(m);
            }
            doc.put("flows", flows);
            List<Map<String, Object>> links = new ArrayList<>();
            for (LinkSeries l : r.links()) {
                Map<String, Object> m = new LinkedHashMap<>();
                m.put("name", l.name());
                m.put("utilization", r.measuredUtilization(l));
                if (r.linkStalls() != null) {
                    m.put("starved_ms", r.linkStalls().starvedNanos(l.name()) / 1e6);
                }
                m.put("drop_ratio", l.dropRatio());
                m.put("queue", l.stats().queue());
                m.put("overflow_dropped", l.stats().overflowDropped());
                m.put("aqm_dropped", l.stats().aqmDropped());
                m.put("sojourn_ms", sojournMillis(l.stats().sojourn()));
                m.put("early_dropped", l.earlyDropped());
                m.put("ect_dropped", l.ectDropped());
                m.put("ect_above_max_dropped", l.ectAboveMaxDropped());
                m.put("counters", l.stats());
                links.add(m);
            }
            doc.put("links", links);
            docs.add(doc);
        }
        out.println(new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT).writeValueAsString(docs));
        out.flush();
    }

    private static Map<String, Object> sojournMillis(SojournHistogram.Sojourn s) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("p50", s.p50Nanos() / 1e6);
        m.put("p90", s.p90Nanos() / 1e6);
        m.put("p99", s.p99Nanos() / 1e6);
        m.put("max", s.maxNanos() / 1e6);
        m.put("packets", s.count());
        return m;
    }

    /**
     * Writes {@code DIR/seed-N/throughput.csv} (Mbit/s per interval per flow), {@code cwnd.csv}
     * (bytes), {@code queue.csv} (bytes queued per link), {@code drops.csv} (drops per interval per
     * link) and {@code links.csv} (a row per link for the whole run: its queue discipline, drops by
     * reason, CE marks and sojourn-time percentiles; DualPI2's per-queue counts, empty for others).
     */
    public static void csv(ScenarioResult r, Path dir) throws IOException {
        Path runDir = Files.createDirectories(dir.resolve("seed-" + r.seed()));
        double seconds = r.sampleNanos() / 1e9;
        List<String> flowNames = r.flows().stream().map(FlowSeries::name).toList();
        List<String> linkNames = r.links().stream().map(LinkSeries::name).toList();
        write(runDir.resolve("throughput.csv"), r, flowNames, 1,
                k -> r.flows().stream().mapToDouble(f -> (f.delivered()[k] - f.delivered()[k - 1]) * 8 / seconds / 1e6).toArray());
        write(runDir.resolve("cwnd.csv"), r, flowNames, 0,
                k -> r.flows().stream().mapToDouble(f -> f.cwnd()[k]).toArray());
        write(runDir.resolve("queue.csv"), r, linkNames, 0,
                k -> r.links().stream().mapToDouble(l -> l.queueBytes()[k]).toArray());
        write(runDir.resolve("drops.csv"), r, linkNames, 1,
                k -> r.links().stream().mapToDouble(l -> l.dropped()[k] - l.dropped()[k - 1]).toArray());
        writeLinks(runDir.resolve("links.csv"), r);
    }

    private static void writeLinks(Path file, ScenarioResult r) throws IOException {
        try (PrintWriter w = new PrintWriter(Files.newBufferedWriter(file))) {
            w.println("link,queue,offered,delivered,overflow_dropped,aqm_dropped,ce_marked,sojourn_p50_ms,"
                    + "sojourn_p90_ms,sojourn_p99_ms,sojourn_max_ms,l4s_marked,l4s_dropped,classic_marked,classic_dropped");
            for (LinkSeries l : r.links()) {
                LinkStats s = l.stats();
                LinkStats.DualQueue d = s.dualQueue();
                w.println(String.format(Locale.ROOT, "%s,\"%s\",%d,%d,%d,%d,%d,%.6f,%.6f,%.6f,%.6f,%s,%s,%s,%s", l.name(),
                        s.queue(), s.offeredPackets(), s.delivered(), s.overflowDropped(), s.aqmDropped(), s.ceMarked(),
                        s.sojourn().p50Nanos() / 1e6, s.sojourn().p90Nanos() / 1e6, s.sojourn().p99Nanos() / 1e6,
                        s.sojourn().maxNanos() / 1e6, d == null ? "" : d.l4sMarked(), d == null ? "" : d.l4sDropped(),
                        d == null ? "" : d.classicMarked(), d == null ? "" : d.classicDropped()));
            }
        }
    }

    private static void write(Path file, ScenarioResult r, List<String> columns, int firstSample,
                              IntFunction<double[]> row) throws IOException {
        try (PrintWriter w = new PrintWriter(Files.newBufferedWriter(file))) {
            w.println("time_s," + String.join(",", columns));
            for (int k = firstSample; k < r.samples(); k++) {
                StringBuilder line = new StringBuilder(String.format(Locale.ROOT, "%.3f", k * r.sampleNanos() / 1e9));
                for (double v : row.apply(k)) {
                    line.append(',').append(String.format(Locale.ROOT, "%.6g", v));
                }
                w.println(line);
            }
        }
    }
}
