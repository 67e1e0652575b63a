package io.tcplab.cc;

import io.tcplab.stack.cc.AckSample;

/**
 * Linux's classic HyStart (tcp_cubic.c hystart_update, Ha and Rhee 2011), not HyStart++: leave
 * slow start when a round's ACK train has lasted past delay_min plus an ACK-aggregation allowance
 * (the pipe is full), or when the minimum RTT of the round's samples, once 8 are counted, exceeds
 * the smallest RTT by clamp(delay_min/8, 4 ms, 16 ms). Active only at 16 segments and above
 * (hystart_low_window) and only on ACKs that carry an RTT sample (bictcp_acked returns without
 * one).
 *
 * <p>The train threshold is halved when the connection does not pace: unpaced, a window leaves
 * at once and its ACKs return within half the minimum RTT unless the bottleneck spreads them.
 * Paced at twice cwnd/SRTT in slow start, the window itself is spread over half an RTT, so Linux
 * waits the whole delay_min (since 5.6, "tcp_cubic: make Hystart aware of pacing"). Halving it
 * under pacing ends slow start on the pacer's spacing instead of the path's.
 */
final class HyStart {
    static final int LOW_WINDOW = 16;
    static final int MIN_SAMPLES = 8;
    static final long DELAY_MIN = 4_000_000L;
    static final long DELAY_MAX = 16_000_000L;
    static final long ACK_DELTA = 2_000_000L;
    /** hystart_ack_delay's ceiling: one millisecond. */
    static final long ACK_DELAY_MAX = 1_000_000L;
    /** hystart_ack_delay's aggregate: four GSO_MAX_SIZE (64 KiB) super-segments. */
    static final long ACK_AGGREGATE_BYTES = 4L * 65_536;
    /** Linux tcp_pacing_ss_ratio: the pacing rate Linux computes in slow start, in percent. */
    private static final int SLOW_START_PACING_RATIO = 200;

    private boolean paced;
    private long delayMin = Long.MAX_VALUE;
    private long roundStart = -1;
    private long lastAck;
    private long currRtt = Long.MAX_VALUE;
    private int sampleCount;
    private boolean found;

    /** Whether the connection paces: set once, when the connection is established. */
    void connectionPaces(boolean paced) {
        this.paced = paced;
    }

    void reset() {
        delayMin = Long.MAX_VALUE;
        roundStart = -1;
        found = false;
    }

    void onRoundStart(long now) {
        roundStart = now;
        lastAck = now;
        currRtt = Long.MAX_VALUE;
        sampleCount = 0;
    }

    /** Feed one slow-start ACK; true once when slow start should end. */
    boolean exitSlowStart(AckSample s, long cwndBytes, int mss) {
        long rtt = s.rttNanos();
        if (rtt <= 0) {
            return false;
        }
        delayMin = Math.min(delayMin, rtt);
        if (found || roundStart < 0 || cwndBytes / mss < LOW_WINDOW) {
            return false;
        }
        long now = s.nowNanos();
        if (now - lastAck <= ACK_DELTA) {
            lastAck = now;
            long threshold = delayMin + ackDelay(cwndBytes, s.srttNanos());
            if (!paced) {
                threshold >>= 1;
            }
            if (now - roundStart > threshold) {
                found = true; // ACK train
            }
        }
        if (!found) {
            currRtt = Math.min(currRtt, rtt);
            if (sampleCount < MIN_SAMPLES) {
                sampleCount++;
            } else if (currRtt > delayMin + Math.min(Math.max(delayMin / 8, DELAY_MIN), DELAY_MAX)) {
                found = true; // delay increase
            }
        }
        return found;
    }

    /**
     * hystart_ack_delay: how long GRO/TSO may hold back an ACK, the time four 64 KiB aggregates take
     * at the pacing rate Linux keeps whether or not it paces (twice cwnd/SRTT in slow start), at
     * most 1 ms; 0 before the first SRTT, as Linux's rate is then 0.
     */
    static long ackDelay(long cwndBytes, long srttNanos) {
        if (srttNanos <= 0 || cwndBytes <= 0) {
            return 0;
        }
        double rateBytesPerSec = (double) cwndBytes * 1e9 / srttNanos * SLOW_START_PACING_RATIO / 100;
        return (long) Math.min(ACK_DELAY_MAX, ACK_AGGREGATE_BYTES * 1e9 / rateBytesPerSec);
    }
}
