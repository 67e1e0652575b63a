package io.tcplab.tools.link.bridge;

import java.util.Locale;

/**
 * How long a real-time link loop owed work and did not do it. A round that starts
 * {@link #THRESHOLD_NANOS} or more after it was due (the end of the round before, or the end of a
 * timed sleep) means the thread was off the CPU: packets waited in the devices meanwhile, delay
 * the emulated path does not have. A link's clock runs on through a stall, so a link with a queue
 * keeps sending and loses nothing; a link that ran empty during the stall while packets for it
 * waited in its device lost capacity. Which part of its idle time they waited is not known, so
 * the starved times count the whole overlap of the stall with the idle time: an upper bound. (A
 * link without a queue of its own, an ACK direction, is idle most of the time: for it this is the
 * delay its packets had, not capacity it lost.)
 * Written by the loop's thread alone; read after it stops (or a little stale before).
 */
public final class LoopStalls {
    /** A round of a few dozen packets takes microseconds; a millisecond is a preemption. */
    public static final long THRESHOLD_NANOS = 1_000_000;

    private long count;
    private long totalNanos;
    private long longestNanos;
    private long forwardStarvedNanos;
    private long reverseStarvedNanos;

    /**
     * One round that started {@code lateNanos} after it was due, after its forward and reverse links
     * had been idle for the given times (0 for a direction with nothing to read this round).
     */
    void round(long lateNanos, long forwardIdleNanos, long reverseIdleNanos) {
        if (lateNanos < THRESHOLD_NANOS) {
            return;
        }
        count++;
        totalNanos += lateNanos;
        longestNanos = Math.max(longestNanos, lateNanos);
        forwardStarvedNanos += Math.min(lateNanos, forwardIdleNanos);
        reverseStarvedNanos += Math.min(lateNanos, reverseIdleNanos);
    }

    public long count() {
        return count;
    }

    public long totalNanos() {
        return totalNanos;
    }

    public long longestNanos() {
        return longestNanos;
    }

    /** At most this much of the forward link's time went unused while packets for it waited. */
    public long forwardStarvedNanos() {
        return forwardStarvedNanos;
    }

    /** The same for the reverse link. */
    public long reverseStarvedNanos() {
        return reverseStarvedNanos;
    }

    /** Adds another loop's stalls, for a run with several links. */
    public void add(LoopStalls other) {
        count += other.count;
        totalNanos += other.totalNanos;
        longestNanos = Math.max(longestNanos, other.longestNanos);
        forwardStarvedNanos += other.forwardStarvedNanos;
        reverseStarvedNanos += other.reverseStarvedNanos;
    }

    /** e.g. {@code "3 late rounds of 1 ms or more, 41.2 ms in all, longest 30.5 ms"}. */
    public String line() {
        return String.format(Locale.ROOT, "%d late rounds of %d ms or more, %.1f ms in all, longest %.1f ms",
                count, THRESHOLD_NANOS / 1_000_000, totalNanos / 1e6, longestNanos / 1e6);
    }
}
