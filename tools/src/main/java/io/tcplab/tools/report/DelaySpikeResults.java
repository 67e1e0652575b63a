package io.tcplab.tools.report;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/** {@code tcplab experiment delay-spike}: {@code delay-spike.json} (the --json object), a table per kind of spike. */
final class DelaySpikeResults implements ResultKind {
    private static final List<Column> ROWS = List.of(Column.of("variant", "/variant"), Column.of("RTOs", "/rtos"),
            Column.of("retransmitted", "/retransmissions"), Column.of("undos", "/spuriousUndos"),
            Column.of("double drops", "/doubleDrops"), Column.of("goodput (Mbit/s)", "/goodputMbps"),
            Column.of("spike+5s (Mbit/s)", "/spikeGoodputMbps"), Column.of("cwnd before spike (B)", "/cwndPreSpikeBytes"),
            recovery("cwnd touch after (s)", "/cwndTouchSeconds"), recovery("cwnd back, stays (s)", "/cwndBackSeconds"),
            Column.of("queue drops", "/queueDropped"));

    @Override
    public String command() {
        return "experiment delay-spike";
    }

    @Override
    public String dataFile() {
        return "delay-spike.json";
    }

    @Override
    public void sections(Path dir, Page page) throws IOException {
        JsonNode root = Json.read(dir.resolve(dataFile()));
        for (Map.Entry<String, List<JsonNode>> kind : byKind(root).entrySet()) {
            page.heading("Spike kind: " + kind.getKey());
            page.table(Column.table("", ROWS, kind.getValue()));
        }
        page.heading("Path and spike");
        Map<String, JsonNode> spec = new LinkedHashMap<>();
        Json.flatten(root.path("spec"), "", spec);
        page.facts(spec.entrySet().stream().map(e -> List.of(e.getKey(), Json.cell(e.getValue()))).toList());
    }

    /** Goodput per variant, per kind of spike. */
    @Override
    public String headline(Path dir) throws IOException {
        return byKind(Json.read(dir.resolve(dataFile()))).entrySet().stream()
                .map(k -> k.getKey() + ": " + k.getValue().stream().map(r -> r.path("variant").asText() + " "
                        + Json.cell(r.path("goodputMbps"))).collect(Collectors.joining(", ")))
                .collect(Collectors.joining("; ")) + " Mbit/s";
    }

    private static Map<String, List<JsonNode>> byKind(JsonNode root) {
        return Json.elements(root.path("rows")).stream().collect(Collectors.groupingBy(r -> r.path("kind").asText(),
                LinkedHashMap::new, Collectors.toList()));
    }

    /** A recovery time: -1 means the window never came back ("never", as the text table says). */
    private static Column recovery(String header, String pointer) {
        return new Column(header, row -> row.at(pointer).asDouble() < 0 ? "never" : Json.cell(row.at(pointer)));
    }
}
