package io.tcplab.tools.cli;

import io.tcplab.tools.link.Limit;
import io.tcplab.tools.link.Units;

/**
 * Byte counts such as {@code --bytes 1.5GiB}: a plain number of bytes, or a size as
 * {@link Units#parseLimit} reads it. That parser stops at MiB/MB (queues are never gigabytes),
 * so GiB and GB are read as 1024 MiB and 1000 MB through it rather than parsed a second way.
 */
final class ByteSizes {
    private ByteSizes() {
    }

    /** @throws IllegalArgumentException (or its subclass NumberFormatException) for anything else */
    static long parse(String text) {
        String t = text.trim();
        if (!t.isEmpty() && t.chars().allMatch(Character::isDigit)) {
            return Long.parseLong(t);
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
}
