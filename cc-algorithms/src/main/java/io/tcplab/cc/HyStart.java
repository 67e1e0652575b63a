package io.tcplab.cc;

import io.tcplab.stack.cc.AckSample;

/**
 * Linux's classic HyStart (tcp_cubic.c, Ha and Rhee 2011), not HyStart++: leave slow start when
 * a round's ACK train has lasted half the minimum RTT (the pipe is full), or when the minimum of
 * the round's first 8 RTT samples exceeds the smallest RTT by clamp(delay_min/8, 4 ms, 16 ms).
 * Active only at 16 segments and above (hystart_low_window). Without pacing, Linux halves the
 * train threshold, so it is delay_min/2 here.
 */
final class HyStart {
    static final int LOW_WINDOW = 16;
    static final int MIN_SAMPLES = 8;
    static final long DELAY_MIN = 4_000_000L;
    static final long DELAY_MAX = 16_000_000L;
    static final long ACK_DELTA = 2_000_000L;

    private long delayMin = Long.MAX_VALUE;
    private long roundStart = -1;
    private long lastAck;
    private long currRtt = Long.MAX_VALUE;
    private int sampleCount;
    private boolean found;

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
    boolean exitSlowStart(AckSample s, long cwndSegments) {
        long rtt = s.rttNanos();
        if (rtt > 0) {
            delayMin = Math.min(delayMin, rtt);
        }
        if (found || roundStart < 0 || cwndSegments < LOW_WINDOW || delayMin == Long.MAX_VALUE) {
            return false;
        }
        long now = s.nowNanos();
        if (now - lastAck <= ACK_DELTA) {
            lastAck = now;
            if (now - roundStart > delayMin / 2) {
                found = true; // ACK train
            }
        }
        if (!found && rtt > 0 && sampleCount < MIN_SAMPLES) {
            currRtt = Math.min(currRtt, rtt);
            if (++sampleCount == MIN_SAMPLES
                    && currRtt > delayMin + Math.min(Math.max(delayMin / 8, DELAY_MIN), DELAY_MAX)) {
                found = true; // delay increase
            }
        }
        return found;
    }
}
