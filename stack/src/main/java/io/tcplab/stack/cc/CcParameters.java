package io.tcplab.stack.cc;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * The parameters of an algorithm spec such as {@code cubic:beta=0.7,c=0.4}. Each algorithm asks
 * for the keys it knows with their ranges; {@link #requireAllUsed()} rejects the rest.
 */
public final class CcParameters {
    private final String algorithm;
    private final Map<String, String> values;
    private final Set<String> known = new TreeSet<>();

    private CcParameters(String algorithm, Map<String, String> values) {
        this.algorithm = algorithm;
        this.values = values;
    }

    public static CcParameters none(String algorithm) {
        return new CcParameters(algorithm, Map.of());
    }

    /** Parses {@code k=v,k=v}; an empty or null text means no parameters. */
    public static CcParameters parse(String algorithm, String text) {
        Map<String, String> values = new LinkedHashMap<>();
        if (text != null && !text.isBlank()) {
            for (String pair : text.split(",")) {
                int eq = pair.indexOf('=');
                if (eq <= 0 || eq == pair.length() - 1) {
                    throw new IllegalArgumentException(
                            "cc parameter '" + pair + "' of " + algorithm + " is not key=value");
                }
                values.put(pair.substring(0, eq).trim().toLowerCase(java.util.Locale.ROOT), pair.substring(eq + 1).trim());
            }
        }
        return new CcParameters(algorithm, values);
    }

    public double getDouble(String key, double defaultValue, double min, double max) {
        known.add(key);
        String text = values.get(key);
        if (text == null) {
            return defaultValue;
        }
        double value;
        try {
            value = Double.parseDouble(text);
        } catch (NumberFormatException e) {
            throw outOfRange(key, text, min, max);
        }
        if (!(value >= min && value <= max)) {
            throw outOfRange(key, text, min, max);
        }
        return value;
    }

    public boolean getBoolean(String key, boolean defaultValue) {
        known.add(key);
        String text = values.get(key);
        if (text == null) {
            return defaultValue;
        }
        switch (text.toLowerCase(java.util.Locale.ROOT)) {
            case "true": case "1": case "on": return true;
            case "false": case "0": case "off": return false;
            default:
                throw new IllegalArgumentException("cc parameter " + key + " of " + algorithm
                        + " must be true or false, got '" + text + "'");
        }
    }

    /** Call after reading every known key: any other key is an error naming the accepted ones. */
    public void requireAllUsed() {
        for (String key : values.keySet()) {
            if (!known.contains(key)) {
                throw new IllegalArgumentException("unknown cc parameter '" + key + "' for " + algorithm
                        + (known.isEmpty() ? " (it takes none)" : "; accepted: " + String.join(", ", known)));
            }
        }
    }

    private IllegalArgumentException outOfRange(String key, String text, double min, double max) {
        return new IllegalArgumentException("cc parameter " + key + " of " + algorithm + " must be a number in ["
                + min + ", " + max + "], got '" + text + "'");
    }
}
