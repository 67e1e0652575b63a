package io.tcplab.tools.scenario;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.exc.InvalidFormatException;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.tcplab.tools.scenario.file.ScenarioFile;
import io.tcplab.tools.scenario.file.ScenarioValidator;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * Reads a scenario file (YAML, docs/scenarios.md) into a {@link Scenario}. Every problem — YAML
 * syntax, an unknown field, a value of the wrong type, a bad unit, a missing or out-of-range
 * value — is a {@link ScenarioException} whose message is one line naming the file and the
 * field path ({@code flows[2].cc}) and what is allowed there.
 */
public final class ScenarioParser {
    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory())
            .setPropertyNamingStrategy(PropertyNamingStrategies.SNAKE_CASE)
            .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES);
    private static final Map<Class<?>, String> TYPE_WORDS = Map.of(
            Integer.class, "a whole number", Long.class, "a whole number", Double.class, "a number",
            Boolean.class, "true or false", String.class, "a single value (text)", List.class, "a list");

    private ScenarioParser() {
    }

    public static Scenario parse(Path file) {
        String name = file.getFileName().toString();
        try {
            return parse(Files.readString(file), name);
        } catch (IOException e) {
            throw new ScenarioException(name + ": cannot read: " + e.getMessage());
        }
    }

    /** Parses YAML text; {@code fileName} labels the errors. */
    public static Scenario parse(String yaml, String fileName) {
        ScenarioFile raw;
        try {
            raw = YAML.readValue(yaml, ScenarioFile.class);
        } catch (UnrecognizedPropertyException e) {
            TreeSet<String> known = new TreeSet<>();
            e.getKnownPropertyIds().forEach(id -> known.add(String.valueOf(id)));
            throw new ScenarioException(fileName + ": " + path(e) + ": unknown field (allowed: " + String.join(", ", known) + ")");
        } catch (InvalidFormatException e) {
            throw new ScenarioException(fileName + ": " + path(e) + ": expected " + typeWord(e.getTargetType())
                    + ", not '" + e.getValue() + "'");
        } catch (JsonMappingException e) {
            if (syntaxCause(e) != null) {
                throw syntaxError(fileName, syntaxCause(e));
            }
            String where = e.getPath().isEmpty() ? "" : path(e) + ": ";
            throw new ScenarioException(fileName + ": " + where + "expected " + typeWord(targetOf(e)) + location(e));
        } catch (JsonProcessingException e) {
            throw syntaxError(fileName, e);
        }
        if (raw == null) {
            throw new ScenarioException(fileName + ": the file is empty (a scenario needs at least topology and flows)");
        }
        return ScenarioValidator.validate(raw, fileName);
    }

    /** A YAML parse error that Jackson wrapped while mapping, or null. */
    private static JsonProcessingException syntaxCause(JsonMappingException e) {
        for (Throwable t = e.getCause(); t != null; t = t.getCause()) {
            if (t instanceof JsonProcessingException p && !(t instanceof JsonMappingException)) {
                return p;
            }
        }
        return null;
    }

    private static ScenarioException syntaxError(String fileName, JsonProcessingException e) {
        return new ScenarioException(fileName + location(e) + ": YAML syntax error: " + firstLine(e.getOriginalMessage()));
    }

    private static String path(JsonMappingException e) {
        StringBuilder b = new StringBuilder();
        for (JsonMappingException.Reference r : e.getPath()) {
            if (r.getFieldName() != null) {
                b.append(b.length() == 0 ? "" : ".").append(r.getFieldName());
            } else if (r.getIndex() >= 0) {
                b.append('[').append(r.getIndex()).append(']');
            }
        }
        return b.toString();
    }

    private static Class<?> targetOf(JsonMappingException e) {
        return e instanceof com.fasterxml.jackson.databind.exc.MismatchedInputException m ? m.getTargetType() : null;
    }

    private static String typeWord(Class<?> type) {
        if (type == null) {
            return "another kind of value";
        }
        String word = TYPE_WORDS.get(type);
        if (word != null) {
            return word;
        }
        return type.isRecord() ? "a mapping of fields (key: value)" : type.getSimpleName();
    }

    private static String location(JsonProcessingException e) {
        JsonLocation at = e.getLocation();
        return at == null ? "" : " (line " + at.getLineNr() + ")";
    }

    private static String firstLine(String message) {
        String text = message == null ? "" : message.strip();
        int nl = text.indexOf('\n');
        return nl < 0 ? text : text.substring(0, nl);
    }
}
