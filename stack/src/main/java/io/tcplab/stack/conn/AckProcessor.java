package io.tcplab.stack.conn;

import io.tcplab.stack.cc.CaState;
import io.tcplab.stack.cc.CongestionControl;
import io.tcplab.stack.loss.AckResult;
import io.tcplab.stack.loss.Scoreboard;
import io.tcplab.stack.rtt.RttEstimator;
import io.tcplab.stack.spurious.AckEvidence;
import io.tcplab.stack.trace.TraceEvent;
import io.tcplab.stack.wire.TcpHeader;

/**
 * RFC 9293 §3.10.7.4 "fifth" for an acceptable ACK: what one ACK tells the sending side, in
 * order — the scoreboard (cumulative ACK, then SACK blocks, RFC 2018/RFC 6675), SND.UNA and the
 * send window, the delivery rate, an RTT sample (RFC 6298, RFC 7323 §4), duplicate ACKs, loss
 * detection and recovery ({@link Recovery}), round trips, and the {@link AckSample} the
 * congestion controller hears; then the retransmission timer (RFC 6298 (5.2)/(5.3)).
 */
final class AckProcessor {
    private final Connection c;
    private final Sender sender;
    private final Recovery recovery;
    private final SendSequence seq;
    private final Scoreboard scoreboard;
    private final CongestionControl cc;
    private final RttEstimator rtt;
    private final DeliveryRate rate;
    private final TimerTable timers;
    private final AccEcnSender accEcn;
    private final long timestampTickNanos;
    /** Without SACK, a cumulative ACK credits only what the duplicate ACKs before it did not (Linux). */
    private final boolean dupAckCredit;

    /** Bytes delivered by ACKs that carried ECE (what DCTCP-like algorithms count). */
    private long eceDelivered;
    /** Round trips counted as in Linux's rate sampling: a round ends when its last byte is acknowledged. */
    private long round;
    private long roundEnd;

    private final SackBlocks sackBlocks = new SackBlocks();
    private final AckResult result = new AckResult();
    private final MutableAckSample sample = new MutableAckSample();

    AckProcessor(Connection c, ConnectionOptions options, Sender sender, TimerTable timers) {
        this.c = c;
        this.sender = sender;
        this.recovery = sender.recovery();
        this.seq = sender.sequence();
        this.scoreboard = sender.scoreboard();
        this.cc = sender.cc();
        this.rtt = sender.rtt();
        this.rate = sender.deliveryRate();
        this.timers = timers;
        this.accEcn = c.accSender;
        this.timestampTickNanos = options.timestampTickNanos;
        this.dupAckCredit = options.dupAckCredit;
    }

    /** The handshake completed: the first round ends with what is outstanding now. */
    void onEstablished() {
        roundEnd = seq.una();
    }

    /**
     * An acceptable ACK of {@code ack} (SND.UNA − MAX.SND.WND ≤ SEG.ACK ≤ SND.NXT, checked by the
     * caller) on {@code segment}. No send here: the connection sends once the whole segment (its
     * text too) is processed, so a data segment carries the ACK of what just arrived.
     * {@code handshakeEncoded}: its ACE field was read as the handshake's (RFC 9768 §3.2.2.1).
     */
    void onAck(long now, long ack, ArrivingSegment segment, boolean handshakeEncoded) {
        if (tellsNothingNew(ack, segment)) {
            seq.updateWindow(ack, segment.seq(), segment.windowField());
            return;
        }
        long priorUna = seq.una();
        long priorInflight = sender.inflight();
        long priorWnd = seq.window();
        int priorDupSegments = recovery.renoDupSegments();
        boolean sack = sender.sack();
        if (sack) {
            segment.sackBlocks(sackBlocks, priorUna);
        }
        result.clear();
        result.clock(now, rtt.minRtt());

        boolean advanced = ack > priorUna;
        if (advanced) {
            scoreboard.onCumulativeAck(ack, result);
            sender.buffer().ackTo(Math.min(ack, sender.dataEnd()));
            seq.acknowledge(ack);
            recovery.onProgress();
        }
        if (sack && sackBlocks.count() > 0) {
            scoreboard.onSackBlocks(sackBlocks.lefts(), sackBlocks.rights(), sackBlocks.count(), result);
        }
        seq.updateWindow(ack, segment.seq(), segment.windowField());

        long newlyDelivered = result.newlyAckedBytes + result.newlySackedBytes;
        rate.onAck(now, result, newlyDelivered, rtt.minRtt());
        boolean ece = congestionEchoed(now, segment, newlyDelivered, handshakeEncoded);
        if (ece) {
            eceDelivered += accEcn.on() ? accEcn.newlyCeBytes() : newlyDelivered;
        }
        long rttSample = rttSample(now, advanced, segment.tsEcho());
        if (rttSample > 0) {
            rtt.sample(rttSample);
        }

        boolean dupAck = sack
                ? result.newlySackedBytes > 0 && ack == priorUna
                : ack == priorUna && segment.payloadLength() == 0 && !segment.has(TcpHeader.SYN | TcpHeader.FIN)
                        && seq.window() == priorWnd && !seq.allAcked();
        recovery.countDupAck(advanced, dupAck);
        recovery.detect(now, result);
        recovery.afterDetection(now, ack, priorUna, dupAck, segment.tsEcho(), result, newlyDelivered);
        if (ece && (sender.ecn() || accEcn.on())) {
            recovery.onEcnEcho(now);
        }

        if (newlyDelivered > 0 && seq.una() >= roundEnd) {
            roundEnd = seq.nxt();
            cc.onRoundStart(++round, now);
        }
        if (newlyDelivered > 0 || ece) {
            tellAlgorithm(now, priorInflight, priorDupSegments, rttSample, ece);
            c.trace(now, TraceEvent.ACK, null, ack, (int) newlyDelivered);
        }

        if (advanced) {
            // RFC 6298 (5.2)/(5.3): stop when all is acknowledged, else restart
            if (seq.allAcked()) {
                timers.cancel(TimerKind.RTO);
            } else {
                timers.arm(TimerKind.RTO, now + rtt.rto());
            }
            c.onSendSpace(now);
        }
        if (sack) {
            timers.arm(TimerKind.LOSS_DETECTION, recovery.detectorDeadline());
        }
    }

