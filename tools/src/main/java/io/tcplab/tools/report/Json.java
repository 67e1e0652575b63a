package io.tcplab.tools.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** Reading the commands' JSON files and showing their values in a table cell. */
final class Json {
    private static final ObjectMapper MAPPER = new ObjectMapper();

    private Json() {
    }

    static JsonNode read(Path file) throws IOException {
        return MAPPER.readTree(file.toFile());
    }

    static List<JsonNode> elements(JsonNode array) {
        List<JsonNode> list = new ArrayList<>();
        array.forEach(list::add);
        return list;
    }

    /** The value as a cell: "-" for none (missing, null, NaN); numbers times {@code scale}, rounded for reading. */
    static String cell(JsonNode value, double scale) {
        if (value == null || value.isMissingNode() || value.isNull() || "NaN".equals(value.asText())) {
            return "-";
        }
        if (value.isIntegralNumber() && scale == 1) {
            return value.asText();
        }
        if (value.isNumber()) {
            return number(value.asDouble() * scale);
        }
        return value.isValueNode() ? value.asText() : value.toString();
    }

    static String cell(JsonNode value) {
        return cell(value, 1);
    }

    /** Three decimals for the everyday range, four significant digits below 1, whole numbers from 1000. */
    static String number(double v) {
        if (Double.isNaN(v)) {
            return "-";
        }
        double a = Math.abs(v);
        String format = a == 0 || a >= 1000 ? "%.0f" : a >= 1 ? "%.3f" : "%.4g";
        return String.format(Locale.ROOT, format, v);
    }

    /** Every scalar under {@code node} by its dotted path ({@code ecn.ceMarks}), in document order; arrays left out. */
    static void flatten(JsonNode node, String prefix, Map<String, JsonNode> into) {
        node.fields().forEachRemaining(e -> {
            String key = prefix.isEmpty() ? e.getKey() : prefix + "." + e.getKey();
            if (e.getValue().isObject()) {
                flatten(e.getValue(), key, into);
            } else if (!e.getValue().isArray()) {
                into.put(key, e.getValue());
            }
        });
    }
}
