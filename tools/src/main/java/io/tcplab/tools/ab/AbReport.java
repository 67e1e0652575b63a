package io.tcplab.tools.ab;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.tcplab.tools.link.Limit;
import io.tcplab.tools.link.LinkParams;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;

/** The side-by-side report of an A/B run: a text table, or one line of JSON. */
public final class AbReport {
    private static final ObjectMapper MAPPER = new ObjectMapper();

    private AbReport() {
    }

    /** The table: one row per measure, a column per run, kernel first. */
    public static String text(AbResult r) {
        return text(r, "left to right over " + describe(r.spec()));
    }

    /** The same table under a heading that says where the bytes went ({@code path}). */
    public static String text(AbResult r, String path) {
        RunResult k = r.kernel();
        RunResult t = r.tcplab();
        StringBuilder b = new StringBuilder();
        b.append(String.format(Locale.ROOT, "A/B %s (tcplab profile %s): %d bytes %s%n", r.spec().cc(),
                r.spec().tcplab().profile, r.spec().bytes(), path));
        b.append(String.format(Locale.ROOT, "tcplab loss detection %s, spurious-loss detection %s%n",
                r.spec().tcplab().recovery, spuriousText(r.spec().tcplab().spurious)));
        String[] head = {"", "kernel " + k.congestionControl(), "tcplab " + t.congestionControl()};
        List<String[]> rows = new java.util.ArrayList<>(List.of(head,
                row("goodput (Mbit/s)", k, t, x -> fixed(x.goodputBitsPerSec() / 1e6, 2)),
                row("duration (s)", k, t, x -> fixed(x.durationNanos() / 1e9, 3)),
                row("bytes received", k, t, x -> Long.toString(x.bytes())),
                row("retransmitted segments", k, t, x -> Long.toString(x.retransmits())),
                row("RTT mean (ms)", k, t, x -> fixed(x.rttMeanMillis(), 2)),
                row("RTT min (ms)", k, t, x -> fixed(x.rttMinMillis(), 2)),
                row("RTT max (ms)", k, t, x -> fixed(x.rttMaxMillis(), 2)),
                row("cwnd final (bytes)", k, t, x -> Long.toString(x.finalCwndBytes())),
                row("cwnd mean (bytes)", k, t, x -> fixed(x.cwndMeanBytes(), 0)),
                row("mss (bytes)", k, t, x -> Integer.toString(x.mss())),
                row("packets into the link", k, t, x -> count(x.linkPackets())),
                row("dropped by the link", k, t, x -> count(x.linkDrops())),
                row("dropped outside the link", k, t, x -> x.outsideDrops().complete()
                        ? Long.toString(x.outsideDrops().total()) : "?"),
                row("samples", k, t, x -> Integer.toString(x.samples().size()))));
        if (k.link() != null || t.link() != null) {
            rows.add(row("dropped: overflow / AQM", k, t,
                    x -> x.link() == null ? "-" : x.link().overflowDropped() + " / " + x.link().aqmDropped()));
            rows.add(row("queue sojourn p50 (ms)", k, t, x -> sojourn(x, x.link() == null ? 0 : x.link().sojourn().p50Nanos())));
            rows.add(row("queue sojourn p90 (ms)", k, t, x -> sojourn(x, x.link() == null ? 0 : x.link().sojourn().p90Nanos())));
            rows.add(row("queue sojourn p99 (ms)", k, t, x -> sojourn(x, x.link() == null ? 0 : x.link().sojourn().p99Nanos())));
            rows.add(row("queue sojourn max (ms)", k, t, x -> sojourn(x, x.link() == null ? 0 : x.link().sojourn().maxNanos())));
        }
        if (r.spec().ecn() || r.spec().forward().ecnThreshold() != null) {
            rows.add(row("ECN negotiated", k, t, x -> x.ecn().negotiated() ? "yes" : "no"));
            rows.add(row("ECN-capable packets", k, t, x -> Long.toString(x.ecn().ectPackets())));
            rows.add(row("CE marks at the link", k, t, x -> Long.toString(x.ecn().ceMarks())));
            rows.add(row("reductions announced (CWR)", k, t, x -> Long.toString(x.ecn().cwrSegments())));
        }
        int w0 = rows.stream().mapToInt(x -> x[0].length()).max().orElse(0);
        int w1 = rows.stream().mapToInt(x -> x[1].length()).max().orElse(0);
        int w2 = rows.stream().mapToInt(x -> x[2].length()).max().orElse(0);
        for (String[] row : rows) {
            b.append(String.format(Locale.ROOT, "%-" + w0 + "s  %" + w1 + "s  %" + w2 + "s%n", row[0], row[1],
                    row[2]));
        }
        return b.toString();
    }

