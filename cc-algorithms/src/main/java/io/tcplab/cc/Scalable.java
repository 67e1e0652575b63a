package io.tcplab.cc;

import io.tcplab.stack.cc.AckSample;
import io.tcplab.stack.cc.CcParameters;
import io.tcplab.stack.cc.CongestionControl;
import io.tcplab.stack.cc.CongestionControlProvider;
import io.tcplab.stack.cc.CongestionSignal;
import io.tcplab.stack.cc.GrowthCounting;
import io.tcplab.stack.cc.UndoCause;
import io.tcplab.stack.cc.WindowedCongestionControl;

/**
 * Scalable TCP (Kelly, CCR 2003) as Linux tcp_scalable.c: cwnd += a per acknowledged segment
 * with a = 0.01 (TCP_SCALABLE_AI_CNT = 100 segments per +1) and cwnd −= b·cwnd on loss with
 * b = 0.125 (TCP_SCALABLE_MD_SCALE = 3). Below the legacy window 1/a = 100 segments the increase
 * is Reno's one segment per window (Linux tcp_cong_avoid_ai(min(cwnd, 100))). The legacy count,
 * {@code scalable:a=0.02,count=acks}: Linux 2.6.24's tcp_scalable.c counted ACKs, not segments,
 * with TCP_SCALABLE_AI_CNT = 50 "to account for delayed ack" ({@link GrowthCounting}).
 */
public final class Scalable extends WindowedCongestionControl {
    private final long aiCount;
    private final double b;

    Scalable(double a, double b) {
        this(a, b, GrowthCounting.BYTES);
    }

    Scalable(double a, double b, GrowthCounting counting) {
        super(counting);
        this.aiCount = Math.round(1 / a);
        this.b = b;
    }

    @Override
    public String name() {
        return "scalable";
    }

    @Override
    protected void congestionAvoidance(AckSample sample, long ackedBytes) {
        additiveIncrease(ackedBytes, Math.min(cwnd / mss, aiCount));
    }

    @Override
    protected long reducedSsthresh(CongestionSignal signal, long inflightBytes, long nowNanos) {
        long w = cwnd / mss;
        return (w - (long) (w * b)) * mss;
    }

    /** Nothing private: MIMD keeps no state beyond the window the base class restored. */
    @Override
    protected void undoPrivateState(UndoCause cause, long nowNanos) {
    }

    /** Registers {@code scalable}. */
    public static final class Provider implements CongestionControlProvider {
        @Override
        public String name() {
            return "scalable";
        }

        @Override
        public CongestionControl create(CcParameters p) {
            return new Scalable(p.getDouble("a", 0.01, 0.001, 0.5), p.getDouble("b", 0.125, 0.01, 0.5),
                    GrowthCounting.read(p));
        }

        @Override
        public String source() {
            return "Kelly, CCR 33(2) 2003; Linux tcp_scalable.c (TCP_SCALABLE_AI_CNT 100, TCP_SCALABLE_MD_SCALE 3)";
        }
    }
}
