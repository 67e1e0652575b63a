package io.tcplab.tools.report;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/** {@code tcplab experiment ecn}: {@code ecn.csv} (the --csv table), as it is. */
final class EcnResults implements ResultKind {
    @Override
    public String command() {
        return "experiment ecn";
    }

    @Override
    public String dataFile() {
        return "ecn.csv";
    }

    @Override
    public void sections(Path dir, Page page) throws IOException {
        List<Map<String, String>> rows = Csv.read(dir.resolve(dataFile()));
        page.heading("Throughput per group and aggregated, over the runs");
        if (rows.isEmpty()) {
            page.note("no rows in " + dataFile());
            return;
        }
        Table table = new Table("", new ArrayList<>(rows.get(0).keySet()));
        rows.forEach(r -> table.row(r.values().stream().map(Csv::cell).toList()));
        page.table(table);
    }

    /** The aggregate's mean per configuration (and max_p, when swept). */
    @Override
    public String headline(Path dir) throws IOException {
        return "aggregate mean: " + Csv.read(dir.resolve(dataFile())).stream()
                .filter(r -> r.get("column").equals("aggregate"))
                .map(r -> (r.get("max_p").isEmpty() ? "" : "max_p " + Csv.cell(r.get("max_p")) + " ") + r.get("configuration")
                        + " " + Csv.cell(r.get("mean")))
                .collect(Collectors.joining(", "));
    }
}
