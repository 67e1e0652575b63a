package io.tcplab.cc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.tcplab.stack.cc.CongestionSignal;
import io.tcplab.stack.cc.GrowthCounting;
import io.tcplab.stack.cc.UndoCause;
import org.junit.jupiter.api.Test;

/** CUBIC against RFC 9438's own equations, on a queue-free synthetic path. */
class CubicTest {
    private static final long MS = 1_000_000L;

    /** A CUBIC flow that had cwnd = {@code w} segments at its first loss. */
    private static SyntheticPath afterLossAt(int w, long rttNanos) {
        SyntheticPath path = new SyntheticPath(new Cubic(0.7, 0.4, true, Cubic.SlowStartExit.OFF), rttNanos, Double.POSITIVE_INFINITY, w);
        path.loss(CongestionSignal.DUPTHRESH_LOSS);
        return path;
    }

    @Test
    void kIsTheCubeRootOfWmaxTimesOneMinusBetaOverC() {
        SyntheticPath path = afterLossAt(100, 100 * MS);
        Cubic cubic = (Cubic) path.cc;
        path.round(); // the first CA ACK starts the epoch
        // RFC 9438 §4.2 eq. 2 with cwnd_epoch = β·W_max: K = cbrt(W_max(1−β)/C)
        assertThat(cubic.k()).isCloseTo(Math.cbrt(100 * (1 - 0.7) / 0.4), within(1e-9));
        // one round in: cwnd moved to the target W(RTT) = 72.08 (§4.4)
        assertThat(path.cwndSegments()).isCloseTo(0.4 * Math.pow(0.1 - cubic.k(), 3) + 100, within(1.0));
    }

    /**
     * cwnd = max(W_cubic(t), W_est(t)) at t = 1..9 s after one loss at W_max = 100 segments, RTT
     * 100 ms: W_cubic(t) = C(t−K)³ + W_max (§4.2) and W_est growing α_cubic per RTT up to
     * cwnd_prior, then 1 per RTT (§4.3) — the curve is cubic until about 6 s, Reno-friendly after.
     * Tolerance: one segment, plus what the curve grows in one RTT, because cwnd moves to
     * W(t+RTT) over each round and the round boundaries fall between our t.
     */
    @Test
    void windowFollowsTheCubicCurveAfterOneLoss() {
        SyntheticPath path = afterLossAt(100, 100 * MS);
        long epoch = path.now;
        double k = Math.cbrt(100 * 0.3 / 0.4);
        double alpha = 3 * 0.3 / 1.7;
        for (int second = 1; second <= 9; second++) {
            path.runUntil(epoch + second * 1000 * MS);
            double t = (path.now - epoch) / 1e9;
            double n = t / 0.1;
            double wEst = n <= 30 / alpha ? 70 + alpha * n : 100 + (n - 30 / alpha);
            double model = Math.max(0.4 * Math.pow(t - k, 3) + 100, wEst);
            double slope = Math.max(3 * 0.4 * (t - k) * (t - k) * 0.1, 1);
            assertThat(path.cwndSegments()).as("t=%.2f s", t).isCloseTo(model, within(1 + slope));
        }
    }

    /** Reno-friendly region (§4.3): at RTT 1 ms W_est grows α = 3(1−β)/(1+β) ≈ 0.529 per RTT. */
    @Test
    void renoFriendlyRegionGrowsAtAlphaCubicPerRtt() {
        SyntheticPath path = afterLossAt(100, MS);
        path.rounds(50);
        double alpha = 3 * 0.3 / 1.7;
        // 50 rounds after the loss round; ±1.5 segments for per-ACK rounding and the epoch start
        assertThat(path.cwndSegments()).isCloseTo(70 + 50 * alpha, within(1.5));
    }

