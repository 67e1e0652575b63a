package io.tcplab.tools.link;

import java.math.BigDecimal;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Parses the unit strings of link settings: durations ({@code 250us}, {@code 10ms}, {@code 1.5s}),
 * rates ({@code 64kbit}, {@code 100Mbit}, {@code 1Gbit}), sizes ({@code 1500B}, {@code 64KiB},
 * {@code 100p} for packets) and probabilities ({@code 0.01}, {@code 1%}). Numbers may have a
 * fraction; results are rounded to the nearest whole unit (nanosecond, bit/s, byte).
 */
public final class Units {
    private static final Pattern NUMBER_UNIT = Pattern.compile("([0-9]+(?:\\.[0-9]+)?)\\s*([a-zA-Zµ%]*)");

    private Units() {
    }

    public static long parseDurationNanos(String text) {
        String accepted = "a number followed by ns, us, ms or s (e.g. 250us, 10ms, 1.5s), or 0";
        return scaled(text, "duration", accepted, unit -> switch (unit) {
            case "ns" -> 1L;
            case "us", "µs" -> 1_000L;
            case "ms" -> 1_000_000L;
            case "s" -> 1_000_000_000L;
            default -> null;
        });
    }

    /** Bits per second; 0 means unlimited. Prefixes are decimal (1 kbit = 1000 bit), as in tc. */
    public static long parseRateBitsPerSec(String text) {
        String accepted = "a number followed by bit, kbit, Mbit or Gbit (e.g. 64kbit, 100Mbit, 1Gbit), or 0 for unlimited";
        return scaled(text, "rate", accepted, unit -> switch (unit.toLowerCase(Locale.ROOT)) {
            case "bit" -> 1L;
            case "kbit" -> 1_000L;
            case "mbit" -> 1_000_000L;
            case "gbit" -> 1_000_000_000L;
            default -> null;
        });
    }

    /** A queue size; {@code none} means no limit. */
    public static Limit parseLimit(String text) {
        if (text != null && text.trim().equalsIgnoreCase("none")) {
            return Limit.NONE;
        }
        String accepted = "a number followed by B, KB, MB, KiB, MiB or p for packets (e.g. 1500B, 64KiB, 100p), or none";
        boolean packets = text != null && text.trim().endsWith("p");
        long value = scaled(text, "size", accepted, unit -> switch (unit) {
            case "p", "B" -> 1L;
            case "KB" -> 1_000L;
            case "MB" -> 1_000_000L;
            case "KiB" -> 1024L;
            case "MiB" -> 1024L * 1024;
            default -> null;
        });
        return packets ? Limit.packets(value) : Limit.bytes(value);
    }

    public static double parseProbability(String text) {
        String accepted = "a number from 0 to 1 or a percentage (e.g. 0.01, 1%)";
        Matcher m = match(text, "probability", accepted);
        if (!m.group(2).isEmpty() && !m.group(2).equals("%")) {
            throw bad(text, "probability", accepted);
        }
        double p = Double.parseDouble(m.group(1)) / (m.group(2).isEmpty() ? 1 : 100);
        if (p > 1) {
            throw bad(text, "probability", accepted);
        }
        return p;
    }

    private interface UnitTable {
        Long factor(String unit);
    }

    private static long scaled(String text, String what, String accepted, UnitTable units) {
        Matcher m = match(text, what, accepted);
        BigDecimal number = new BigDecimal(m.group(1));
        if (m.group(2).isEmpty() && number.signum() == 0) {
            return 0;
        }
        Long factor = units.factor(m.group(2));
        if (factor == null) {
            throw bad(text, what, accepted);
        }
        try {
            return number.multiply(BigDecimal.valueOf(factor)).setScale(0, java.math.RoundingMode.HALF_UP).longValueExact();
        } catch (ArithmeticException e) {
            throw new IllegalArgumentException("bad " + what + " '" + text + "': too large", e);
        }
    }

    private static Matcher match(String text, String what, String accepted) {
        Matcher m = NUMBER_UNIT.matcher(text == null ? "" : text.trim());
        if (!m.matches()) {
            throw bad(text, what, accepted);
        }
        return m;
    }

    private static IllegalArgumentException bad(String text, String what, String accepted) {
        return new IllegalArgumentException("bad " + what + " '" + text + "': expected " + accepted);
    }
}
