package io.tcplab.cc;

import io.tcplab.stack.cc.AckSample;
import io.tcplab.stack.cc.CaEvent;
import io.tcplab.stack.cc.CaState;
import io.tcplab.stack.cc.CcInit;
import io.tcplab.stack.cc.CcParameters;
import io.tcplab.stack.cc.CongestionControl;
import io.tcplab.stack.cc.CongestionControlProvider;
import io.tcplab.stack.cc.CongestionSignal;
import io.tcplab.stack.cc.GrowthCounting;
import io.tcplab.stack.cc.UndoCause;
import io.tcplab.stack.cc.WindowedCongestionControl;

/**
 * CUBIC, RFC 9438: W_cubic(t) = C(t−K)³ + W_max (§4.2), target at t + SRTT clamped to
 * [cwnd, 1.5 cwnd] (§4.4), the Reno-friendly estimate W_est with α = 3(1−β)/(1+β), switching to 1
 * once W_est reaches cwnd_prior (§4.3), fast convergence (§4.7), the timeout rule (§4.8: the first
 * epoch after a timeout starts with K = 0, W_max = cwnd) and spurious-event undo of
 * {W_max, cwnd_prior, K, t_epoch, W_est} (§4.9). Constants β = 0.7, C = 0.4 (Linux beta = 717/1024,
 * bic_scale = 41). Optional slow-start exit by Linux's classic HyStart (hystart_low_window = 16,
 * HYSTART_MIN_SAMPLES = 8, HYSTART_DELAY_MIN/MAX = 4/16 ms, hystart_ack_delta = 2 ms), the
 * default, or by HyStart++ (RFC 9406, {@code hystart=pp}; {@link HyStartPlusPlus}).
 * ssthresh is cwnd·β as in Linux (RFC 9438 §4.6 allows it; the sender only reduces a used window).
 *
 * <p>The Reno-friendly region has two forms ({@code friendly=rfc|linux}). {@code rfc} (the
 * default) is RFC 9438 §4.3: α switches to 1 once W_est reaches cwnd_prior, and cwnd is set to
 * W_est whenever W_cubic is below it. {@code linux} is tcp_cubic.c's tcp_friendliness (bictcp_update,
 * unchanged from 2.6.2x to 6.x): α stays 3(1−β)/(1+β) for the whole epoch (tcp_cwnd grows by one
 * per cwnd·beta_scale/8 segments acknowledged, beta_scale = 15 for β = 717/1024), and when it is
 * above cwnd the window closes the gap over one window of ACKs (cnt ≤ cwnd / (tcp_cwnd − cwnd))
 * instead of jumping; either way at most one segment per two acknowledged (cnt ≥ 2). Under random
 * loss the window lives in that region and W_est passes cwnd_prior every epoch, so the RFC's α of 1
 * makes a larger mean window than the kernel's (docs/cc-loss-based.md).
 *
 * <p>{@code count=acks} makes slow start count ACKs (Linux 2.6.24, tcp_abc = 0); congestion
 * avoidance keeps counting bytes, because 2.6.24's CUBIC v2.1 divided its per-ACK count by the
 * measured ACK ratio (delayed_ack), which comes to the same growth per RTT.
 *
 * <p>While no W_max is known — from the end of slow start until the first reduction, and after a
 * timeout — the curve starts at K = 0 from the current window (§4.10, §4.8), so it grows by
 * almost nothing for its first seconds. {@code probe=linux} is tcp_cubic.c's answer to "the
 * available bandwidth is still unknown" (bictcp_update: cnt ≤ 20 while last_max_cwnd is 0, which
 * bictcp_reset also clears on entering Loss): at least one segment per 20 acknowledged, 5 % per
 * RTT; {@code probe=rfc}, the default, is the curve alone.
 */
public final class Cubic extends WindowedCongestionControl {
    private final double beta;
    private final double c;
    private final boolean fastConvergence;
    private final HyStart hystart;
    private final HyStartPlusPlus hystartPp;
    /** RFC 9438 §4.3's Reno-friendly region (true) or Linux's tcp_friendliness (false). */
    private final boolean rfcFriendly;
    /** Linux's 5 %-per-RTT floor while W_max is unknown ({@code probe=linux}). */
    private final boolean linuxProbe;

    /** RFC 9438 §4.1.2's state, in segments and nanoseconds; one live copy and one §4.9 snapshot. */
    private static final class State {
        double wMax;
        double cwndPrior;
        double k;
        long tEpoch = -1;
        double wEst;
        double alpha;
        boolean afterTimeout;
        /** A reduction other than a timeout has set W_max (Linux: last_max_cwnd is not 0). */
        boolean maxKnown;

        void copyFrom(State o) {
            wMax = o.wMax;
            cwndPrior = o.cwndPrior;
            k = o.k;
            tEpoch = o.tEpoch;
            wEst = o.wEst;
            alpha = o.alpha;
            afterTimeout = o.afterTimeout;
            maxKnown = o.maxKnown;
        }
    }

