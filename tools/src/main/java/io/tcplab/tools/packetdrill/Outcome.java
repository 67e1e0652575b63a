package io.tcplab.tools.packetdrill;

import java.util.function.Supplier;

/**
 * What a system call did: returned ({@code ret}, {@code errno}, and {@code mismatch} when a value
 * it filled in differs from the script's), or blocked, to be retried as the stack moves on.
 */
record Outcome(boolean done, long ret, String errno, String mismatch, Supplier<Outcome> retry,
                long wakeNanos) {
    static Outcome ok(long ret) {
        return new Outcome(true, ret, null, null, null, Long.MAX_VALUE);
    }

    static Outcome error(String errno) {
        return new Outcome(true, -1, errno, null, null, Long.MAX_VALUE);
    }

    static Outcome blocked(Supplier<Outcome> retry) {
        return new Outcome(false, 0, null, null, retry, Long.MAX_VALUE);
    }

    /** A blocked call that must be retried at {@code nanos} even if nothing else happens (a timeout). */
    static Outcome blockedUntil(long nanos, Supplier<Outcome> retry) {
        return new Outcome(false, 0, null, null, retry, nanos);
    }

    Outcome withMismatch(String what) {
        return new Outcome(done, ret, errno, what, retry, wakeNanos);
    }
}
