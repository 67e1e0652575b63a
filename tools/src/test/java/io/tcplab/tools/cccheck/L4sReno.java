package io.tcplab.tools.cccheck;

import io.tcplab.stack.cc.AckSample;
import io.tcplab.stack.cc.CaEvent;
import io.tcplab.stack.cc.CaState;
import io.tcplab.stack.cc.CcInit;
import io.tcplab.stack.cc.CongestionControl;
import io.tcplab.stack.cc.CongestionControls;
import io.tcplab.stack.cc.CongestionSignal;
import io.tcplab.stack.cc.SentSample;
import io.tcplab.stack.cc.UndoCause;
import io.tcplab.stack.conn.ConnectionOptions;

/**
 * Reno that sends ECT(1): an L4S-identified flow that is not scalable (RFC 9331 §4.3 forbids
 * one), for showing that the Prague rows under DualPI2 tell the difference.
 */
final class L4sReno implements CongestionControl {
    private final CongestionControl reno = CongestionControls.create("reno");

    static ConnectionOptions.Builder options() {
        return ConnectionOptions.builder().congestionControl(L4sReno::new);
    }

    @Override public String name() { return "l4s-reno"; }
    @Override public boolean wantsEct1() { return true; }
    @Override public void init(CcInit init) { reno.init(init); }
    @Override public long cwndBytes() { return reno.cwndBytes(); }
    @Override public long ssthreshBytes() { return reno.ssthreshBytes(); }
    @Override public void onPacketSent(SentSample sample) { reno.onPacketSent(sample); }
    @Override public void onAck(AckSample sample) { reno.onAck(sample); }
    @Override public void onRoundStart(long round, long now) { reno.onRoundStart(round, now); }
    @Override public long ssthreshOnCongestion(CongestionSignal signal, long inflight, long now) {
        return reno.ssthreshOnCongestion(signal, inflight, now);
    }
    @Override public void onMssChange(int mss, long now) { reno.onMssChange(mss, now); }
    @Override public void onStateChange(CaState from, CaState to, long now) { reno.onStateChange(from, to, now); }
    @Override public void onEvent(CaEvent event, long now) { reno.onEvent(event, now); }
    @Override public long undo(UndoCause cause, long inflight, long now) { return reno.undo(cause, inflight, now); }
}