    /** Linux: "the maximum rate of cwnd increase CUBIC allows is 1 packet per 2 packets ACKed" (cnt ≥ 2). */
    private static final double MAX_GROWTH_PER_SEGMENT = 0.5;
    /** Linux while the available bandwidth is unknown: cnt ≤ 20, "increase cwnd 5% per RTT". */
    private static final double PROBE_GROWTH_PER_SEGMENT = 1.0 / 20;

    private final State st = new State();
    private final State saved = new State();
    private long lastAckNanos;
    /** The ACK being handled arrived in HyStart++'s CSS. */
    private boolean cssAck;

    /** The slow-start exit: none, Linux's classic HyStart, or HyStart++ (RFC 9406). */
    enum SlowStartExit { OFF, CLASSIC, PLUS_PLUS }

    Cubic(double beta, double c, boolean fastConvergence, SlowStartExit exit) {
        this(beta, c, fastConvergence, exit, GrowthCounting.BYTES, true, false);
    }

    Cubic(double beta, double c, boolean fastConvergence, SlowStartExit exit, GrowthCounting counting,
          boolean rfcFriendly, boolean linuxProbe) {
        super(counting);
        this.rfcFriendly = rfcFriendly;
        this.linuxProbe = linuxProbe;
        this.beta = beta;
        this.c = c;
        this.fastConvergence = fastConvergence;
        this.hystart = exit == SlowStartExit.CLASSIC ? new HyStart() : null;
        this.hystartPp = exit == SlowStartExit.PLUS_PLUS ? new HyStartPlusPlus() : null;
        st.alpha = renoFriendlyAlpha();
    }

    @Override
    public String name() {
        return "cubic";
    }

    private double renoFriendlyAlpha() {
        return 3 * (1 - beta) / (1 + beta);
    }

    /** W_cubic(t) in segments, t in seconds since the epoch began. */
    double wCubic(double t) {
        double d = t - st.k;
        return c * d * d * d + st.wMax;
    }

    double k() {
        return st.k;
    }

    double wMax() {
        return st.wMax;
    }

    /** HyStart++'s phase, or null without it. */
    HyStartPlusPlus.Phase hystartPlusPlusPhase() {
        return hystartPp == null ? null : hystartPp.phase();
    }

    @Override
    public void init(CcInit init) {
        super.init(init);
        if (hystart != null) {
            hystart.connectionPaces(init.internalPacing());
        }
    }

    @Override
    protected void observe(AckSample sample) {
        lastAckNanos = sample.nowNanos();
        if (hystart != null && cwnd < ssthresh && sample.caState() == CaState.OPEN
                && hystart.exitSlowStart(sample, cwnd, mss)) {
            ssthresh = cwnd; // Linux: HyStart sets ssthresh = cwnd and CA begins at once
        }
        // RFC 9406 §4.2 grows by an ACK before it checks that ACK: it grows in the phase it arrived in
        cssAck = hystartPp != null && hystartPp.phase() == HyStartPlusPlus.Phase.CSS;
        if (hystartPp != null && cwnd < ssthresh && sample.caState() == CaState.OPEN) {
            hystartPp.onAck(sample.rttNanos());
        }
    }

    @Override
    public void onRoundStart(long round, long nowNanos) {
        if (hystart != null) {
            hystart.onRoundStart(nowNanos);
        }
        if (hystartPp != null && hystartPp.onRoundStart() && cwnd < ssthresh) {
            ssthresh = cwnd; // RFC 9406 §4.2: CSS_ROUNDS of CSS are over, congestion avoidance begins
        }
    }

    /**
     * RFC 9406 §4.2: in CSS each ACK adds a quarter of what slow start would (the per-ACK limit L
     * stays the stack's RFC 3465 2 SMSS; RFC 9406 suggests 8 without pacing).
     */
    @Override
    protected void slowStartAck(AckSample sample, long ackedBytes) {
        if (cssAck) {
            growBytes((double) Math.min(ackedBytes, 2L * mss) / HyStartPlusPlus.CSS_GROWTH_DIVISOR);
        } else {
            super.slowStartAck(sample, ackedBytes);
        }
    }

