package io.tcplab.tools.report;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** {@code tcplab ab}: {@code ab.json} (the --json line): the spec, and kernel and tcplab side by side. */
final class AbResults implements ResultKind {
    private static final List<String> SIDES = List.of("kernel", "tcplab");

    @Override
    public String command() {
        return "ab";
    }

    @Override
    public String dataFile() {
        return "ab.json";
    }

    @Override
    public void sections(Path dir, Page page) throws IOException {
        JsonNode root = Json.read(dir.resolve(dataFile()));
        page.heading("Kernel and tcplab");
        List<Map<String, JsonNode>> sides = new ArrayList<>();
        Set<String> keys = new LinkedHashSet<>();
        for (String side : SIDES) {
            Map<String, JsonNode> fields = new LinkedHashMap<>();
            Json.flatten(root.path(side), "", fields);
            sides.add(fields);
            keys.addAll(fields.keySet());
        }
        Table table = new Table("", List.of("field", "kernel", "tcplab"));
        for (String key : keys) {
            table.row(List.of(key, Json.cell(sides.get(0).get(key)), Json.cell(sides.get(1).get(key))));
        }
        page.table(table);
        page.heading("Path and options");
        Map<String, JsonNode> spec = new LinkedHashMap<>();
        Json.flatten(root.path("spec"), "", spec);
        page.facts(spec.entrySet().stream().map(e -> List.of(e.getKey(), Json.cell(e.getValue()))).toList());
    }

    @Override
    public String headline(Path dir) throws IOException {
        JsonNode root = Json.read(dir.resolve(dataFile()));
        return String.join(", ", SIDES.stream().map(side -> side + " " + root.path(side).path("congestionControl")
                .asText() + " " + Json.cell(root.path(side).path("goodputBitsPerSec"), 1e-6) + " Mbit/s").toList());
    }
}
