package io.tcplab.tools.link;

import java.math.BigDecimal;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Byte counts such as {@code --bytes 1.5GiB}: a plain number of bytes, a size as
 * {@link Units#parseLimit} reads it, or a number with a bare {@code K}, {@code M} or {@code G}
 * (either case), which iperf3's {@code -n} reads as powers of 1024, and so does tcplab, so that
 * the same size means the same bytes on both ends of an interop run.
 *
 * <p>{@link Units#parseLimit} stops at MiB/MB (queues are never gigabytes), so GiB and GB are read
 * as 1024 MiB and 1000 MB through it rather than parsed a second way.
 */
public final class ByteSizes {
    /** What {@code --help} and the error messages say about sizes. */
    public static final String RULE = "B, KB, MB, GB (powers of 1000); KiB, MiB, GiB, or iperf3's K, M, G (powers of 1024)";

    private static final Pattern IPERF3_STYLE = Pattern.compile("(\\d+(?:\\.\\d+)?)([kKmMgG])");

    private ByteSizes() {
    }

    /** @throws IllegalArgumentException (or its subclass NumberFormatException) for anything else */
    public static long parse(String text) {
        String t = text.trim();
        if (!t.isEmpty() && t.chars().allMatch(Character::isDigit)) {
            return Long.parseLong(t);
        }
        Matcher iperf3 = IPERF3_STYLE.matcher(t);
        if (iperf3.matches()) {
            return binary(text, new BigDecimal(iperf3.group(1)), "KMG".indexOf(iperf3.group(2).toUpperCase(Locale.ROOT)) + 1);
        }
        if (t.endsWith("GiB")) {
            return Math.multiplyExact(parse(t.substring(0, t.length() - 3) + "MiB"), 1024L);
        }
        if (t.endsWith("GB")) {
            return Math.multiplyExact(parse(t.substring(0, t.length() - 2) + "MB"), 1000L);
        }
        Limit limit = Units.parseLimit(t);
        if (limit.kind() != Limit.Kind.BYTES || limit.equals(Limit.NONE)) {
            throw new IllegalArgumentException("not a number of bytes: " + text);
        }
        return limit.value();
    }

    /** {@code number} × 1024^{@code power}, which must come out a whole number of bytes. */
    private static long binary(String text, BigDecimal number, int power) {
        BigDecimal bytes = number.multiply(BigDecimal.valueOf(1024).pow(power));
        if (bytes.stripTrailingZeros().scale() > 0) {
            throw new IllegalArgumentException("not a whole number of bytes: " + text);
        }
        return bytes.longValueExact(); // ArithmeticException past Long.MAX_VALUE, as multiplyExact below
    }
}