    @Override
    protected void congestionAvoidance(AckSample sample, long ackedBytes) {
        double w = (double) cwnd / mss;
        long now = sample.nowNanos();
        if (st.tEpoch < 0) {
            startEpoch(now, w);
        }
        double t = (now - st.tEpoch) / 1e9;
        double rtt = Math.max(0, sample.srttNanos()) / 1e9;
        double target = Math.min(Math.max(wCubic(t + rtt), w), 1.5 * w); // §4.4
        double segments = (double) ackedBytes / mss;
        st.wEst += st.alpha * segments / w; // §4.3
        double probe = linuxProbe && !st.maxKnown ? PROBE_GROWTH_PER_SEGMENT : 0;
        if (!rfcFriendly) {
            linuxFriendlyGrowth(target, w, segments, probe);
            return;
        }
        if (st.wEst >= st.cwndPrior) {
            st.alpha = 1; // §4.3: beyond the old window, grow like Reno itself
        }
        long before = cwnd;
        if (wCubic(t) < st.wEst) {
            long friendly = (long) (st.wEst * mss);
            if (friendly > cwnd) {
                cwnd = friendly; // Reno-friendly region
            }
        } else {
            growBytes((target - w) / w * segments * mss); // concave or convex region (§4.4, §4.5)
        }
        double floor = probe * segments * mss;
        if (cwnd - before < floor) {
            growBytes(floor - (cwnd - before)); // probe=linux: the larger of the RFC's growth and 5 % per RTT
        }
    }

    /**
     * tcp_cubic.c: cnt is the lesser of the cubic curve's (w / (target − w)) and, when W_est is
     * above cwnd, w / (W_est − w); cnt ≥ 2; with neither above cwnd, cnt = 100·w ("very small
     * increment"); with {@code probe} (1/20 while W_max is unknown) cnt ≤ 20 first. Growth per
     * acknowledged segment is 1/cnt.
     */
    private void linuxFriendlyGrowth(double target, double w, double segments, double probe) {
        double perSegment = Math.max(Math.max(Math.max((target - w) / w, (st.wEst - w) / w), 1 / (100 * w)), probe);
        growBytes(Math.min(perSegment, MAX_GROWTH_PER_SEGMENT) * segments * mss);
    }

    private void startEpoch(long now, double w) {
        st.tEpoch = now;
        if (st.afterTimeout || w >= st.wMax) {
            // §4.8 after a timeout, and §4.10 after slow start without loss: the plateau is here
            st.wMax = w;
            st.k = 0;
            st.afterTimeout = false;
        } else {
            st.k = Math.cbrt((st.wMax - w) / c); // §4.2 eq. 2 with cwnd_epoch = cwnd
        }
        st.wEst = w;
    }

    @Override
    protected long reducedSsthresh(CongestionSignal signal, long inflightBytes, long nowNanos) {
        saved.copyFrom(st);
        if (hystartPp != null) {
            hystartPp.stop(); // RFC 9406 §4.2: a loss or ECN mark ends slow start and CSS
        }
        double w = (double) cwnd / mss;
        st.wMax = fastConvergence && w < st.wMax ? w * (1 + beta) / 2 : w; // §4.7
        st.cwndPrior = w;
        st.tEpoch = -1;
        st.alpha = renoFriendlyAlpha();
        st.maxKnown = !signal.collapsesWindow(); // Linux: entering Loss resets last_max_cwnd to 0
        if (signal.collapsesWindow()) {
            st.afterTimeout = true; // §4.8
            if (hystart != null) {
                hystart.reset(); // Linux: the Loss state resets HyStart too
            }
        }
        return (long) (cwnd * beta);
    }

    /** §4.9: restore the state saved at the spurious event (the base class restored cwnd and ssthresh). */
    @Override
    protected void undoPrivateState(UndoCause cause, long nowNanos) {
        st.copyFrom(saved);
    }

    @Override
    public void onEvent(CaEvent event, long nowNanos) {
        super.onEvent(event, nowNanos);
        if (event == CaEvent.TX_START_AFTER_IDLE && st.tEpoch >= 0 && nowNanos > lastAckNanos) {
            st.tEpoch += nowNanos - lastAckNanos; // §5.8: t excludes the idle period (Linux shifts epoch_start)
        }
    }

    /** Registers {@code cubic}. */
    public static final class Provider implements CongestionControlProvider {
        @Override
        public String name() {
            return "cubic";
        }

        @Override
        public CongestionControl create(CcParameters p) {
            double beta = p.getDouble("beta", 0.7, 0.1, 0.95);
            double c = p.getDouble("c", 0.4, 0.01, 10);
            boolean fastConvergence = p.getBoolean("fastconv", true);
            SlowStartExit exit = switch (p.getChoice("hystart", "on", "on", "off", "pp")) {
                case "off" -> SlowStartExit.OFF;
                case "pp" -> SlowStartExit.PLUS_PLUS;
                default -> SlowStartExit.CLASSIC;
            };
            boolean rfcFriendly = p.getChoice("friendly", "rfc", "rfc", "linux").equals("rfc");
            boolean linuxProbe = p.getChoice("probe", "rfc", "rfc", "linux").equals("linux");
            return new Cubic(beta, c, fastConvergence, exit, GrowthCounting.read(p), rfcFriendly, linuxProbe);
        }

        @Override
        public String source() {
            return "RFC 9438 §4; Linux tcp_cubic.c (beta 717/1024, bic_scale 41, HyStart classic, tcp_friendliness with "
                    + "friendly=linux, the 5 % floor while W_max is unknown with probe=linux); HyStart++ RFC 9406";
        }
    }
}
