package io.tcplab.tools.experiment;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.Writer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/**
 * The machine-readable outputs: one JSON object with the spec and one row per run, and CSV files
 * (the table, and each run's window trace, named {@code cwnd-KIND-VARIANT.csv}).
 */
public final class DelaySpikeFiles {
    private static final ObjectMapper MAPPER = new ObjectMapper();
    public static final String CWND_HEADER = "time_s,cwnd,ssthresh";

    private DelaySpikeFiles() {
    }

    public static String json(DelaySpikeSpec spec, List<VariantResult> rows) {
        return json(spec, rows, List.of());
    }

    /** With the namespaces a real run used (left out when empty). */
    public static String json(DelaySpikeSpec spec, List<VariantResult> rows, List<String> namespaces) {
        ObjectNode root = MAPPER.createObjectNode();
        root.put("experiment", "delay-spike");
        ObjectNode s = root.putObject("spec");
        s.put("rateBitsPerSec", spec.rateBitsPerSec());
        s.put("rttNanos", spec.rttNanos());
        s.put("queue", spec.queue().toString());
        s.put("spikeAtNanos", spec.spikeAtNanos());
        s.put("spikeDurationNanos", spec.spikeDurationNanos());
        s.put("spikeDelayNanos", spec.spikeDelayNanos());
        s.put("spikeDirection", spec.direction().label());
        s.put("teb", spec.teb().spec());
        ArrayNode kinds = s.putArray("kinds");
        spec.kinds().forEach(k -> kinds.add(k.label()));
        s.put("durationNanos", spec.durationNanos());
        ArrayNode variants = s.putArray("variants");
        spec.variants().forEach(v -> variants.add(v.label()));
        s.put("seed", spec.seed());
        s.put("real", spec.real());
        s.put("congestionControl", spec.base().congestionControl);
        s.put("profile", spec.base().profile);
        s.put("receiverProfile", spec.receiver().profile);
        s.put("pacing", spec.base().pacing);
        root.set("rows", MAPPER.valueToTree(rows));
        if (!namespaces.isEmpty()) {
            root.set("namespaces", MAPPER.valueToTree(namespaces));
        }
        return root.toString();
    }

    /** Writes {@code table.csv} and one window trace per run into {@code dir} (made if missing). */
    public static void csv(Path dir, List<VariantRun> runs) throws IOException {
        Files.createDirectories(dir);
        try (PrintWriter out = writer(dir.resolve("table.csv"))) {
            out.println(String.join(",", VariantResult.COLUMNS));
            for (VariantRun run : runs) {
                VariantResult r = run.result();
                out.printf(Locale.ROOT, "%s,%s,%s,%d,%s,%s,%.6f,%.6f,%d,%.9f,%.9f,%d%n", r.kind(), r.variant(),
                        count(r.rtos()), r.retransmissions(), count(r.spuriousUndos()), count(r.doubleDrops()), r.goodputMbps(), r.spikeGoodputMbps(),
                        r.cwndPreSpikeBytes(), r.cwndTouchSeconds(), r.cwndBackSeconds(), r.queueDropped());
            }
        }
        for (VariantRun run : runs) {
            try (PrintWriter out = writer(dir.resolve(traceName(run.result())))) {
                out.println(CWND_HEADER);
                Series cwnd = run.log().cwnd;
                Series ssthresh = run.log().ssthresh;
                for (int i = 0; i < cwnd.size(); i++) {
                    long st = ssthresh.value(i);
                    out.printf(Locale.ROOT, "%.9f,%d,%s%n", cwnd.time(i) / 1e9, cwnd.value(i),
                            st == Long.MAX_VALUE ? "inf" : Long.toString(st));
                }
            }
        }
    }

    /** A count the sender does not keep is an empty field. */
    private static String count(Long value) {
        return value == null ? "" : value.toString();
    }

    public static String traceName(VariantResult r) {
        return "cwnd-" + r.kind() + "-" + r.variant() + ".csv";
    }

    private static PrintWriter writer(Path file) throws IOException {
        Writer w = Files.newBufferedWriter(file);
        return new PrintWriter(w);
    }
}
