package io.tcplab.stack.conn;

/**
 * Spaces transmissions at a pacing rate, the way Linux's internal pacing (tcp_wstamp_ns) does:
 * each segment pushes the earliest departure of the next one back by its length over the rate.
 * Segments may leave in small bursts, as TSO autosizing lets Linux send about a millisecond of
 * data (at least two segments) at once; that also keeps timer events per packet low.
 */
final class Pacer {
    /** Linux tcp_pacing_ss_ratio and tcp_pacing_ca_ratio, in percent. */
    static final int SLOW_START_RATIO = 200;
    static final int AVOIDANCE_RATIO = 120;
    private static final long BURST_NANOS = 1_000_000L;

    private long nextDeparture = Long.MIN_VALUE;
    private long burstNanos;

    /**
     * Linux tcp_update_pacing_rate: cwnd per smoothed RTT, doubled in slow start (cwnd below half
     * of ssthresh) and 1.2 times after. 0 before the first RTT sample.
     */
    static long internalRate(long cwnd, long ssthresh, long inflight, long srttNanos) {
        if (srttNanos <= 0) {
            return 0;
        }
        int ratio = cwnd < ssthresh / 2 ? SLOW_START_RATIO : AVOIDANCE_RATIO;
        double perSec = (double) Math.max(cwnd, inflight) * 1e9 / srttNanos;
        return (long) (perSec * ratio / 100);
    }

    /** When the next segment may leave, or {@code now} if it may leave now. */
    long departure(long now) {
        return nextDeparture - burstNanos <= now ? now : nextDeparture - burstNanos;
    }

    /** A segment of {@code bytes} left at {@code now}; {@code rate} bytes/s, 0 for no pacing. */
    void onSent(long now, int bytes, long rate, int smss) {
        if (rate <= 0) {
            nextDeparture = Long.MIN_VALUE;
            burstNanos = 0;
            return;
        }
        long gap = bytes * 1_000_000_000L / rate;
        nextDeparture = Math.max(nextDeparture, now) + gap;
        burstNanos = Math.max(BURST_NANOS, 2L * smss * 1_000_000_000L / rate);
    }
}