    /**
     * An ACK of SND.UNA with nothing outstanding, no SACK block, no congestion echo and no
     * episode open — what a receiver of a one-way transfer gets on every data segment — changes
     * nothing but the send window: it delivers nothing, is no duplicate ACK (RFC 5681 §2 (b)),
     * gives no RTT sample and leaves every timer as it was. The loss and spurious-loss detectors
     * and the algorithm are not told of it (Linux's header prediction likewise calls tcp_ack for
     * an in-order data segment only when its ACK moves SND.UNA, tcp_rcv_established).
     */
    private boolean tellsNothingNew(long ack, ArrivingSegment segment) {
        return ack == seq.una() && seq.allAcked() && recovery.caState() == CaState.OPEN && !accEcn.on()
                && !segment.has(TcpHeader.ECE) && segment.sackBlockCount() == 0;
    }

    /**
     * Whether this ACK echoes congestion: RFC 3168's ECE flag, or under AccECN newly CE-marked
     * packets in its feedback (RFC 9768 §3.2.2.2, §3.2.3.1), which a classic response treats as
     * ECE (§3.1.5 keeps RFC 3168's response). An AccECN sender keeps responding after it stopped
     * sending ECT, but not once the feedback was found zeroed (§3.2.2.4).
     */
    private boolean congestionEchoed(long now, ArrivingSegment segment, long newlyDelivered, boolean handshakeEncoded) {
        if (!accEcn.on()) {
            return segment.has(TcpHeader.ECE);
        }
        if (handshakeEncoded) {
            return false; // its ACE is not the counter: the handshake read it
        }
        if (!accEcn.onAck(segment.flags(), segment.options(), newlyDelivered, sender.smss())) {
            c.trace(now, TraceEvent.ACCECN, "zeroed", seq.una(), 0);
        }
        if (accEcn.newlyCePackets() == 0) {
            return false;
        }
        c.trace(now, TraceEvent.ACCECN_CE, accEcn.newlyCeBytesFromOption() ? "option" : "ace", seq.una(),
                (int) Math.min(Integer.MAX_VALUE, accEcn.newlyCeBytes()));
        return true;
    }

    private void tellAlgorithm(long now, long priorInflight, int priorDupSegments, long rttSample, boolean ece) {
        boolean cwndLimited = sender.cwndLimited(priorInflight);
        sample.at(now)
                .acked(ccAckedBytes(priorDupSegments))
                .sacked(result.newlySackedBytes)
                .rtt(rttSample, rtt.minRtt(), rtt.srtt())
                .inflight(priorInflight, sender.inflight())
                .ece(ece)
                .accurateEcn(accEcn.on(), accEcn.newlyCeBytes())
                .delivered(rate.delivered(), rate.sampleRate(), result.newestDeliveredAtSend)
                .lost(recovery.lostBytes())
                .flightOfNewest(result.newestTxInFlight,
                        result.newestLostAtSend < 0 ? -1 : recovery.lostBytes() - result.newestLostAtSend)
                .eceDelivered(eceDelivered)
                .appLimited(rate.sampleAppLimited())
                .cwndLimited(cwndLimited)
                .state(recovery.caState(), seq.una());
        cc.onAck(sample);
    }

    /**
     * What the algorithm is told this ACK acknowledged: every byte it covers (RFC 5681 §3.1,
     * RFC 3465), or without SACK under {@link ConnectionOptions#dupAckCredit} only what the
     * {@code dupSegments} duplicate ACKs before it had not already stood for, at least one segment
     * (Linux tcp_remove_reno_sacks: delivered += max(acked - sacked_out, 1)).
     */
    private long ccAckedBytes(int dupSegments) {
        long acked = result.newlyAckedBytes;
        if (sender.sack() || !dupAckCredit || acked == 0) {
            return acked;
        }
        int smss = sender.smss();
        return Math.max(acked - (long) dupSegments * smss, Math.min(acked, smss));
    }

    /**
     * RTT samples (RFC 6298 §3 Karn, RFC 7323 §4): from the send time of the newest segment this
     * ACK delivered when it was never retransmitted; else from TSecr, but only when SND.UNA
     * advances — while a hole is open the receiver echoes the timestamp of the segment before
     * it (RFC 7323 §4.3), so a SACK-only ACK's TSecr measures the hole's age, not the path.
     */
    private long rttSample(long now, boolean advanced, long tsEcho) {
        if (result.newlyAckedBytes + result.newlySackedBytes == 0) {
            return -1;
        }
        if (result.newestTxCount == 1 && result.newestSendTime >= 0) {
            return Math.max(1, now - result.newestSendTime);
        }
        if (advanced && tsEcho != AckEvidence.NO_ECHO && tsEcho != 0) {
            int ticksAgo = c.timestamps.tsVal(now) - (int) tsEcho;
            return ticksAgo < 0 ? -1 : Math.max(1, (long) ticksAgo * timestampTickNanos);
        }
        return -1;
    }
}
