package io.tcplab.tools.ab;

import io.tcplab.stack.conn.ConnectionOptions;
import io.tcplab.tools.link.Limit;
import io.tcplab.tools.link.LinkParams;
import io.tcplab.tools.link.LinkSchedule;
import io.tcplab.tools.link.PathDefaults;
import java.util.function.UnaryOperator;

/**
 * A local {@code ab} path as its options give it, shared by {@code ab} and {@code ab --suite} so
 * both turn the same settings into the same {@link AbSpec}: each direction has the rate, the
 * queue (one BDP unless given) and half the RTT; the data direction also has the impairments and
 * the {@code at} changes; the time limit is ten times the expected transfer time (the Mathis rate
 * at {@code lossRate}) plus a minute unless given.
 */
public record AbPath(long rateBitsPerSec, long rttNanos, Limit queue, UnaryOperator<LinkParams> impairments,
              double lossRate, LinkSchedule forwardSchedule, LinkSchedule reverseSchedule) {
    /** What an unlimited link is taken to carry when a run's time limit is worked out. */
    private static final long UNLIMITED_RATE_GUESS = 10_000_000_000L;

    /** {@code queue} null: one BDP (none at an unlimited rate); {@code timeoutNanos} null: the default limit. */
    public AbSpec spec(long bytes, ConnectionOptions tcplab, long seed, int mtu, long sampleIntervalNanos, Long timeoutNanos,
                int port) {
        Limit limit = PathDefaults.queueOrDefault(queue, rateBitsPerSec, rttNanos);
        LinkParams forward = impairments.apply(LinkParams.of().setRateBitsPerSec(rateBitsPerSec).setQueueLimit(limit)
                .setDelayNanos(rttNanos / 2));
        LinkParams reverse = LinkParams.of().setRateBitsPerSec(rateBitsPerSec).setQueueLimit(limit)
                .setDelayNanos(rttNanos - rttNanos / 2);
        long timeout = timeoutNanos != null ? timeoutNanos : defaultTimeout(bytes);
        return new AbSpec(bytes, tcplab, forward, reverse, forwardSchedule, reverseSchedule, seed, mtu,
                sampleIntervalNanos, timeout, port);
    }

    private long defaultTimeout(long bytes) {
        long rate = rateBitsPerSec == 0 ? UNLIMITED_RATE_GUESS : rateBitsPerSec;
        return Math.min(PathDefaults.timeLimitNanos(bytes, rate, rttNanos, lossRate), Long.MAX_VALUE / 2);
    }
}
