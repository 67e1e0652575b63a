package io.tcplab.tools.report;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The experiments' CSV tables as rows by column name (their writers quote nothing: no field holds a comma). */
final class Csv {
    private Csv() {
    }

    static List<Map<String, String>> read(Path file) throws IOException {
        List<String> lines = Files.readAllLines(file);
        if (lines.isEmpty()) {
            return List.of();
        }
        String[] header = lines.get(0).split(",", -1);
        List<Map<String, String>> rows = new ArrayList<>();
        for (String line : lines.subList(1, lines.size())) {
            if (line.isBlank()) {
                continue;
            }
            String[] fields = line.split(",", -1);
            Map<String, String> row = new LinkedHashMap<>();
            for (int i = 0; i < header.length; i++) {
                row.put(header[i], i < fields.length ? fields[i] : "");
            }
            rows.add(row);
        }
        return rows;
    }

    /** A numeric field as a cell (rounded as {@link Json#number}); text that is no number stays as it is. */
    static String cell(String field) {
        if (field.isEmpty()) {
            return "-";
        }
        try {
            return Json.number(Double.parseDouble(field));
        } catch (NumberFormatException e) {
            return field;
        }
    }
}
