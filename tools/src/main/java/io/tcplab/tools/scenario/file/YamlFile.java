package io.tcplab.tools.scenario.file;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.exc.InvalidFormatException;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.tcplab.tools.scenario.ScenarioException;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * Reads a YAML file of tcplab's (a scenario, ab's suite matrix) into the records that give its
 * shape: snake_case keys, unknown fields refused. Every problem Jackson finds — YAML syntax, an
 * unknown field, a value of the wrong type — is a {@link ScenarioException} of one line naming
 * the file, the field path ({@code flows[2].cc}) and what is allowed there.
 */
public final class YamlFile {
    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory())
            .setPropertyNamingStrategy(PropertyNamingStrategies.SNAKE_CASE)
            .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES);
    private static final Map<Class<?>, String> TYPE_WORDS = Map.of(
            Integer.class, "a whole number", Long.class, "a whole number", Double.class, "a number",
            Boolean.class, "true or false", String.class, "a single value (text)", List.class, "a list");

    private YamlFile() {
    }

    /** The file's content as {@code type}, or null for an empty file; {@code fileName} labels the errors. */
    public static <T> T read(String yaml, String fileName, Class<T> type) {
        try {
            return YAML.readValue(yaml, type);
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
