package io.tcplab.tools.ab.suite;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.tcplab.tools.ab.RunResult;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/** The parity suite's report: a row per (path, algorithm) with its ratios, as a text table or one line of JSON. */
public final class SuiteReport {
    private static final ObjectMapper MAPPER = new ObjectMapper();

    private SuiteReport() {
    }

    /**
     * The table. A compared row has the kernel's mean goodput and, per metric, the ratio
     * tcplab/kernel with its 95 % interval, starred outside ±10 %; any other row says what it is
     * (refused, skipped, failed) and why.
     */
    public static String text(Suite suite, List<SuiteRow> rows, String profile) {
        StringBuilder b = new StringBuilder();
        b.append(String.format(Locale.ROOT, "ab suite %s: %d paths, %d rows, seeds %s, tcplab profile %s%n",
                suite.label(), suite.paths().size(), rows.size(),
                suite.seeds().stream().map(String::valueOf).collect(Collectors.joining(", ")), profile));
        b.append(String.format(Locale.ROOT, "tcplab/kernel over the seeds: geometric mean [95 %% interval]; * outside "
                + "%.2f-%.2f; - no ratio (a seed had 0 or nothing on one side)%n", 1 - RatioInterval.PARITY,
                1 + RatioInterval.PARITY));
        List<String[]> table = new ArrayList<>();
        List<String> head = new ArrayList<>(List.of("path", "algorithm", "kernel Mbit/s"));
        for (Metric m : Metric.values()) {
            head.add(m.label());
        }
        table.add(head.toArray(String[]::new));
        for (SuiteRow row : rows) {
            List<String> cells = new ArrayList<>(List.of(row.path().name(), row.algorithm()));
            if (row.status() == SuiteRow.Status.COMPARED) {
                cells.add(String.format(Locale.ROOT, "%.2f", row.mean(Metric.GOODPUT, true) / 1e6));
                for (Metric m : Metric.values()) {
                    cells.add(format(row.ratio(m)));
                }
            } else {
                cells.add(row.status().name().toLowerCase(Locale.ROOT) + ": " + row.reason());
            }
            table.add(cells.toArray(String[]::new));
        }
        int columns = head.size();
        int[] width = new int[columns];
        for (String[] line : table) {
            // a line's last cell is not padded: a row's reason runs on past the columns
            for (int i = 0; i < line.length - 1; i++) {
                width[i] = Math.max(width[i], line[i].length());
            }
        }
        for (String[] line : table) {
            StringBuilder l = new StringBuilder();
            for (int i = 0; i < line.length; i++) {
                // the last cell is not padded; the kernel's goodput is a number, right-aligned
                String cell = i == line.length - 1 ? line[i] : pad(line[i], width[i], i == 2);
                l.append(i == 0 ? "" : "  ").append(cell);
            }
            b.append(l.toString().stripTrailing()).append(System.lineSeparator());
        }
        b.append(summary(rows)).append(System.lineSeparator());
        return b.toString();
    }

    /** {@code 25 rows: 20 compared (7 with a ratio outside ±10 %), 1 refused, 3 skipped, 1 failed}. */
    static String summary(List<SuiteRow> rows) {
        long flagged = rows.stream().filter(r -> r.status() == SuiteRow.Status.COMPARED)
                .filter(r -> Arrays.stream(Metric.values()).anyMatch(m -> r.ratio(m).flagged())).count();
        StringBuilder b = new StringBuilder().append(rows.size()).append(" rows: ");
        b.append(count(rows, SuiteRow.Status.COMPARED)).append(" compared (").append(flagged)
                .append(String.format(Locale.ROOT, " with a ratio outside ±%.0f %%)", RatioInterval.PARITY * 100));
        for (SuiteRow.Status s : new SuiteRow.Status[] {SuiteRow.Status.REFUSED, SuiteRow.Status.SKIPPED,
            SuiteRow.Status.FAILED}) {
            b.append(", ").append(count(rows, s)).append(' ').append(s.name().toLowerCase(Locale.ROOT));
        }
        return b.toString();
    }

    private static long count(List<SuiteRow> rows, SuiteRow.Status s) {
        return rows.stream().filter(r -> r.status() == s).count();
    }

    /** {@code 0.97 [0.93-1.01]}, {@code 1.25 [1.10-1.42] *}, {@code 0.98} for one seed, {@code -} for none. */
    static String format(RatioInterval r) {
        if (!r.defined()) {
            return "-";
        }
        String s = Double.isNaN(r.low()) ? String.format(Locale.ROOT, "%.2f", r.value())
                : String.format(Locale.ROOT, "%.2f [%.2f-%.2f]", r.value(), r.low(), r.high());
        return r.flagged() ? s + " *" : s;
    }

    private static String pad(String s, int width, boolean right) {
        String spaces = " ".repeat(Math.max(0, width - s.length()));
        return right ? spaces + s : s + spaces;
    }

    /**
     * One JSON object: {@code suite}, {@code profile}, {@code seeds}, {@code parity} (0.1) and
     * {@code rows}, each with {@code path}, {@code algorithm}, {@code status} (compared, refused,
     * skipped, failed), {@code reason} (null when compared), {@code ratios} (per metric
     * {@code value}, {@code low}, {@code high}, {@code flagged}; null where undefined) and
     * {@code runs}: per seed {@code seed}, {@code failure}, {@code refusal}, and {@code kernel} and
     * {@code tcplab} with each metric ({@code goodput} in bit/s, {@code retransmits},
     * {@code cwndMean} in bytes, {@code rttMean} in ms), {@code linkDrops} and {@code outsideDrops}.
     */
    public static String json(Suite suite, List<SuiteRow> rows, String profile) {
        ObjectNode root = MAPPER.createObjectNode();
        root.put("suite", suite.label());
        root.put("profile", profile);
        root.set("seeds", MAPPER.valueToTree(suite.seeds()));
        root.put("parity", RatioInterval.PARITY);
        ArrayNode out = root.putArray("rows");
        for (SuiteRow row : rows) {
            ObjectNode r = out.addObject();
            r.put("path", row.path().name());
            r.put("algorithm", row.algorithm());
            r.put("status", row.status().name().toLowerCase(Locale.ROOT));
            r.put("reason", row.reason());
            if (row.status() == SuiteRow.Status.COMPARED) {
                ObjectNode ratios = r.putObject("ratios");
                for (Metric m : Metric.values()) {
                    RatioInterval x = row.ratio(m);
                    ObjectNode n = ratios.putObject(m.key());
                    number(n, "value", x.value());
                    number(n, "low", x.low());
                    number(n, "high", x.high());
                    n.put("flagged", x.flagged());
                }
            } else {
                r.putNull("ratios");
            }
            ArrayNode runs = r.putArray("runs");
            for (SuiteCell c : row.cells()) {
                ObjectNode n = runs.addObject();
                n.put("seed", c.seed());
                n.put("failure", c.failure());
                n.put("refusal", c.refusal());
                if (c.result() != null) {
                    n.set("kernel", run(c.result().kernel()));
                    n.set("tcplab", run(c.result().tcplab()));
                }
            }
        }
        return root.toString();
    }

    private static ObjectNode run(RunResult x) {
        ObjectNode n = MAPPER.createObjectNode();
        for (Metric m : Metric.values()) {
            number(n, m.key(), m.of(x));
        }
        n.put("linkDrops", x.linkDrops());
        n.put("outsideDrops", x.outsideDrops().total());
        return n;
    }

    private static void number(ObjectNode n, String key, double v) {
        if (Double.isNaN(v)) {
            n.putNull(key);
        } else {
            n.put(key, v);
        }
    }
}
