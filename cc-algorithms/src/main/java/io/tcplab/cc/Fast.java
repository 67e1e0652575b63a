package io.tcplab.cc;

import io.tcplab.stack.cc.AckSample;
import io.tcplab.stack.cc.CaState;
import io.tcplab.stack.cc.CcParameters;
import io.tcplab.stack.cc.CongestionControl;
import io.tcplab.stack.cc.CongestionControlProvider;

/**
 * FAST TCP (Wei, Jin, Low, Hegde, IEEE/ACM ToN 14(6), 2006): once per RTT,
 * w ← min{2w, (1−γ)w + γ(baseRTT/RTT·w + α)}, whose fixed point w(1 − baseRTT/RTT) = α keeps α
 * of this flow's packets in the bottleneck queue. baseRTT is the smallest RTT seen; RTT is the
 * mean of the last round's samples (the paper's average RTT, taken per update period). Defaults:
 * γ = 0.5 (as ns-3's TcpFast); α = 20 packets, smaller than the paper's ~200 because tcplab's
 * emulated paths are small (set it per path). The 2w cap doubles the window per RTT while the
 * queue is empty, which stands in for slow start. Loss: Reno's halving, as FAST implementations
 * fall back to (the paper leaves loss to the underlying TCP); the periodic update resumes once
 * recovery ends.
 */
public final class Fast extends DelayBased {
    private final double alpha;
    private final double gamma;

    private long roundRttSum;
    private int roundSamples;

    Fast(double alpha, double gamma) {
        this.alpha = alpha;
        this.gamma = gamma;
    }

    @Override
    public String name() {
        return "fast";
    }

    /** The periodic update replaces slow start and congestion avoidance alike. */
    @Override
    public void onAck(AckSample s) {
        if (s.rttNanos() > 0) {
            baseRtt = Math.min(baseRtt, s.rttNanos());
            roundRttSum += s.rttNanos();
            roundSamples++;
        }
        if (!roundPending) {
            return;
        }
        roundPending = false;
        if (s.caState() != CaState.OPEN && s.caState() != CaState.DISORDER || roundSamples == 0) {
            roundRttSum = 0;
            roundSamples = 0;
            return;
        }
        double rtt = (double) roundRttSum / roundSamples;
        roundRttSum = 0;
        roundSamples = 0;
        double w = (double) cwnd / mss;
        double next = Math.min(2 * w, (1 - gamma) * w + gamma * (baseRtt / rtt * w + alpha));
        if (!s.cwndLimited() && next > w) {
            return; // RFC 7661's rule: do not grow a window the sender is not using
        }
        cwnd = Math.max(2L * mss, (long) (next * mss));
    }

    @Override
    protected void congestionAvoidance(AckSample sample, long ackedBytes) {
        // not reached: onAck is overridden
    }

    /** Registers {@code fast}. */
    public static final class Provider implements CongestionControlProvider {
        @Override
        public String name() {
            return "fast";
        }

        @Override
        public CongestionControl create(CcParameters p) {
            return new Fast(p.getDouble("alpha", 20, 1, 10_000), p.getDouble("gamma", 0.5, 0.01, 1));
        }

        @Override
        public String source() {
            return "Wei, Jin, Low, Hegde, IEEE/ACM ToN 14(6) 2006 (window update, equilibrium alpha packets queued)";
        }
    }
}
