package io.tcplab.tools.cccheck;

import io.tcplab.stack.cc.AckSample;
import io.tcplab.stack.cc.CongestionSignal;
import io.tcplab.stack.cc.UndoCause;
import io.tcplab.stack.cc.WindowedCongestionControl;
import io.tcplab.stack.conn.ConnectionOptions;

/**
 * Reno (RFC 5681: a segment per round, halving) that sends ECT(1): an L4S-identified flow that is
 * not scalable (RFC 9331 §4.3 forbids one), for showing that the Prague rows under DualPI2 tell
 * the difference.
 */
final class L4sReno extends WindowedCongestionControl {
    static ConnectionOptions.Builder options() {
        return ConnectionOptions.builder().congestionControl(L4sReno::new);
    }

    @Override
    public String name() {
        return "l4s-reno";
    }

    @Override
    public boolean wantsEct1() {
        return true;
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
}