    /**
     * Past cwnd_prior the two forms part: RFC 9438 §4.3 switches α to 1 once W_est reaches
     * cwnd_prior (100 segments, after 30/α ≈ 57 rounds), Linux's tcp_friendliness keeps α for the
     * whole epoch. 150 rounds at RTT 1 ms, where W_cubic stays below W_est (W_cubic(0.15 s) ≈ 73):
     * RFC 100 + (150 − 56.7) = 193.3, Linux 70 + 150 α = 149.4.
     */
    @Test
    void linuxsRenoFriendlyRegionKeepsAlphaPastThePriorWindow() {
        double alpha = 3 * 0.3 / 1.7;
        SyntheticPath rfc = afterLossAt(100, MS);
        rfc.rounds(150);
        assertThat(rfc.cwndSegments()).isCloseTo(100 + (150 - 30 / alpha), within(2.0));

        SyntheticPath linux = new SyntheticPath(new Cubic(0.7, 0.4, true, Cubic.SlowStartExit.OFF, GrowthCounting.BYTES, false, false), MS,
                Double.POSITIVE_INFINITY, 100);
        linux.loss(CongestionSignal.DUPTHRESH_LOSS);
        linux.rounds(150);
        assertThat(linux.cwndSegments()).isCloseTo(70 + 150 * alpha, within(2.0));
    }

    @Test
    void fastConvergenceLowersWmaxWhenTheWindowShrinks() {
        SyntheticPath path = afterLossAt(100, 100 * MS);
        Cubic cubic = (Cubic) path.cc;
        path.rounds(5);
        double w = path.cwndSegments();
        assertThat(w).isLessThan(100);
        path.loss(CongestionSignal.DUPTHRESH_LOSS);
        assertThat(cubic.wMax()).isCloseTo(Math.floor(w) * (1 + 0.7) / 2, within(1.0)); // §4.7
    }

    @Test
    void ssthreshIsBetaTimesCwnd() {
        SyntheticPath path = new SyntheticPath(new Cubic(0.7, 0.4, true, Cubic.SlowStartExit.OFF), 100 * MS, Double.POSITIVE_INFINITY, 200);
        long ssthresh = path.cc.ssthreshOnCongestion(CongestionSignal.DUPTHRESH_LOSS, 200L * 1000, 0);
        assertThat(ssthresh).isEqualTo(140_000);
        assertThat(path.cc.cwndBytes()).isEqualTo(140_000);
    }

    /** §4.9: a spurious event restores W_max, K and the epoch, so growth resumes on the old curve. */
    @Test
    void undoRestoresWmaxAndK() {
        SyntheticPath path = afterLossAt(100, 100 * MS);
        Cubic cubic = (Cubic) path.cc;
        path.rounds(10);
        double k = cubic.k();
        long cwnd = path.cc.cwndBytes();
        path.cc.ssthreshOnCongestion(CongestionSignal.DUPTHRESH_LOSS, cwnd, path.now);
        assertThat(cubic.wMax()).isNotEqualTo(100);
        path.cc.undo(UndoCause.SPURIOUS_RETRANSMIT, cwnd, path.now);
        assertThat(cubic.wMax()).isEqualTo(100);
        assertThat(cubic.k()).isEqualTo(k);
        assertThat(path.cc.cwndBytes()).isEqualTo(cwnd);
    }

    /** §4.8: after a timeout, the first epoch starts with K = 0 and W_max = cwnd. */
    @Test
    void afterATimeoutTheEpochStartsAtItsOwnPlateau() {
        SyntheticPath path = afterLossAt(100, 100 * MS);
        Cubic cubic = (Cubic) path.cc;
        path.rounds(5);
        path.loss(CongestionSignal.RTO);
        path.rounds(6); // slow start up to ssthresh, then the first CA ACK
        path.endLoss();
        path.rounds(1);
        assertThat(cubic.k()).isZero();
        assertThat(cubic.wMax()).isLessThan(70);
    }

