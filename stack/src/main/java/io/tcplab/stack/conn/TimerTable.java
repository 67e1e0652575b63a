package io.tcplab.stack.conn;

/** Deadlines as data: one slot per {@link TimerKind}; the earliest is a cheap query. */
final class TimerTable {
    static final long NONE = Long.MAX_VALUE;
    private static final TimerKind[] KINDS = TimerKind.values();
    private final long[] deadlines = new long[KINDS.length];
    private long earliest = NONE;

    TimerTable() {
        java.util.Arrays.fill(deadlines, NONE);
    }

    void arm(TimerKind kind, long deadline) {
        long old = deadlines[kind.ordinal()];
        deadlines[kind.ordinal()] = deadline;
        if (deadline < earliest) {
            earliest = deadline;
        } else if (old == earliest && deadline != old) {
            recompute();
        }
    }

    void cancel(TimerKind kind) {
        arm(kind, NONE);
    }

    void cancelAll() {
        java.util.Arrays.fill(deadlines, NONE);
        earliest = NONE;
    }

    boolean armed(TimerKind kind) {
        return deadlines[kind.ordinal()] != NONE;
    }

    long deadline(TimerKind kind) {
        return deadlines[kind.ordinal()];
    }

    long earliest() {
        return earliest;
    }

    /** The next kind due at or before {@code now}, cancelled as it is returned; null when none. */
    TimerKind takeDue(long now) {
        if (earliest > now) {
            return null;
        }
        for (TimerKind kind : KINDS) {
            if (deadlines[kind.ordinal()] <= now) {
                cancel(kind);
                return kind;
            }
        }
        return null;
    }

    private void recompute() {
        long min = NONE;
        for (long d : deadlines) {
            min = Math.min(min, d);
        }
        earliest = min;
    }
}
