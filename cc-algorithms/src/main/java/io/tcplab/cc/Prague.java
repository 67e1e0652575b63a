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
 * TCP Prague, the scalable congestion control of L4S (draft-briscoe-iccrg-prague-congestion-control-04,
 * July 2024), with its constants and behaviour as the L4S team's Linux tcp_prague.c (v0.6,
 * L4STeam/linux commit 02573a2; v0.7 of 2024 changes the defaults noted below):
 * <ul>
 * <li>DCTCP's estimate (RFC 8257 §3.3): α ← (1−g)α + gF once per round, F the CE-marked share of
 *     the bytes the round delivered, g = 1/16 (PRAGUE_SHIFT_G 4); α starts at 1 and is left
 *     there until the first CE mark (prague_update_alpha's saw_ce), so the first reduction halves.</li>
 * <li>On CE feedback, at most once per round (the stack's CWR rule), cwnd ← cwnd·(1 − α/2)
 *     (draft §2.4.2 "Multiplicative Decrease on ECN Feedback"; prague_enter_cwr).</li>
 * <li>Additive increase on every ACK, in CWR too, for the bytes it delivered that were not
 *     CE-marked, not during loss recovery (prague_update_cwnd; the v0.7 comment's point 4).</li>
 * <li>Reduced RTT dependence (draft §2.4.4): once {@code transition} rounds have passed since slow
 *     start (DEFAULT_RTT_TRANSITION 500; 4 in v0.7), a flow whose srtt R is below the target
 *     T = 25 ms (prague_rtt_target) adds (R/T)² segments per round instead of one, so its rate grows
 *     by one segment per T per T whatever R (RTT_CONTROL_RATE, prague_rate_scaled_ai_ack_increase;
 *     R above 100 ms, MAX_SCALED_RTT, is never scaled), and it updates α and reduces at most once
 *     per T (prague_should_update_ewma, prague_enter_cwr).</li>
 * <li>Loss: Reno's halving, no increase until recovery ends (prague_enter_loss).</li>
 * <li>Pacing always on: cwnd per srtt, doubled while cwnd is below half of ssthresh
 *     (prague_update_pacing_rate).</li>
 * <li>ECT(1) on data, the L4S identifier (RFC 9331 §4.1), with AccECN only ({@link #wantsEct1()}).</li>
 * </ul>
 * Without Accurate ECN feedback (RFC 9331 §4.2 requires it) Prague is Reno, unpaced and ECT(0) if
 * classic ECN was agreed, as Linux switches such a connection to its prague-reno fallback
 * (prague_init). Linux would not have agreed to classic ECN at all (TCP_CONG_NO_FALLBACK_RFC3168);
 * here Reno answers ECE with RFC 3168's halving. Not implemented: the detection of a classic ECN
 * AQM (off by default in v0.6, prague_ecn_fallback = 0, and gone in v0.7), v0.7's rate-based mode
 * below 4 packets and its ±3 % pacing sweep, and GSO burst sizing (the stack's pacer has its own).
 */
public final class Prague extends WindowedCongestionControl {
    /** Linux MAX_SCALED_RTT: the increase of a flow with a longer RTT is not scaled. */
    private static final long MAX_SCALED_RTT = 100_000_000L;

    private final double g;
    private final long targetNanos;
    private final long transitionRounds;

    private double alpha = 1;
    /** A CE mark was fed back: there is an AQM on the path and α tracks it (Linux saw_ce). */
    private boolean sawCe;
    /** The ACKs carry Accurate ECN feedback; false: the Reno fallback. */
    private boolean accurate;
    private long roundBytes;
    private long roundCeBytes;
    /** Rounds since slow start ended (Linux ca->round). */
    private long rounds;
    private long alphaStamp;
    private long lastReduction;
    private long srttNanos = -1;
    private long pacingRate;

    Prague(double g, long targetNanos, long transitionRounds) {
        this.g = g;
        this.targetNanos = targetNanos;
        this.transitionRounds = transitionRounds;
    }

    @Override
    public String name() {
        return "prague";
    }

    @Override
    public void init(CcInit init) {
        super.init(init);
        alphaStamp = init.nowNanos();
        lastReduction = init.nowNanos() - targetNanos;
    }

    @Override
    public boolean needsEcn() {
        return true;
    }

    @Override
    public boolean wantsEct1() {
        return true;
    }

    @Override
    public long pacingRateBytesPerSec() {
        return pacingRate;
    }

    /** The current estimate of the marked fraction, α (for checks and reports). */
    public double alpha() {
        return alpha;
    }

    /** The RTT independence is on: out of slow start, past the transition rounds, a target set. */
    boolean rttIndependent() {
        return targetNanos > 0 && cwnd >= ssthresh && rounds >= transitionRounds;
    }

    /**
     * Segments added per round of acknowledged bytes: (R/T)² for R below T once past the
     * transition, else 1 (prague_ai_ack_increase, prague_rate_scaled_ai_ack_increase).
     */
    double increasePerRound() {
        if (targetNanos <= 0 || rounds < transitionRounds || srttNanos <= 0 || srttNanos > MAX_SCALED_RTT
                || srttNanos >= targetNanos) {
            return 1;
        }
        double r = (double) srttNanos / targetNanos;
        return r * r;
    }

    @Override
    public void onAck(AckSample s) {
        accurate = s.accurateEcn();
        if (s.srttNanos() > 0) {
            srttNanos = s.srttNanos();
        }
        if (!accurate) {
            pacingRate = 0;
            super.onAck(s);
            return;
        }
        long delivered = s.newlyDeliveredBytes();
        long ce = s.deliveredCeBytes();
        roundBytes += delivered;
        roundCeBytes += ce;
        sawCe |= ce > 0;
        long unmarked = delivered - ce;
        if (unmarked > 0 && s.cwndLimited() && s.caState() != CaState.RECOVERY && s.caState() != CaState.LOSS) {
            if (cwnd < ssthresh) {
                slowStart(unmarked);
            } else {
                growBytes((double) unmarked * mss * increasePerRound() / cwnd);
            }
        }
        updatePacingRate();
    }

    /** prague_update_pacing_rate: one window per srtt, twice that while cwnd &lt; ssthresh/2. */
    private void updatePacingRate() {
        if (srttNanos <= 0) {
            return;
        }
        double perSec = cwnd * 1e9 / srttNanos;
        pacingRate = (long) (cwnd < ssthresh / 2 ? 2 * perSec : perSec);
    }

    /**
     * The end of a round (RFC 8257 §3.3 step 4): α's update, once a CE mark has been seen; while
     * the flow is RTT-independent only once per target T, the counts running on meanwhile.
     */
    @Override
    public void onRoundStart(long round, long nowNanos) {
        if (!accurate) {
            return;
        }
        if (rttIndependent() && nowNanos - alphaStamp < targetNanos) {
            return;
        }
        if (sawCe) {
            double f = roundBytes > 0 ? Math.min(1, (double) roundCeBytes / roundBytes) : 0;
            alpha = (1 - g) * alpha + g * f;
            alphaStamp = nowNanos;
        }
        roundBytes = 0;
        roundCeBytes = 0;
        if (cwnd >= ssthresh) {
            rounds++;
        }
    }

    /** A CE response within T of the last one is skipped while RTT-independent (prague_enter_cwr). */
    @Override
    public long ssthreshOnCongestion(CongestionSignal signal, long inflightBytes, long nowNanos) {
        if (accurate && signal == CongestionSignal.ECN) {
            if (rttIndependent() && nowNanos - lastReduction < targetNanos) {
                return ssthresh;
            }
            lastReduction = nowNanos;
        }
        long reduced = super.ssthreshOnCongestion(signal, inflightBytes, nowNanos);
        updatePacingRate();
        return reduced;
    }

    @Override
    protected void congestionAvoidance(AckSample sample, long acked) {
        additiveIncrease(acked, cwnd / mss); // the Reno fallback (Linux tcp_reno_cong_avoid)
    }

    @Override
    protected long reducedSsthresh(CongestionSignal signal, long inflightBytes, long nowNanos) {
        if (accurate && signal == CongestionSignal.ECN) {
            return (long) (cwnd * (1 - alpha / 2));
        }
        return cwnd / 2; // loss (prague_enter_loss), and every signal of the Reno fallback
    }

    /** Nothing private: α measures marking, the round counts measure time. */
    @Override
    protected void undoPrivateState(UndoCause cause, long nowNanos) {
    }

    /** Registers {@code prague}. */
    public static final class Provider implements CongestionControlProvider {
        @Override
        public String name() {
            return "prague";
        }

        @Override
        public CongestionControl create(CcParameters p) {
            double g = p.getDouble("g", 1.0 / 16, 1.0 / 1024, 1);
            double targetMs = p.getDouble("target_ms", 25, 0, 100);
            long transition = p.getLong("transition", 500, 0, 1_000_000);
            return new Prague(g, Math.round(targetMs * 1e6), transition);
        }

        @Override
        public String source() {
            return "draft-briscoe-iccrg-prague-congestion-control-04; Linux tcp_prague.c v0.6 "
                    + "(PRAGUE_SHIFT_G 4, prague_rtt_target 25 ms, DEFAULT_RTT_TRANSITION 500, RTT_CONTROL_RATE)";
        }
    }
}
