package io.tcplab.cc;

import io.tcplab.stack.cc.AckSample;
import io.tcplab.stack.cc.CaState;
import io.tcplab.stack.cc.CcParameters;
import io.tcplab.stack.cc.CongestionControl;
import io.tcplab.stack.cc.CongestionControlProvider;

/**
 * TCP Vegas (Brakmo and Peterson, JSAC 1995) as Linux tcp_vegas.c: once per RTT, with the
 * smallest RTT of the last round as rtt and the connection's smallest as baseRTT,
 * diff = cwnd·(rtt − baseRTT)/baseRTT estimates this flow's segments in queues; in congestion
 * avoidance cwnd grows by one when diff < α = 2, shrinks by one when diff > β = 4, and holds in
 * between; slow start ends when diff > γ = 1. A round with at most 2 RTT samples, and every state
 * but Open, behave as Reno. Loss is Reno's halving.
 */
public final class Vegas extends DelayBased {
    private final double alpha;
    private final double beta;
    private final double gamma;

    private long roundMinRtt = Long.MAX_VALUE;
    private int roundSamples;
    /** The last round had enough samples: Vegas, not Reno, steers congestion avoidance. */
    private boolean active;

    Vegas(double alpha, double beta, double gamma) {
        this.alpha = alpha;
        this.beta = beta;
        this.gamma = gamma;
    }

    @Override
    public String name() {
        return "vegas";
    }

    @Override
    protected void observe(AckSample s) {
        if (s.rttNanos() > 0) {
            long vrtt = s.rttNanos() + 1000; // Linux: rtt_us + 1, so it is never zero
            baseRtt = Math.min(baseRtt, vrtt);
            roundMinRtt = Math.min(roundMinRtt, vrtt);
            roundSamples++;
        }
        if (s.caState() != CaState.OPEN) {
            active = false; // Linux vegas_disable outside Open; vegas_enable restarts the round
            roundPending = false;
            resetRound();
            return;
        }
        if (roundPending) {
            roundPending = false;
            endOfRound();
        }
    }

    private void resetRound() {
        roundMinRtt = Long.MAX_VALUE;
        roundSamples = 0;
    }

    private void endOfRound() {
        active = roundSamples > 2;
        if (active) {
            double w = (double) cwnd / mss;
            double diff = w * (roundMinRtt - baseRtt) / baseRtt;
            if (cwnd < ssthresh) {
                if (diff > gamma) { // leave slow start towards the rate the path gives
                    long target = (long) (w * baseRtt / roundMinRtt) + 1;
                    cwnd = Math.min(cwnd, target * mss);
                    ssthresh = Math.max(2L * mss, Math.min(ssthresh, cwnd - mss));
                }
            } else if (diff > beta) {
                cwnd -= mss;
                ssthresh = Math.max(2L * mss, Math.min(ssthresh, cwnd - mss));
            } else if (diff < alpha) {
                cwnd += mss;
            }
            cwnd = Math.max(cwnd, 2L * mss);
        }
        resetRound();
    }

    /** Between round ends Vegas holds the window; without enough samples it is Reno. */
    @Override
    protected void congestionAvoidance(AckSample sample, long ackedBytes) {
        if (!active) {
            additiveIncrease(ackedBytes, cwnd / mss);
        }
    }

    /** Registers {@code vegas}. */
    public static final class Provider implements CongestionControlProvider {
        @Override
        public String name() {
            return "vegas";
        }

        @Override
        public CongestionControl create(CcParameters p) {
            double alpha = p.getDouble("alpha", 2, 0, 1000);
            double beta = p.getDouble("beta", 4, 0, 1000);
            double gamma = p.getDouble("gamma", 1, 0, 1000);
            if (beta < alpha) {
                throw new IllegalArgumentException("cc parameter beta of vegas must be at least alpha ("
                        + alpha + "), got " + beta);
            }
            return new Vegas(alpha, beta, gamma);
        }

        @Override
        public String source() {
            return "Brakmo, Peterson, JSAC 13(8) 1995; Linux tcp_vegas.c (alpha 2, beta 4, gamma 1)";
        }
    }
}