    /**
     * Why {@code r} is no comparison, in one line, or null when it is one: a run lost packets
     * outside the link (or a counter of that could not be read), so the harness, not the path,
     * shaped its result.
     */
    public static String refusal(AbResult r) {
        OutsideDrops k = r.kernel().outsideDrops();
        OutsideDrops t = r.tcplab().outsideDrops();
        if (k.none() && t.none()) {
            return null;
        }
        return "no comparison: packets were dropped outside the link, which only the link may do (kernel run: "
                + k.describe() + "; tcplab run: " + t.describe() + ")";
    }

    /** The path in a few words: {@code 100 Mbit/s, RTT 20 ms, queue 250000B, loss 1%}. */
    public static String describe(AbSpec spec) {
        LinkParams f = spec.forward();
        StringBuilder b = new StringBuilder();
        b.append(f.rateBitsPerSec() == 0 ? "unlimited rate"
                : trim(f.rateBitsPerSec() / 1e6) + " Mbit/s");
        b.append(", RTT ").append(trim((f.delayNanos() + spec.reverse().delayNanos()) / 1e6)).append(" ms");
        b.append(", queue ").append(f.queueLimit().equals(Limit.NONE) ? "none" : f.queueLimit().toString());
        if (f.lossProbability() > 0) {
            b.append(", loss ").append(trim(f.lossProbability() * 100)).append('%');
        }
        if (f.lossEvery() > 0) {
            b.append(", loss every ").append(f.lossEvery());
        }
        if (f.reorderProbability() > 0) {
            b.append(", reorder ").append(trim(f.reorderProbability() * 100)).append('%');
        }
        if (f.duplicateProbability() > 0) {
            b.append(", dup ").append(trim(f.duplicateProbability() * 100)).append('%');
        }
        if (f.corruptProbability() > 0) {
            b.append(", corrupt ").append(trim(f.corruptProbability() * 100)).append('%');
        }
        if (f.ecnThreshold() != null) {
            b.append(", ECN above ").append(f.ecnThreshold());
        }
        if (!f.queueDiscipline().equals("droptail")) {
            b.append(", ").append(f.queueDiscipline());
        }
        if (!spec.forwardSchedule().changes().isEmpty() || !spec.reverseSchedule().changes().isEmpty()) {
            b.append(", with changes");
        }
        return b.toString();
    }

    private static String trim(double v) {
        String s = String.format(Locale.ROOT, "%.3f", v);
        s = s.replaceAll("0+$", "");
        return s.endsWith(".") ? s.substring(0, s.length() - 1) : s;
    }

    private static String[] row(String name, RunResult k, RunResult t, Function<RunResult, String> f) {
        return new String[] {name, f.apply(k), f.apply(t)};
    }

    private static String sojourn(RunResult x, long nanos) {
        return x.link() == null ? "-" : fixed(nanos / 1e6, 3);
    }

    /** A counter, or "-" where there is none (-1: a real path has no link counters). */
    private static String count(long v) {
        return v < 0 ? "-" : Long.toString(v);
    }

    private static String fixed(double v, int decimals) {
        return Double.isNaN(v) ? "-" : String.format(Locale.ROOT, "%." + decimals + "f", v);
    }

