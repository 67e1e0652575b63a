package io.tcplab.tools.replay;

import io.tcplab.stack.cc.AckSample;
import io.tcplab.stack.cc.CcParameters;
import io.tcplab.stack.cc.CongestionControl;
import io.tcplab.stack.cc.CongestionControlProvider;
import io.tcplab.stack.cc.CongestionSignal;
import io.tcplab.stack.cc.UndoCause;
import io.tcplab.stack.cc.WindowedCongestionControl;

/**
 * The stack's Reno with one of its constants where a test can change it between a recording and
 * its replay, as a changed build of tcplab would change it: RFC 3465 §2.2's limit L on what one
 * ACK may add to cwnd in slow start, 2 SMSS in the stack's Reno ({@link #limitSegments}). Not a
 * connection option or an algorithm parameter — the recording cannot say it — so a replay with
 * another value is a replay on another build, not a what-if. Registered on the test class path as
 * {@code changeable-reno}.
 */
final class ChangeableReno extends WindowedCongestionControl {
    /** L in segments; the test that changes it puts it back. */
    static volatile int limitSegments = 2;

    @Override
    public String name() {
        return "changeable-reno";
    }

    /** RFC 5681 eq. 2 with RFC 3465's limit L = {@link #limitSegments} SMSS per ACK, never past ssthresh. */
    @Override
    protected void slowStartAck(AckSample sample, long ackedBytes) {
        cwnd = Math.min(cwnd + Math.min(ackedBytes, (long) limitSegments * mss), ssthresh);
    }

    @Override
    protected void congestionAvoidance(AckSample sample, long acked) {
        additiveIncrease(acked, cwnd / mss);
    }

    @Override
    protected long reducedSsthresh(CongestionSignal signal, long inflightBytes, long nowNanos) {
        return inflightBytes / 2;
    }

    @Override
    protected void undoPrivateState(UndoCause cause, long nowNanos) {
    }

    /** Registers {@code changeable-reno}. */
    public static final class Provider implements CongestionControlProvider {
        @Override
        public String name() {
            return "changeable-reno";
        }

        @Override
        public CongestionControl create(CcParameters parameters) {
            return new ChangeableReno();
        }
    }
}
