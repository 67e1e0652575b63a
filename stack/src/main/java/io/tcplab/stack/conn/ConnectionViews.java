package io.tcplab.stack.conn;

import io.tcplab.stack.cc.CongestionControl;
import io.tcplab.stack.rtt.RttEstimator;
import io.tcplab.stack.trace.TraceEvent;
import io.tcplab.stack.trace.TraceListener;
import io.tcplab.stack.trace.TraceRecord;

/**
 * What a connection shows outside: a trace row per event (to the listener, if any, in one reused
 * record) and the {@link ConnectionInfo} snapshot, both read from the parts that own the values.
 */
final class ConnectionViews {
    private final Sender sender;
    private final SendSequence snd;
    private final Timestamps timestamps;
    private final Handshake handshake;
    private final TraceRecord record = new TraceRecord();
    private TraceListener listener;

    private final AccEcnSender accSender;
    private final AccEcnReceiver accReceiver;

    ConnectionViews(Sender sender, Timestamps timestamps, Handshake handshake, AccEcnSender accSender,
                    AccEcnReceiver accReceiver) {
        this.accSender = accSender;
        this.accReceiver = accReceiver;
        this.sender = sender;
        this.snd = sender.sequence();
        this.timestamps = timestamps;
        this.handshake = handshake;
    }

    void setListener(TraceListener listener) {
        this.listener = listener;
    }

    /** One trace row; sequence numbers relative to the ISS, the window only once synchronized. */
    void trace(long now, TcpState state, TraceEvent event, String detail, long seq, int length) {
        TraceListener to = listener;
        if (to == null) {
            return;
        }
        TraceRecord r = record;
        r.nowNanos = now;
        r.event = event;
        r.detail = detail;
        r.cwnd = state.synchronized_() ? sender.cc().cwndBytes() : 0;
        r.ssthresh = state.synchronized_() ? sender.cc().ssthreshBytes() : 0;
        r.srttNanos = sender.rtt().srtt();
        r.rtoNanos = sender.rtt().rto();
        r.inflight = state.synchronized_() ? sender.inflight() : 0;
        r.sndUna = snd.una() - snd.iss();
        r.sndNxt = snd.nxt() - snd.iss();
        r.seq = seq - snd.iss();
        r.length = length;
        to.onTrace(r);
    }

    /** {@code receiver} is null before the peer's SYN. */
    ConnectionInfo info(TcpState state, Receiver receiver) {
        boolean up = state.synchronized_() || state == TcpState.CLOSED && receiver != null;
        Recovery recovery = sender.recovery();
        CongestionControl cc = sender.cc();
        RttEstimator rtt = sender.rtt();
        return new ConnectionInfo(state, recovery.caState(), cc.name(),
                snd.una() - snd.iss() - 1 - (snd.finAcked() ? 1 : 0),
                receiver == null ? 0 : receiver.bytesReceived(),
                sender.segmentsSent(), sender.segmentsRetransmitted(), sender.bytesRetransmitted(),
                recovery.rtoCount(), recovery.fastRecoveries(), recovery.spuriousUndos(), recovery.tlpProbes(),
                recovery.doubleDrops(), up ? cc.cwndBytes() : 0, up ? cc.ssthreshBytes() : 0,
                rtt.srtt(), rtt.minRtt(), rtt.rto(), sender.smss(), sender.sack(), timestamps.agreed(),
                snd.windowShift(), receiver == null ? 0 : receiver.windowShift(), sender.ecn(),
                handshake.exactCeEcho(), handshake.exactCeEchoAgreed(), handshake.ecnMode(),
                AccEcnCounts.of(accSender, accReceiver), rtt.rttvar(), sender.scoreboard().count(),
                sender.scoreboard().sackedSegments(), sender.scoreboard().lostSegments(),
                sender.scoreboard().retransmissionsInFlight(), receiver == null ? -1 : receiver.lastDataNanos(),
                handshake.windowScaleAgreed(), handshake.fastOpenChild(), handshake.synDataAcked());
    }
}
