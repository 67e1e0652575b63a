package io.tcplab.cc;

import io.tcplab.stack.cc.AckSample;
import io.tcplab.stack.cc.CaState;
import io.tcplab.stack.cc.CcParameters;
import io.tcplab.stack.cc.CongestionControl;
import io.tcplab.stack.cc.CongestionControlProvider;
import io.tcplab.stack.cc.CongestionSignal;
import io.tcplab.stack.cc.UndoCause;
import io.tcplab.stack.cc.WindowedCongestionControl;

/**
 * BIC-TCP (Xu, Harfoush, Rhee, INFOCOM 2004) as Linux tcp_bic.c defines it: binary search
 * towards last_max_cwnd in steps of (last_max − cwnd)/BICTCP_B (B = 4), at most max_increment = 16
 * segments per RTT, smooth_part = 20 RTTs near the target, then max probing; Reno at or below
 * low_window = 14; beta = 819/1024 and fast convergence. Linux counts ACKs and corrects for
 * delayed ACKs with an EWMA of the ACK ratio (ACK_RATIO_SHIFT); tcplab counts acknowledged
 * segments, which is what that correction approximates, so there is no ratio here. Linux also
 * recomputes cnt at most every HZ/32; here every ACK (the value only changes with cwnd).
 */
public final class Bic extends WindowedCongestionControl {
    static final int B = 4;
    static final int MAX_INCREMENT = 16;
    static final int LOW_WINDOW = 14;
    static final int SMOOTH_PART = 20;
    static final int BETA = 819;
    static final int BETA_SCALE = 1024;

    private final boolean fastConvergence;
    private long lastMaxCwnd; // segments
    private long savedLastMaxCwnd;

    Bic(boolean fastConvergence) {
        this.fastConvergence = fastConvergence;
    }

    @Override
    public String name() {
        return "bic";
    }

    long lastMaxCwnd() {
        return lastMaxCwnd;
    }

    /** Linux bictcp_update: acknowledged segments per +1 segment of cwnd. */
    static long cnt(long cwnd, long lastMax) {
        long cnt;
        if (cwnd <= LOW_WINDOW) {
            return cwnd;
        }
        if (cwnd < lastMax) { // binary search
            long dist = (lastMax - cwnd) / B;
            if (dist > MAX_INCREMENT) {
                cnt = cwnd / MAX_INCREMENT; // far away: additive increase of 16 per RTT
            } else if (dist <= 1) {
                cnt = cwnd * SMOOTH_PART / B; // close: creep up over smooth_part RTTs
            } else {
                cnt = cwnd / dist;
            }
        } else { // max probing: slow, then faster, past the old maximum
            if (cwnd < lastMax + B) {
                cnt = cwnd * SMOOTH_PART / B;
            } else if (cwnd < lastMax + MAX_INCREMENT * (B - 1)) {
                cnt = cwnd * (B - 1) / (cwnd - lastMax);
            } else {
                cnt = cwnd / MAX_INCREMENT;
            }
        }
        if (lastMax == 0 && cnt > 20) {
            cnt = 20; // no loss yet: at least 5% per RTT
        }
        return Math.max(cnt, 1);
    }

    @Override
    protected void congestionAvoidance(AckSample sample, long ackedBytes) {
        additiveIncrease(ackedBytes, cnt(cwnd / mss, lastMaxCwnd));
    }

    @Override
    protected long reducedSsthresh(CongestionSignal signal, long inflightBytes, long nowNanos) {
        savedLastMaxCwnd = lastMaxCwnd;
        long w = cwnd / mss;
        lastMaxCwnd = fastConvergence && w < lastMaxCwnd ? w * (BETA_SCALE + BETA) / (2 * BETA_SCALE) : w;
        return (w <= LOW_WINDOW ? w / 2 : w * BETA / BETA_SCALE) * mss; // in whole segments, as Linux
    }

    @Override
    public void onStateChange(CaState from, CaState to, long nowNanos) {
        if (to == CaState.LOSS) {
            lastMaxCwnd = 0; // Linux bictcp_state: a timeout resets the search
        }
    }

    /** Restores last_max_cwnd as it was before the spurious reduction. */
    @Override
    protected void undoPrivateState(UndoCause cause, long nowNanos) {
        lastMaxCwnd = savedLastMaxCwnd;
    }

    /** Registers {@code bic}. */
    public static final class Provider implements CongestionControlProvider {
        @Override
        public String name() {
            return "bic";
        }

        @Override
        public CongestionControl create(CcParameters p) {
            return new Bic(p.getBoolean("fastconv", true));
        }

        @Override
        public String source() {
            return "Xu, Harfoush, Rhee, INFOCOM 2004; Linux tcp_bic.c (BICTCP_B 4, max_increment 16, low_window 14, beta 819)";
        }
    }
}
