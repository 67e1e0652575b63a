package io.tcplab.tools.scenario.file;

import io.tcplab.tools.scenario.ScenarioException;
import java.util.function.Function;

/**
 * Where a value sits in a scenario file ({@code flows[2].cc}), and the one-line errors about it:
 * {@code scenario.yaml: flows[2].cc: unknown algorithm 'cubc' (allowed: reno, ...)}.
 */
public record FieldPath(String file, String path) {
    /** The top of {@code file}. */
    public static FieldPath root(String file) {
        return new FieldPath(file, "");
    }

    public FieldPath field(String name) {
        return new FieldPath(file, path.isEmpty() ? name : path + "." + name);
    }

    public FieldPath index(int i) {
        return new FieldPath(file, path + "[" + i + "]");
    }

    public ScenarioException error(String what) {
        return new ScenarioException(file + ": " + (path.isEmpty() ? "" : path + ": ") + oneLine(what));
    }

    public <T> T required(T value) {
        if (value == null) {
            throw error("missing (required)");
        }
        return value;
    }

    /** Parses text with a unit parser; its message (which names the accepted forms) becomes the error. */
    public <T> T parse(String text, Function<String, T> parser) {
        try {
            return parser.apply(text.trim());
        } catch (IllegalArgumentException e) {
            throw error(e.getMessage());
        }
    }

    public double range(Double value, double fallback, double min, double max) {
        double v = value == null ? fallback : value;
        if (!(v >= min && v <= max)) {
            throw error("out of range: " + v + " (allowed: " + min + " to " + max + ")");
        }
        return v;
    }

    public int range(Integer value, int fallback, int min, int max) {
        int v = value == null ? fallback : value;
        if (v < min || v > max) {
            throw error("out of range: " + v + " (allowed: " + min + " to " + max + ")");
        }
        return v;
    }

    static String oneLine(String text) {
        return text == null ? "" : text.replaceAll("\\s*\\R\\s*", " ").trim();
    }
}
