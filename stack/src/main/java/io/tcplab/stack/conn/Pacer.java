package io.tcplab.stack.conn;

/**
 * Spaces transmissions at a pacing rate, the way Linux's internal pacing (tcp_wstamp_ns) does:
 * what leaves pushes the earliest departure of what follows back by its length over the rate.
 * How segments are grouped is {@link PacingBurst}: spread one by one with a little leeway, or in
 * the bursts of Linux's TSO autosizing.
 */
final class Pacer {
    /** Linux tcp_pacing_ss_ratio and tcp_pacing_ca_ratio, in percent. */
    static final int SLOW_START_RATIO = 200;
    static final int AVOIDANCE_RATIO = 120;
    private static final long SPREAD_LEEWAY_NANOS = 1_000_000L;
    /** Linux: tcp_min_tso_segs, gso_max_size (GSO_LEGACY_MAX_SIZE), sk_pacing_shift, tcp_tso_rtt_log. */
    static final int MIN_TSO_SEGMENTS = 2;
    static final long GSO_MAX_BYTES = 65_536;
    private static final int PACING_SHIFT = 10;
    private static final int TSO_RTT_LOG = 9;
    /** Linux paces once 10 data segments have left (tcp_update_skb_after_send: data_segs_out >= 10). */
    private static final long PACED_FROM_SEGMENT = 10;

    private final PacingBurst mode;
    private long nextDeparture = Long.MIN_VALUE;
    /** SPREAD: how far ahead of its turn a segment may leave. */
    private long leewayNanos;
    /** TSO: segments the current burst may still send, at the instant it began. */
    private int burstLeft;
    private long burstAt;
    /** TSO: the lateness the current burst may still take off its spacing (tcp_update_skb_after_send's credit). */
    private long burstCredit;

    Pacer(PacingBurst mode) {
        this.mode = mode;
    }

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

    /**
     * Linux 6.x tcp_tso_autosize: about a millisecond of data at the pacing rate, more for a close
     * peer (64 KiB halved for every 512 µs of min_RTT), at most 64 KiB, at least two segments.
     */
    static int tsoSegments(long rateBytesPerSec, int smss, long minRttNanos) {
        long bytes = rateBytesPerSec >> PACING_SHIFT;
        long shift = minRttNanos < 0 ? Long.MAX_VALUE : (minRttNanos / 1000) >> TSO_RTT_LOG;
        if (shift < Integer.SIZE) {
            bytes += GSO_MAX_BYTES >> shift;
        }
        bytes = Math.min(bytes, GSO_MAX_BYTES);
        return (int) Math.max(bytes / smss, MIN_TSO_SEGMENTS);
    }

    /** When the next segment may leave, or {@code now} if it may leave now. */
    long departure(long now) {
        long earliest = switch (mode) {
            case SPREAD -> nextDeparture - leewayNanos;
            case TSO -> burstLeft > 0 && burstAt == now ? now : nextDeparture;
        };
        return earliest <= now ? now : earliest;
    }

    /**
     * A segment of {@code bytes} left at {@code now}, with {@code newSegmentsSent} segments of new
     * data sent so far, this one included; {@code rate} bytes/s, 0 for no pacing.
     */
    void onSent(long now, int bytes, long rate, int smss, long minRttNanos, long newSegmentsSent) {
        if (rate <= 0) {
            nextDeparture = Long.MIN_VALUE;
            leewayNanos = 0;
            burstLeft = 0;
            return;
        }
        long gap = bytes * 1_000_000_000L / rate;
        if (mode == PacingBurst.SPREAD) {
            nextDeparture = Math.max(nextDeparture, now) + gap;
            leewayNanos = Math.max(SPREAD_LEEWAY_NANOS, 2L * smss * 1_000_000_000L / rate);
            return;
        }
        if (burstLeft == 0 || burstAt != now) {
            burstLeft = tsoSegments(rate, smss, minRttNanos);
            burstAt = now;
            burstCredit = nextDeparture == Long.MIN_VALUE ? 0 : Math.max(0, now - nextDeparture);
        }
        burstLeft--;
        nextDeparture = Math.max(nextDeparture, now);
        if (newSegmentsSent >= PACED_FROM_SEGMENT) {
            long credit = Math.min(gap / 2, burstCredit);
            burstCredit -= credit;
            nextDeparture += gap - credit;
        }
    }
}
