package io.tcplab.tools.link;

/**
 * Defaults that follow from the path, so a bare {@code tcplab transfer --rate 1Gbit --rtt 100ms}
 * is neither starved by small buffers nor cut short by a tight time limit.
 */
public final class PathDefaults {
    /** The largest buffer of a connection's direction, as --buffer allows it. */
    public static final long MAX_BUFFER = 1024 * 1024 * 1024;
    private static final int TYPICAL_MSS = 1448;
    /** A full-size packet at the usual 1500-byte MTU, to size packet-counted queues in bytes. */
    static final long PACKET_BYTES = 1500;
    private static final long MIN_QUEUE = 64 * 1024;
    private static final long BUFFER_FLOOR = 4 * 1024 * 1024;
    private static final long NANOS_PER_SECOND = 1_000_000_000L;

    private PathDefaults() {
    }

    public static long bdpBytes(long rateBitsPerSec, long rttNanos) {
        return (long) (rateBitsPerSec / 8.0 * rttNanos / NANOS_PER_SECOND);
    }

    /** One bandwidth-delay product, at least 64 KiB so that short paths still absorb a burst. */
    public static Limit queue(long rateBitsPerSec, long rttNanos) {
        return Limit.bytes(Math.max(bdpBytes(rateBitsPerSec, rttNanos), MIN_QUEUE));
    }

    /** {@code queue}, or one BDP when it is null (none at an unlimited rate). */
    public static Limit queueOrDefault(Limit queue, long rateBitsPerSec, long rttNanos) {
        return queue != null ? queue : rateBitsPerSec == 0 ? Limit.NONE : queue(rateBitsPerSec, rttNanos);
    }

    /** Room for the path, the queue and a window of recovery: max(4 MiB, 2 × BDP + queue), capped. */
    public static long buffer(long rateBitsPerSec, long rttNanos, Limit queue) {
        long queueBytes = queue.equals(Limit.NONE) ? 0
                : queue.kind() == Limit.Kind.PACKETS ? queue.value() * PACKET_BYTES : queue.value();
        double wanted = 2.0 * bdpBytes(rateBitsPerSec, rttNanos) + queueBytes;
        return (long) Math.min(Math.max(wanted, BUFFER_FLOOR), MAX_BUFFER);
    }

    /**
     * Ten times the expected transfer time plus a minute, in nanoseconds of virtual time. With loss
     * probability p the expected rate is at most the Mathis et al. bound, MSS/RTT * sqrt(3/2)/sqrt(p)
     * (REFERENCE.md §2), which on a long lossy path is far below the link rate.
     */
    public static long timeLimitNanos(long bytes, long rateBitsPerSec, long rttNanos, double lossProbability) {
        double rate = rateBitsPerSec;
        if (lossProbability > 0 && rttNanos > 0) {
            double mathis = TYPICAL_MSS * 8.0 / (rttNanos / (double) NANOS_PER_SECOND)
                    * Math.sqrt(1.5 / lossProbability);
            rate = Math.min(rate, mathis);
        }
        double expectedSeconds = bytes * 8.0 / rate + (double) rttNanos / NANOS_PER_SECOND;
        double limit = (10 * expectedSeconds + 60) * NANOS_PER_SECOND;
        return limit >= Long.MAX_VALUE ? Long.MAX_VALUE : (long) limit;
    }
}
