package io.tcplab.cc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.tcplab.stack.cc.CaState;
import io.tcplab.stack.cc.CcInit;
import io.tcplab.stack.cc.CongestionSignal;
import io.tcplab.stack.cc.UndoCause;
import org.junit.jupiter.api.Test;

/** H-TCP against the paper's α(Δ) as Linux tcp_htcp.c scales it, and its adaptive backoff. */
class HtcpTest {
    private static final long MS = 1_000_000L;

    static double paperAlpha(double delta) {
        return delta <= 1 ? 1 : 1 + 10 * (delta - 1) + Math.pow((delta - 1) / 2, 2);
    }

    /**
     * α ×128 = 2(1−β)·α(Δ)·128 with β = 0.5, no RTT scaling. Linux truncates α(Δ) to an integer,
     * so the tolerance is one step of 2(1−β) = 1.
     */
    @Test
    void alphaFollowsThePaperAfterDeltaL() {
        for (double delta : new double[] {0.5, 1, 1.5, 2, 3, 5, 10}) {
            double linux = Htcp.alpha((long) (delta * 1000), 0, Htcp.BETA_MIN, false) / 128.0;
            assertThat(linux).as("Δ=%s s", delta).isCloseTo(paperAlpha(delta), within(1.0));
            assertThat(linux).isLessThanOrEqualTo(paperAlpha(delta));
        }
    }

    /** RTT scaling: α ∝ minRTT/100 ms, the ratio clamped to [0.5, 10]. Tolerance: integer truncation. */
    @Test
    void alphaScalesWithMinRtt() {
        double at100 = Htcp.alpha(3000, 100, Htcp.BETA_MIN, true) / 128.0;
        assertThat(at100).isEqualTo(Math.floor(paperAlpha(3)));
        assertThat(Htcp.alpha(3000, 200, Htcp.BETA_MIN, true) / 128.0).isEqualTo(2 * at100);
        assertThat(Htcp.alpha(3000, 50, Htcp.BETA_MIN, true) / 128.0).isCloseTo(at100 / 2, within(0.5));
        assertThat(Htcp.alpha(3000, 5000, Htcp.BETA_MIN, true) / 128.0).isEqualTo(2 * at100); // clamp at 0.5 ratio
        assertThat(Htcp.alpha(3000, 5, Htcp.BETA_MIN, true) / 128.0).isCloseTo(at100 / 10, within(1.0));
    }

    /** Adaptive backoff: 0.5 at the first event, minRTT/maxRTT (in [0.5, 0.8]) from the second. */
    @Test
    void betaIsMinRttOverMaxRtt() {
        Htcp htcp = new Htcp(false, false);
        htcp.init(new CcInit(1000, 100_000, false, true, false, 0, 0));
        TestAck ack = new TestAck();
        htcp.onAck(ack.set(10 * MS, 1000, 50 * MS, 50 * MS, 100_000, 99_000, false, 1000, 0, true, CaState.OPEN, -1));
        for (long rtt = 50; rtt <= 80; rtt += 10) { // a queue building slowly: each step under +20 ms
            htcp.onAck(ack.set(20 * MS, 1000, rtt * MS, 50 * MS, 100_000, 99_000, false, 2000, 0, true, CaState.OPEN, -1));
        }
        assertThat(htcp.maxRttJiffies()).isEqualTo(80);
        long cwnd = htcp.cwndBytes();
        long first = htcp.ssthreshOnCongestion(CongestionSignal.DUPTHRESH_LOSS, cwnd, 30 * MS);
        assertThat(first).isEqualTo(cwnd / 1000 / 2 * 1000); // β = 0.5 at the first event
        htcp.onAck(ack.set(40 * MS, 1000, 50 * MS, 50 * MS, 50_000, 49_000, false, 3000, 0, true, CaState.OPEN, -1));
        htcp.ssthreshOnCongestion(CongestionSignal.DUPTHRESH_LOSS, 100_000, 50 * MS);
        // maxRTT faded to 50 + 0.95·30 = 78.5 → 78 ms after the first event: β = 50·128/78 = 82
        assertThat(htcp.beta).isEqualTo((int) (50 * 128 / 78));
    }

    /** Undo gives back Δ's origin (last_cong) and maxRTT, so α does not restart from 1. */
    @Test
    void undoRestoresLastCongestionAndMaxRtt() {
        SyntheticPath path = new SyntheticPath(new Htcp(true, true), 100 * MS, Double.POSITIVE_INFINITY, 100);
        Htcp htcp = (Htcp) path.cc;
        path.loss(CongestionSignal.DUPTHRESH_LOSS); // leave slow start
        path.rounds(30);
        long lastCong = htcp.lastCongJiffies();
        long maxRtt = htcp.maxRttJiffies();
        path.cc.ssthreshOnCongestion(CongestionSignal.DUPTHRESH_LOSS, path.cc.cwndBytes(), path.now);
        path.setState(CaState.RECOVERY);
        assertThat(htcp.lastCongJiffies()).isNotEqualTo(lastCong);
        path.cc.undo(UndoCause.SPURIOUS_RETRANSMIT, 0, path.now);
        path.setState(CaState.OPEN);
        assertThat(htcp.lastCongJiffies()).isEqualTo(lastCong);
        assertThat(htcp.maxRttJiffies()).isEqualTo(maxRtt);
    }

    /** Per RTT the window grows by α: 10 s after the last event at RTT 100 ms, α ≈ 111 per RTT. */
    @Test
    void growthPerRttIsAlpha() {
        SyntheticPath path = new SyntheticPath(new Htcp(true, false), 100 * MS, Double.POSITIVE_INFINITY, 100);
        path.loss(CongestionSignal.DUPTHRESH_LOSS);
        path.runUntil(path.now + 10_000 * MS);
        double before = path.cwndSegments();
        long alpha = ((Htcp) path.cc).alpha;
        path.round();
        // α ×128 / 128 segments per RTT, within 2 segments (α is recomputed at each +1)
        assertThat(path.cwndSegments() - before).isCloseTo(alpha / 128.0, within(2.0 + alpha / 128.0 * 0.05));
    }
}
