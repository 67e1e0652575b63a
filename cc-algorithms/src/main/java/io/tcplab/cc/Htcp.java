package io.tcplab.cc;

import io.tcplab.stack.cc.AckSample;
import io.tcplab.stack.cc.CaState;
import io.tcplab.stack.cc.CcInit;
import io.tcplab.stack.cc.CcParameters;
import io.tcplab.stack.cc.CongestionControl;
import io.tcplab.stack.cc.CongestionControlProvider;
import io.tcplab.stack.cc.CongestionSignal;
import io.tcplab.stack.cc.UndoCause;
import io.tcplab.stack.cc.WindowedCongestionControl;

/**
 * H-TCP (Leith and Shorten, PFLDnet 2004) as Linux tcp_htcp.c computes it, in its fixed point
 * (α and β ×128, time in 1 ms jiffies, HZ = 1000): α(Δ) = 1 + 10(Δ−Δ_L) + ((Δ−Δ_L)/2)² after
 * Δ_L = 1 s since the last congestion event, scaled by 2(1−β) and, with RTT scaling, by
 * minRTT/100 ms clamped to [0.5, 10]; adaptive backoff β = minRTT/maxRTT in [BETA_MIN 0.5,
 * BETA_MAX 0.8] from the second event on; the bandwidth switch returns β to 0.5 when the
 * throughput moved by more than 20%. Undo restores last_cong, maxRTT and old_maxB.
 */
public final class Htcp extends WindowedCongestionControl {
    static final int ALPHA_BASE = 128;
    static final int BETA_MIN = 64;
    static final int BETA_MAX = 102;
    static final long HZ = 1000; // jiffies per second: times below are in milliseconds
    private static final long NS_PER_JIFFY = 1_000_000L;

    private final boolean rttScaling;
    private final boolean bandwidthSwitch;

    int alpha = ALPHA_BASE;
    int beta = BETA_MIN;
    private boolean modeSwitch;
    private long lastCong; // jiffies
    private long minRtt; // jiffies, 0 = none yet
    private long maxRtt;
    private long undoLastCong = -1; // -1: nothing to undo
    private long undoMaxRtt;
    private long undoOldMaxB;
    // Achieved throughput in segments per second (Linux measure_achieved_throughput)
    private long packetCount;
    private long lastTime;
    private long bi;
    private long maxB;
    private long minB;
    private long oldMaxB;
    private long cntBytes;

    Htcp(boolean rttScaling, boolean bandwidthSwitch) {
        this.rttScaling = rttScaling;
        this.bandwidthSwitch = bandwidthSwitch;
    }

    @Override
    public String name() {
        return "htcp";
    }

    @Override
    public void init(CcInit init) {
        super.init(init);
        lastCong = jiffies(init.nowNanos());
        lastTime = lastCong;
    }

    private static long jiffies(long nanos) {
        return nanos / NS_PER_JIFFY;
    }

    /** Linux htcp_alpha_update: α ×128 for {@code diff} jiffies since the last congestion event. */
    static int alpha(long diff, long minRttJiffies, int beta, boolean rttScaling) {
        long factor = 1;
        if (diff > HZ) {
            long d = diff - HZ;
            factor = 1 + (10 * d + ((d / 2) * (d / 2) / HZ)) / HZ;
        }
        if (rttScaling && minRttJiffies > 0) {
            long scale = (HZ << 3) / (10 * minRttJiffies);
            scale = Math.min(Math.max(scale, 1L << 2), 10L << 3); // ratio clamped to [0.5, 10], ×8
            factor = Math.max(1, (factor << 3) / scale);
        }
        int a = (int) Math.min(Integer.MAX_VALUE, 2 * factor * ((1 << 7) - beta));
        return a == 0 ? ALPHA_BASE : a;
    }

    private void alphaUpdate(long now) {
        alpha = alpha(jiffies(now) - lastCong, minRtt, beta, rttScaling);
    }

