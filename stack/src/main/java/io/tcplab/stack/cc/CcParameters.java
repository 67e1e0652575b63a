package io.tcplab.stack.cc;

import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * The parameters of an algorithm spec such as {@code cubic:beta=0.7,c=0.4}. Each algorithm asks
 * for the keys it knows with their defaults and ranges; {@link #requireAllUsed()} rejects the rest.
 * Because the algorithm declares each key as it reads it, {@link #describe()} after a
 * {@code create(CcParameters.none(name))} lists every key with its default and range, so the help
 * text ({@code tcplab cc list}) and the error messages cannot drift from the code. The same
 * {@code name:key=value,...} form carries other specs' parameters too (a loss detector's, as
 * {@code teb:k=2}); {@code kind} is the word their messages start with.
 */
public final class CcParameters {
    private final String kind;
    private final String algorithm;
    private final Map<String, String> values;
    /** key → "default [min, max]" (or "on|off"), in the order the algorithm reads them. */
    private final Map<String, String> known = new LinkedHashMap<>();

    private CcParameters(String kind, String algorithm, Map<String, String> values) {
        this.kind = kind;
        this.algorithm = algorithm;
        this.values = values;
    }

    public static CcParameters none(String algorithm) {
        return new CcParameters("cc", algorithm, Map.of());
    }

    /** Parses {@code k=v,k=v}; an empty or null text means no parameters. */
    public static CcParameters parse(String algorithm, String text) {
        return parse("cc", algorithm, text);
    }

    /** {@link #parse(String, String)} for a spec whose messages say {@code kind parameter ...}. */
    public static CcParameters parse(String kind, String algorithm, String text) {
        Map<String, String> values = new LinkedHashMap<>();
        if (text != null && !text.isBlank()) {
            for (String pair : text.split(",")) {
                int eq = pair.indexOf('=');
                if (eq <= 0 || eq == pair.length() - 1) {
                    throw new IllegalArgumentException(
                            kind + " parameter '" + pair + "' of " + algorithm + " is not key=value");
                }
                values.put(pair.substring(0, eq).trim().toLowerCase(Locale.ROOT), pair.substring(eq + 1).trim());
            }
        }
        return new CcParameters(kind, algorithm, values);
    }

    /**
     * {@code spec} ({@code name[:k=v,...]}) in canonical form, the name lower case, with the
     * parameters {@code defaults} (name → {@code k=v,...}) gives its name filled in where the spec
     * does not set them: a key the spec names wins.
     */
    public static String specWithDefaults(String kind, String spec, Map<String, String> defaults) {
        int colon = spec.indexOf(':');
        String name = specName(spec);
        CcParameters own = parse(kind, name, colon < 0 ? "" : spec.substring(colon + 1));
        String base = defaults.get(name);
        String text = (base == null ? own : own.over(parse(kind, name, base))).text();
        return text.isEmpty() ? name : name + ":" + text;
    }

    /** The name in a spec {@code name[:k=v,...]}, trimmed and lower case. */
    public static String specName(String spec) {
        int colon = spec.indexOf(':');
        return (colon < 0 ? spec : spec.substring(0, colon)).trim().toLowerCase(Locale.ROOT);
    }

    /** These values over {@code defaults}: a key given here wins, the others come from {@code defaults}. */
    public CcParameters over(CcParameters defaults) {
        Map<String, String> merged = new LinkedHashMap<>(defaults.values);
        merged.putAll(values);
        return new CcParameters(kind, algorithm, merged);
    }

    /** The values as a spec writes them, {@code k=v,k=v} (empty without any). */
    public String text() {
        StringBuilder b = new StringBuilder();
        values.forEach((k, v) -> b.append(b.length() > 0 ? "," : "").append(k).append('=').append(v));
        return b.toString();
    }

    public double getDouble(String key, double defaultValue, double min, double max) {
        known.put(key, number(defaultValue) + " [" + number(min) + ", " + number(max) + "]");
        String text = values.get(key);
        if (text == null) {
            return defaultValue;
        }
        double value;
        try {
            value = Double.parseDouble(text);
        } catch (NumberFormatException e) {
            throw outOfRange(key, text);
        }
        if (!(value >= min && value <= max)) {
            throw outOfRange(key, text);
        }
        return value;
    }

    /** An integer key; a fraction or a value out of range is an error naming the range. */
    public long getLong(String key, long defaultValue, long min, long max) {
        known.put(key, defaultValue + " [" + min + ", " + max + "]");
        String text = values.get(key);
        if (text == null) {
            return defaultValue;
        }
        long value;
        try {
            value = Long.parseLong(text);
        } catch (NumberFormatException e) {
            throw outOfRange(key, text);
        }
        if (value < min || value > max) {
            throw outOfRange(key, text);
        }
        return value;
    }

    public boolean getBoolean(String key, boolean defaultValue) {
        known.put(key, (defaultValue ? "on" : "off") + " [on|off]");
        String text = values.get(key);
        if (text == null) {
            return defaultValue;
        }
        switch (text.toLowerCase(Locale.ROOT)) {
            case "true": case "1": case "on": return true;
            case "false": case "0": case "off": return false;
            default:
                throw new IllegalArgumentException(kind + " parameter " + key + " of " + algorithm
                        + " must be on or off, got '" + text + "'");
        }
    }

    /** One of a fixed set of words (case-insensitive); anything else is an error listing them. */
    public String getChoice(String key, String defaultValue, String... allowed) {
        String choices = String.join("|", allowed);
        known.put(key, defaultValue + " [" + choices + "]");
        String text = values.get(key);
        if (text == null) {
            return defaultValue;
        }
        for (String a : allowed) {
            if (a.equalsIgnoreCase(text)) {
                return a;
            }
        }
        throw new IllegalArgumentException(kind + " parameter " + key + " of " + algorithm + " must be one of " + choices
                + ", got '" + text + "'");
    }

    /** Call after reading every known key: any other key is an error naming the accepted ones. */
    public void requireAllUsed() {
        for (String key : values.keySet()) {
            if (!known.containsKey(key)) {
                throw new IllegalArgumentException("unknown " + kind + " parameter '" + key + "' for " + algorithm
                        + (known.isEmpty() ? " (it takes none)" : "; accepted: " + describe()));
            }
        }
    }

    /** Every key read so far with its default and range, e.g. {@code beta=0.7 [0.1, 0.95], hystart=on [on|off|pp]}. */
    public String describe() {
        StringBuilder b = new StringBuilder();
        for (Map.Entry<String, String> e : known.entrySet()) {
            if (b.length() > 0) {
                b.append(", ");
            }
            b.append(e.getKey()).append('=').append(e.getValue());
        }
        return b.toString();
    }

    private IllegalArgumentException outOfRange(String key, String text) {
        return new IllegalArgumentException(kind + " parameter " + key + " of " + algorithm + " must be "
                + known.get(key).substring(known.get(key).indexOf('[')) + ", got '" + text + "'");
    }

    private static String number(double v) {
        return v == Math.rint(v) && Math.abs(v) < 1e15 ? Long.toString((long) v) : Double.toString(v);
    }
}