    /**
     * One JSON object: {@code spec} ({@code bytes}, {@code congestionControl}, {@code forward},
     * {@code reverse}, {@code seed}, {@code mtu}, {@code sampleIntervalNanos}), {@code namespaces} (removed again), then {@code kernel} and
     * {@code tcplab}, each with the summary fields of the table, {@code outsideDrops} ({@code total},
     * {@code complete}, {@code where}: each counter), {@code ecn} ({@code negotiated},
     * {@code ectPackets}, {@code ceMarks}, {@code cwrSegments}), {@code link} (the data direction's
     * {@link io.tcplab.tools.link.LinkStats}: drops by reason, sojourn times; null for a remote run) and {@code samples} (arrays
     * {@code t} in seconds, {@code cwndBytes}, {@code srttMillis}, {@code retransmits}, {@code bytesAcked}).
     */
    public static String json(AbResult r) {
        ObjectNode root = MAPPER.createObjectNode();
        ObjectNode spec = root.putObject("spec");
        spec.put("bytes", r.spec().bytes());
        spec.put("congestionControl", r.spec().cc());
        spec.put("profile", r.spec().tcplab().profile);
        spec.put("recovery", r.spec().tcplab().recovery);
        spec.put("spurious", spuriousText(r.spec().tcplab().spurious));
        spec.put("pacing", r.spec().tcplab().pacing);
        spec.put("ecn", r.spec().ecn());
        spec.put("forward", r.spec().forward().toString());
        spec.put("reverse", r.spec().reverse().toString());
        spec.set("forwardSchedule", MAPPER.valueToTree(r.spec().forwardSchedule().changes()));
        spec.set("reverseSchedule", MAPPER.valueToTree(r.spec().reverseSchedule().changes()));
        spec.put("seed", r.spec().seed());
        spec.put("mtu", r.spec().mtu());
        spec.put("sampleIntervalNanos", r.spec().sampleIntervalNanos());
        root.set("namespaces", MAPPER.valueToTree(r.namespaces()));
        root.set("kernel", run(r.kernel()));
        root.set("tcplab", run(r.tcplab()));
        return root.toString();
    }

    private static ObjectNode run(RunResult x) {
        ObjectNode n = MAPPER.createObjectNode();
        n.put("sender", x.sender());
        n.put("congestionControl", x.congestionControl());
        n.put("bytes", x.bytes());
        n.put("durationSeconds", x.durationNanos() / 1e9);
        n.put("goodputBitsPerSec", x.goodputBitsPerSec());
        n.put("retransmits", x.retransmits());
        putNumber(n, "rttMeanMillis", x.rttMeanMillis());
        putNumber(n, "rttMinMillis", x.rttMinMillis());
        putNumber(n, "rttMaxMillis", x.rttMaxMillis());
        n.put("finalCwndBytes", x.finalCwndBytes());
        putNumber(n, "meanCwndBytes", x.cwndMeanBytes());
        n.put("mss", x.mss());
        n.put("linkPackets", x.linkPackets());
        n.put("linkDrops", x.linkDrops());
        ObjectNode outside = n.putObject("outsideDrops");
        outside.put("total", x.outsideDrops().total());
        outside.put("complete", x.outsideDrops().complete());
        ObjectNode where = outside.putObject("where");
        x.outsideDrops().where().forEach(where::put);
        n.set("link", MAPPER.valueToTree(x.link()));
        ObjectNode ecn = n.putObject("ecn");
        ecn.put("negotiated", x.ecn().negotiated());
        ecn.put("ectPackets", x.ecn().ectPackets());
        ecn.put("ceMarks", x.ecn().ceMarks());
        ecn.put("cwrSegments", x.ecn().cwrSegments());
        ObjectNode s = n.putObject("samples");
        ArrayNode t = s.putArray("t");
        ArrayNode cwnd = s.putArray("cwndBytes");
        ArrayNode rtt = s.putArray("srttMillis");
        ArrayNode re = s.putArray("retransmits");
        ArrayNode acked = s.putArray("bytesAcked");
        for (Sample p : x.samples()) {
            t.add(p.atNanos() / 1e9);
            cwnd.add(p.cwndBytes());
            rtt.add(p.srttNanos() / 1e6);
            re.add(p.retransmits());
            acked.add(p.bytesAcked());
        }
        return n;
    }

    private static void putNumber(ObjectNode n, String key, double v) {
        if (Double.isNaN(v)) {
            n.putNull(key);
        } else {
            n.put(key, v);
        }
    }

    /** The spurious-loss detectors as a spec: {@code eifel,dsack,frto}, or {@code off}. */
    private static String spuriousText(List<String> detectors) {
        return detectors.isEmpty() ? "off" : String.join(",", detectors);
    }
}
