package io.tcplab.tools.link.aqm;

import io.tcplab.tools.link.Limit;
import io.tcplab.tools.link.Units;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The {@code key=value,...} settings of one AQM, read one key at a time with its default. Every
 * error is an {@link IllegalArgumentException} whose message names the AQM, the key and what it
 * accepts (for an unknown key, the keys it has).
 */
final class AqmKeys {
    private final String aqm;
    private final List<String> allowed;
    private final Map<String, String> values = new LinkedHashMap<>();

    AqmKeys(String aqm, String settings, List<String> allowed) {
        this.aqm = aqm;
        this.allowed = allowed;
        for (String pair : settings.split(",")) {
            if (pair.isBlank()) {
                continue;
            }
            int eq = pair.indexOf('=');
            String key = (eq < 0 ? pair : pair.substring(0, eq)).trim().toLowerCase(Locale.ROOT);
            if (eq < 0) {
                throw new IllegalArgumentException(aqm + " setting '" + pair.trim() + "' needs a value, as key=value");
            }
            if (!allowed.contains(key)) {
                throw new IllegalArgumentException("unknown key '" + key + "' for " + aqm + ", allowed: "
                        + (allowed.isEmpty() ? "none" : String.join(", ", allowed)));
            }
            if (values.put(key, pair.substring(eq + 1).trim()) != null) {
                throw new IllegalArgumentException(aqm + " key '" + key + "' is given twice");
            }
        }
    }

    long duration(String key, long defaultNanos, long minNanos) {
        String text = values.get(key);
        if (text == null) {
            return defaultNanos;
        }
        long nanos = parse(key, text, Units::parseDurationNanos);
        if (nanos < minNanos) {
            throw bad(key, text, "at least " + minNanos / 1000 + "us");
        }
        return nanos;
    }

    double number(String key, double defaultValue, double min, double max) {
        String text = values.get(key);
        if (text == null) {
            return defaultValue;
        }
        double v;
        try {
            v = Double.parseDouble(text);
        } catch (NumberFormatException e) {
            throw bad(key, text, "a number from " + plain(min) + " to " + plain(max));
        }
        if (!(v >= min && v <= max)) {
            throw bad(key, text, "a number from " + plain(min) + " to " + plain(max));
        }
        return v;
    }

    int count(String key, int defaultValue, int min, int max) {
        String text = values.get(key);
        if (text == null) {
            return defaultValue;
        }
        try {
            int n = Integer.parseInt(text);
            if (n >= min && n <= max) {
                return n;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw bad(key, text, "a whole number from " + min + " to " + max);
    }

    int bytes(String key, int defaultValue, int min, int max) {
        String text = values.get(key);
        if (text == null) {
            return defaultValue;
        }
        Limit size = parse(key, text, Units::parseLimit);
        if (size.kind() != Limit.Kind.BYTES || size.value() < min || size.value() > max) {
            throw bad(key, text, "a size in bytes from " + min + "B to " + max + "B");
        }
        return (int) size.value();
    }

    /** A size that must be given (packets or bytes). */
    Limit limit(String key) {
        String text = values.get(key);
        if (text == null) {
            throw new IllegalArgumentException(aqm + " needs " + key + "=SIZE (packets or bytes, e.g. 5p or 7500B)");
        }
        return parse(key, text, Units::parseLimit);
    }

    /** One of a few words: {@code parser} gives null for any other. */
    <T> T choice(String key, T defaultValue, java.util.function.Function<String, T> parser, String accepted) {
        String text = values.get(key);
        if (text == null) {
            return defaultValue;
        }
        T value = parser.apply(text);
        if (value == null) {
            throw bad(key, text, accepted);
        }
        return value;
    }

    double probability(String key, double defaultValue) {
        String text = values.get(key);
        return text == null ? defaultValue : parse(key, text, Units::parseProbability);
    }

    boolean onOff(String key, boolean defaultValue) {
        String text = values.get(key);
        if (text == null) {
            return defaultValue;
        }
        return switch (text.toLowerCase(Locale.ROOT)) {
            case "on" -> true;
            case "off" -> false;
            default -> throw bad(key, text, "on or off");
        };
    }

    private interface Parser<T> {
        T parse(String text);
    }

    private <T> T parse(String key, String text, Parser<T> parser) {
        try {
            return parser.parse(text);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(aqm + " " + key + ": " + e.getMessage(), e);
        }
    }

    private IllegalArgumentException bad(String key, String text, String accepted) {
        return new IllegalArgumentException(aqm + " " + key + " must be " + accepted + ", got '" + text + "'");
    }

    /** 0.16 rather than 0.16000000000000003, 1 rather than 1.0. */
    static String plain(double v) {
        return v == Math.rint(v) && Math.abs(v) < 1e15 ? Long.toString((long) v) : Double.toString(v);
    }

    /** A duration as {@link Units#parseDurationNanos} reads it back exactly: 5ms, 800us or 1500ns. */
    static String duration(long nanos) {
        if (nanos % 1_000_000 == 0) {
            return nanos / 1_000_000 + "ms";
        }
        return nanos % 1000 == 0 ? nanos / 1000 + "us" : nanos + "ns";
    }
}
