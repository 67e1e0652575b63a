package io.tcplab.cc;

import io.tcplab.stack.cc.AckSample;
import io.tcplab.stack.cc.CcParameters;
import io.tcplab.stack.cc.CongestionControl;
import io.tcplab.stack.cc.CongestionControlProvider;
import io.tcplab.stack.cc.CongestionSignal;
import io.tcplab.stack.cc.UndoCause;
import io.tcplab.stack.cc.WindowedCongestionControl;

/**
 * DCTCP, RFC 8257 §3.3–§3.5 (Linux tcp_dctcp.c): per window of data (the stack's round),
 * F = marked bytes / acknowledged bytes and α ← (1−g)α + gF with g = 1/16 (dctcp_shift_g = 4),
 * α starting at 1 (dctcp_alpha_on_init = 1024); on ECE, at most once per window (the sender's
 * CWR rule), cwnd ← cwnd·(1 − α/2). Loss is Reno's halving (§3.5); without ECN nothing is marked
 * and DCTCP is Reno. With Accurate ECN negotiated (RFC 9768) the marked bytes are the CE-marked
 * bytes its feedback reports ({@link AckSample#deliveredCeBytes()}: the AccECN option's ECEB, else
 * the ACE field's packets × SMSS); with classic ECN they are the bytes of ACKs that carried ECE,
 * which is only right if the receiver echoes CE exactly (RFC 8257 §3.2): {@link #needsExactCeEcho()}
 * makes the connection ask a tcplab peer for it in the SYN when AccECN is not agreed, and echo
 * exactly itself (as a Linux dctcp receiver does); docs/stack.md has the rule.
 */
public final class Dctcp extends WindowedCongestionControl {
    private final double g;
    private double alpha;
    private long bytesAcked;
    private long bytesMarked;

    Dctcp(double g, double initialAlpha) {
        this.g = g;
        this.alpha = initialAlpha;
    }

    @Override
    public String name() {
        return "dctcp";
    }

    @Override
    public boolean needsEcn() {
        return true;
    }

    @Override
    public boolean needsExactCeEcho() {
        return true;
    }

    /** The current estimate of the marked fraction, α (for checks and reports). */
    public double alpha() {
        return alpha;
    }

    @Override
    protected void observe(AckSample s) {
        long delivered = s.newlyDeliveredBytes();
        bytesAcked += delivered;
        if (s.accurateEcn()) {
            bytesMarked += s.deliveredCeBytes();
        } else if (s.ece()) {
            bytesMarked += delivered;
        }
    }

    /** RFC 8257 §3.3 step 4: SND.UNA passed WindowEnd, a window of data was acknowledged. */
    @Override
    public void onRoundStart(long round, long nowNanos) {
        if (bytesAcked > 0) {
            // AccECN's marks may be fed back a little after the bytes they mark were acknowledged
            double f = Math.min(1, (double) bytesMarked / bytesAcked);
            alpha = (1 - g) * alpha + g * f;
        }
        bytesAcked = 0;
        bytesMarked = 0;
    }

    @Override
    protected void congestionAvoidance(AckSample sample, long ackedBytes) {
        additiveIncrease(ackedBytes, cwnd / mss);
    }

    @Override
    protected long reducedSsthresh(CongestionSignal signal, long inflightBytes, long nowNanos) {
        if (signal == CongestionSignal.ECN) {
            return (long) (cwnd * (1 - alpha / 2)); // §3.3 step 9
        }
        return cwnd / 2; // §3.5: loss as conventional TCP (Linux dctcp_react_to_loss)
    }

    /** Nothing private: α is a measurement of marking, not a decision the spurious event made. */
    @Override
    protected void undoPrivateState(UndoCause cause, long nowNanos) {
    }

    /** Registers {@code dctcp}. */
    public static final class Provider implements CongestionControlProvider {
        @Override
        public String name() {
            return "dctcp";
        }

        @Override
        public CongestionControl create(CcParameters p) {
            return new Dctcp(p.getDouble("g", 1.0 / 16, 1.0 / 1024, 1), p.getDouble("alpha", 1, 0, 1));
        }

        @Override
        public String source() {
            return "RFC 8257 §3; Linux tcp_dctcp.c (dctcp_shift_g 4, dctcp_alpha_on_init 1024)";
        }
    }
}
