package io.tcplab.tools.packetdrill;

/**
 * When a script event happens, as written: a point ({@code 0.1}, {@code +0.1}), any time
 * ({@code *}), or a range ({@code a~b} for packets, {@code a...b} for a call that blocks from
 * {@code a} and returns at {@code b}). Times are microseconds; a relative time counts from the
 * previous event.
 */
record Timing(Kind kind, long startMicros, boolean startRelative, long endMicros, boolean endRelative) {
    enum Kind { AT, ANY, RANGE }

    static Timing any() {
        return new Timing(Kind.ANY, 0, true, 0, true);
    }

    static Timing at(long micros, boolean relative) {
        return new Timing(Kind.AT, micros, relative, micros, relative);
    }

    /** Absolute start in microseconds, given the base (previous event) time. */
    long start(long baseMicros) {
        return startRelative ? baseMicros + startMicros : startMicros;
    }

    /** Absolute end in microseconds (the start for a point in time). */
    long end(long baseMicros) {
        if (kind != Kind.RANGE) {
            return start(baseMicros);
        }
        return endRelative ? baseMicros + endMicros : endMicros;
    }
}