    @Override
    protected void observe(AckSample s) {
        long now = jiffies(s.nowNanos());
        if (s.rttNanos() > 0) {
            long rtt = Math.max(1, jiffies(s.rttNanos()));
            if (minRtt == 0 || rtt < minRtt) {
                minRtt = rtt;
            }
            if (s.caState() == CaState.OPEN) {
                maxRtt = Math.max(maxRtt, minRtt);
                if (rtt > maxRtt && rtt <= maxRtt + 20) {
                    maxRtt = rtt; // spikes of more than 20 ms are ignored
                }
            }
        }
        if (!bandwidthSwitch) {
            return;
        }
        if (s.caState() != CaState.OPEN && s.caState() != CaState.DISORDER) {
            packetCount = 0;
            lastTime = now;
            return;
        }
        packetCount += s.newlyDeliveredBytes() / mss;
        long alphaSegments = Math.max(1, alpha >> 7);
        if (packetCount >= cwnd / mss - alphaSegments && now - lastTime >= minRtt && minRtt > 0) {
            long cur = packetCount * HZ / (now - lastTime);
            if (minRtt > 0 && (now - lastCong) / minRtt <= 3) { // just after backoff
                minB = maxB = bi = cur;
            } else {
                bi = (3 * bi + cur) / 4;
                maxB = Math.max(maxB, bi);
                minB = Math.min(minB, maxB);
            }
            packetCount = 0;
            lastTime = now;
        }
    }

    @Override
    protected void congestionAvoidance(AckSample sample, long ackedBytes) {
        cntBytes += ackedBytes;
        if ((cntBytes / mss) * alpha >> 7 >= cwnd / mss) { // cwnd += α/cwnd per segment
            cwnd += mss;
            cntBytes = 0;
            alphaUpdate(sample.nowNanos());
        }
    }

    @Override
    protected long reducedSsthresh(CongestionSignal signal, long inflightBytes, long nowNanos) {
        betaUpdate();
        alphaUpdate(nowNanos);
        if (minRtt > 0 && maxRtt > minRtt) {
            maxRtt = minRtt + (maxRtt - minRtt) * 95 / 100; // slowly fading memory
        }
        return (cwnd / mss) * beta / 128 * mss;
    }

    private void betaUpdate() {
        if (bandwidthSwitch) {
            long old = oldMaxB;
            oldMaxB = maxB;
            if (!(5 * maxB >= 4 * old && 5 * maxB <= 6 * old)) {
                beta = BETA_MIN;
                modeSwitch = false;
                return;
            }
        }
        if (modeSwitch && minRtt > 10 && maxRtt > 0) {
            beta = (int) Math.min(BETA_MAX, Math.max(BETA_MIN, (minRtt << 7) / maxRtt));
        } else {
            beta = BETA_MIN;
            modeSwitch = true; // adaptive backoff from the next event on
        }
    }

    @Override
    public void onStateChange(CaState from, CaState to, long nowNanos) {
        if (to == CaState.OPEN) {
            if (undoLastCong >= 0) {
                lastCong = jiffies(nowNanos); // Δ counts from the end of recovery
                undoLastCong = -1;
            }
        } else if (to == CaState.CWR || to == CaState.RECOVERY || to == CaState.LOSS) {
            undoLastCong = lastCong;
            undoMaxRtt = maxRtt;
            undoOldMaxB = oldMaxB;
            lastCong = jiffies(nowNanos);
        }
    }

    /** Linux htcp_cwnd_undo: the event did not happen, so Δ, maxRTT and old_maxB go back. */
    @Override
    protected void undoPrivateState(UndoCause cause, long nowNanos) {
        if (undoLastCong >= 0) {
            lastCong = undoLastCong;
            maxRtt = undoMaxRtt;
            oldMaxB = undoOldMaxB;
            undoLastCong = -1;
        }
    }

    long lastCongJiffies() {
        return lastCong;
    }

    long maxRttJiffies() {
        return maxRtt;
    }

    /** Registers {@code htcp}. */
    public static final class Provider implements CongestionControlProvider {
        @Override
        public String name() {
            return "htcp";
        }

        @Override
        public CongestionControl create(CcParameters p) {
            return new Htcp(p.getBoolean("rttscaling", true), p.getBoolean("bwswitch", true));
        }

        @Override
        public String source() {
            return "Leith, Shorten, PFLDnet 2004; Linux tcp_htcp.c (ALPHA_BASE 128, BETA_MIN 64, BETA_MAX 102)";
        }
    }
}