    /** HyStart's delay test: once RTT grows past delay_min + 4 ms at cwnd ≥ 16, slow start ends. */
    @Test
    void hystartLeavesSlowStartWhenDelayRises() {
        // 1000 segments/s at 20 ms base: the queue builds above 20 segments and adds ≥ 4 ms at 24
        SyntheticPath path = new SyntheticPath(new Cubic(0.7, 0.4, true, Cubic.SlowStartExit.CLASSIC), 20 * MS, 1000, 10);
        path.rounds(8);
        assertThat(path.cc.ssthreshBytes()).isLessThan(Long.MAX_VALUE);
        assertThat(path.cc.ssthreshBytes() / 1000).isBetween(16L, 60L);
        SyntheticPath without = new SyntheticPath(new Cubic(0.7, 0.4, true, Cubic.SlowStartExit.OFF), 20 * MS, 1000, 10);
        without.rounds(8);
        assertThat(without.cc.ssthreshBytes()).isEqualTo(Long.MAX_VALUE);
    }

    /**
     * Slow start left by HyStart without a loss: W_max is unknown, so the curve starts at K = 0
     * from cwnd (§4.10) and adds C·t³, under a segment in 30 rounds of ≤ 50 ms, and Linux's
     * tcp_friendliness W_est α ≈ 0.53 a round; probe=linux (tcp_cubic.c: cnt ≤ 20 while
     * last_max_cwnd is 0) grows one segment per 20 acknowledged instead: 5 % a round, 1.05^30 =
     * 4.3 times in 30 rounds. Both with friendly=linux, as the kernel.
     */
    @Test
    void probeLinuxGrowsFivePercentPerRoundUntilTheFirstLoss() {
        SyntheticPath curve = hystartExit(new Cubic(0.7, 0.4, true, Cubic.SlowStartExit.CLASSIC, GrowthCounting.BYTES, false, false));
        SyntheticPath probe = hystartExit(new Cubic(0.7, 0.4, true, Cubic.SlowStartExit.CLASSIC, GrowthCounting.BYTES, false, true));
        double c0 = curve.cwndSegments();
        double p0 = probe.cwndSegments();
        curve.rounds(30);
        probe.rounds(30);
        double expected = p0 * Math.pow(1.05, 30);
        assertThat(probe.cwndSegments()).isCloseTo(expected, within(0.05 * expected));
        double alpha = 3 * 0.3 / 1.7;
        assertThat(curve.cwndSegments()).isCloseTo(c0 + 30 * alpha, within(2.0));
    }

    /** Once a loss has set W_max, probe=linux adds nothing: both follow the same curve. */
    @Test
    void probeLinuxStopsAtTheFirstLoss() {
        SyntheticPath rfc = new SyntheticPath(new Cubic(0.7, 0.4, true, Cubic.SlowStartExit.OFF, GrowthCounting.BYTES, false, false), 100 * MS,
                Double.POSITIVE_INFINITY, 100);
        SyntheticPath linux = new SyntheticPath(new Cubic(0.7, 0.4, true, Cubic.SlowStartExit.OFF, GrowthCounting.BYTES, false, true), 100 * MS,
                Double.POSITIVE_INFINITY, 100);
        rfc.loss(CongestionSignal.DUPTHRESH_LOSS);
        linux.loss(CongestionSignal.DUPTHRESH_LOSS);
        rfc.rounds(40);
        linux.rounds(40);
        assertThat(linux.cc.cwndBytes()).isEqualTo(rfc.cc.cwndBytes());
    }

    /** HyStart's exit on a path whose queue builds (as {@link #hystartLeavesSlowStartWhenDelayRises}), no loss. */
    private static SyntheticPath hystartExit(Cubic cubic) {
        SyntheticPath path = new SyntheticPath(cubic, 20 * MS, 1000, 10);
        while (path.cc.ssthreshBytes() == Long.MAX_VALUE) {
            path.round();
        }
        return path;
    }
}
