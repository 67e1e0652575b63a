package io.tcplab.tools.report;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/** {@code tcplab experiment l4s}: {@code l4s.csv} (the --csv tables, long form) as one row per AQM. */
final class L4sResults implements ResultKind {
    @Override
    public String command() {
        return "experiment l4s";
    }

    @Override
    public String dataFile() {
        return "l4s.csv";
    }

    @Override
    public void sections(Path dir, Page page) throws IOException {
        List<Map<String, String>> rows = Csv.read(dir.resolve(dataFile()));
        page.heading("Goodput, shares and queues per AQM, means over the runs");
        if (rows.isEmpty()) {
            page.note("no rows in " + dataFile());
            return;
        }
        Set<String> metrics = rows.stream().map(r -> r.get("metric")).collect(Collectors.toCollection(LinkedHashSet::new));
        Map<String, Map<String, String>> byAqm = new LinkedHashMap<>();
        rows.forEach(r -> byAqm.computeIfAbsent(r.get("aqm"), a -> new LinkedHashMap<>()).put(r.get("metric"), r.get("mean")));
        List<String> head = new ArrayList<>(List.of("aqm", "runs"));
        head.addAll(metrics);
        Table table = new Table("L: packets with the L4S identifier (ECT(1), CE); C: the rest; sojourn in ms", head);
        for (Map.Entry<String, Map<String, String>> a : byAqm.entrySet()) {
            List<String> cells = new ArrayList<>(List.of(a.getKey(), rows.stream()
                    .filter(r -> r.get("aqm").equals(a.getKey())).findFirst().orElseThrow().get("runs")));
            metrics.forEach(m -> cells.add(Csv.cell(a.getValue().getOrDefault(m, ""))));
            table.row(cells);
        }
        page.table(table);
    }

    /** The L4S flows' goodput over the classic ones' per AQM. */
    @Override
    public String headline(Path dir) throws IOException {
        return "L4S/classic goodput: " + Csv.read(dir.resolve(dataFile())).stream()
                .filter(r -> r.get("metric").equals("l4s_over_classic"))
                .map(r -> r.get("aqm") + " " + Csv.cell(r.get("mean")))
                .collect(Collectors.joining(", "));
    }
}
