package io.tcplab.stack.conn;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.tcplab.stack.buffer.SendBuffer;
import io.tcplab.stack.cc.CaEvent;
import io.tcplab.stack.cc.CaState;
import io.tcplab.stack.cc.CcInit;
import io.tcplab.stack.cc.CongestionControl;
import io.tcplab.stack.cc.CongestionSignal;
import io.tcplab.stack.cc.UndoCause;
import io.tcplab.stack.loss.AckResult;
import io.tcplab.stack.loss.Scoreboard;
import io.tcplab.stack.rtt.RttEstimator;
import io.tcplab.stack.trace.TraceEvent;

/**
 * The sending half of a connection: what to send and when (window, Nagle, sender silly window
 * avoidance), ACK processing, loss recovery (RFC 6675 with SACK, RFC 6582 NewReno without, with
 * limited transmit, RFC 3042, falling out of the pipe accounting), the retransmission timer
 * (RFC 6298) and zero-window probing (RFC 9293 §3.8.6.1). The congestion window comes from the
 * {@link CongestionControl}; this class only tells it what happened.
 */
final class Sender {
    private static final int DUP_THRESH = 3;

    private final Connection c;
    final SendBuffer buffer;
    /** The send buffer's ring as a ByteBuf, so segments are written from it without a copy. */
    final ByteBuf ring;
    final Scoreboard scoreboard = new Scoreboard();
    final RttEstimator rtt;
    final CongestionControl cc;
    final long iss;

    long sndUna;
    long sndNxt;
    /** SND.WND in bytes, already scaled. */
    long sndWnd;
    long sndWl1;
    long sndWl2;
    long maxSndWnd;
    int windowShift;
    /** Payload bytes per full segment (the peer's MSS less our options). */
    int smss;
    boolean sack;

    CaState caState = CaState.OPEN;
    /** RFC 6675 RecoveryPoint / RFC 6582 recover. */
    private long recoveryPoint;
    private long ecnRecoveryPoint;
    private int dupAcks;
    /** Without SACK, each duplicate ACK stands for one segment that left the network (Linux "reno sack"). */
    private int renoDupSegments;
    private long rescueRxt = -1;
    boolean cwrPending;
    boolean ecn;

    boolean closeRequested;
    long finSeq = -1;
    private int retries;
    private int persistBackoff;
    private boolean cwndBlocked;
    private long lastSendNanos;
    /** Round trips counted as in Linux's rate sampling: a round ends when its last byte is acknowledged. */
    private long round;
    private long roundEnd;

    long delivered;
    long lost;
    long eceDelivered;
    long segmentsSent;
    long segmentsRetransmitted;
    long bytesRetransmitted;
    long rtoCount;
    long fastRecoveries;
    long spuriousUndos;
    private final SpuriousDetector spurious = new SpuriousDetector();
    /** RFC 6937 when the connection asks for it, else RFC 6675's "send while pipe < cwnd". */
    private final Prr prr;
    /** The window PRR allows until the next ACK, or -1 outside PRR recovery. */
    private long prrWindow = -1;

    private final AckResult ackResult = new AckResult();
    private final MutableAckSample ackSample = new MutableAckSample();
    private final MutableSentSample sentSample = new MutableSentSample();

    Sender(Connection c, ConnectionOptions options, long iss, CongestionControl cc) {
        this.c = c;
        this.iss = iss;
        this.cc = cc;
        this.buffer = new SendBuffer(options.sendBufferBytes, iss + 1);
        this.ring = Unpooled.wrappedBuffer(buffer.array());
        this.prr = options.prr ? new Prr() : null;
        this.rtt = new RttEstimator(options.initialRtoNanos, options.minRtoNanos, options.maxRtoNanos,
                options.timestampTickNanos);
        this.sndUna = iss;
        this.sndNxt = iss;
        this.recoveryPoint = iss;
        this.ecnRecoveryPoint = iss;
    }

    /** The handshake completed: the window and the algorithm start from here. */
    void onEstablished(long now, int initialWindowSegments) {
        scoreboard.reset();
        cc.init(new CcInit(smss, (long) initialWindowSegments * smss, ecn, sack, now));
        lastSendNanos = now;
        roundEnd = sndUna;
    }

    /** Bytes in flight: RFC 6675 pipe, less one segment per duplicate ACK without SACK. */
    long inflight() {
        long pipe = scoreboard.pipe();
        return sack ? pipe : Math.max(0, pipe - (long) renoDupSegments * smss);
    }

    private long dataEnd() {
        return buffer.endSeq();
    }

    boolean allDataAcked() {
        return sndUna == sndNxt;
    }

    boolean finAcked() {
        return finSeq >= 0 && sndUna > finSeq;
    }

    // ---------------------------------------------------------------- output

    /** Sends whatever the windows allow now: retransmissions first, then new data and FIN. */
    void trySend(long now) {
        if (!c.state().synchronized_()) {
            return;
        }
        cwndBlocked = false;
        for (int guard = 0; guard < 100_000; guard++) {
            long cwnd = prrWindow >= 0 ? prrWindow : cc.cwndBytes();
            long pipe = inflight();
            long lostSeq = scoreboard.nextLostToRetransmit();
            if (lostSeq >= 0) {
                int len = scoreboard.segmentLength(lostSeq);
                if (pipe + len > cwnd) {
                    cwndBlocked = true;
                    break;
                }
                retransmit(now, lostSeq);
                continue;
            }
            if (sendNewSegment(now, cwnd, pipe)) {
                continue;
            }
            if (caState == CaState.RECOVERY && sack && sendRecoveryExtra(now, cwnd, pipe)) {
                continue;
            }
            break;
        }
        armPersistIfStalled(now);
    }

    /** RFC 6675 NextSeg rules 3 and 4, when neither a lost segment nor new data can go. */
    private boolean sendRecoveryExtra(long now, long cwnd, long pipe) {
        if (cwnd - pipe < smss) {
            return false;
        }
        long seq = scoreboard.nextUnsackedBelowHighestSacked();
        if (seq >= 0) {
            retransmit(now, seq);
            return true;
        }
        if (sndUna > rescueRxt && sndNxt > sndUna) { // rule 4: one rescue retransmission per recovery
            long highest = scoreboard.highestUnsackedSegment();
            if (highest >= 0 && scoreboard.txCountOf(highest) == 1) { // resending a retransmission rescues nothing
                rescueRxt = recoveryPoint;
                retransmit(now, highest);
                return true;
            }
        }
        return false;
    }

    private boolean sendNewSegment(long now, long cwnd, long pipe) {
        long end = dataEnd();
        long unsent = Math.max(0, end - sndNxt);
        boolean finReady = closeRequested && finSeq < 0 && sndNxt == end;
        if (unsent == 0) {
            if (finReady) {
                transmitNew(now, 0, true);
                return true;
            }
            return false;
        }
        long rwndRoom = sndUna + sndWnd - sndNxt;
        int len = (int) Math.min(smss, unsent);
        if (pipe + len > cwnd && pipe > 0) {
            cwndBlocked = true;
            return false;
        }
        if (rwndRoom < len) {
            // Sender SWS avoidance (RFC 9293 §3.8.6.2.1): a partial segment only if it is at least
            // half the largest window the peer has offered.
            if (rwndRoom <= 0 || rwndRoom < maxSndWnd / 2) {
                return false;
            }
            len = (int) rwndRoom;
        }
        boolean last = len == unsent;
        if (len < smss && c.options().nagle && sndNxt > sndUna && !(last && closeRequested)) {
            return false; // Nagle (RFC 9293 §3.7.4): one small segment outstanding at most
        }
        transmitNew(now, len, last && closeRequested);
        return true;
    }

    private void transmitNew(long now, int len, boolean fin) {
        if (sndNxt == sndUna && now - lastSendNanos > rtt.rto()) {
            cc.onEvent(CaEvent.CWND_RESTART, now); // RFC 5681 §4.1 restart window after idle
        }
        if (sndNxt == sndUna) {
            cc.onEvent(CaEvent.TX_START_AFTER_IDLE, now);
        }
        long seq = sndNxt;
        int seqLen = len + (fin ? 1 : 0);
        if (fin) {
            finSeq = seq + len;
        }
        scoreboard.onSend(seq, seqLen, now, delivered);
        sndNxt = seq + seqLen;
        boolean cwr = cwrPending && len > 0;
        if (cwr) {
            cwrPending = false;
        }
        c.emitData(now, seq, len, fin, cwr, ecn && len > 0);
        segmentsSent++;
        afterSend(now, len, false, sndNxt >= dataEnd());
        c.trace(now, TraceEvent.SEND, null, seq, len);
    }

    /** What every data segment sent is followed by: the algorithm hears of it, PRR counts it, the RTO runs. */
    private void afterSend(long now, int len, boolean retransmit, boolean appLimited) {
        lastSendNanos = now;
        sentSample.fill(now, len, inflight(), retransmit, appLimited, delivered);
        cc.onPacketSent(sentSample);
        if (prr != null && caState == CaState.RECOVERY) {
            prr.onSent(len);
        }
        if (!c.timers.armed(TimerKind.RTO)) {
            c.timers.arm(TimerKind.RTO, now + rtt.rto()); // RFC 6298 (5.1)
        }
    }

    private void retransmit(long now, long seq) {
        int seqLen = scoreboard.segmentLength(seq);
        boolean fin = finSeq >= 0 && seq + seqLen > finSeq;
        int len = seqLen - (fin ? 1 : 0);
        scoreboard.onRetransmit(seq, now);
        spurious.onRetransmit(seq, seqLen, c.timestampsOn(), c.tsTicks(now));
        // RFC 3168 §6.1.5: retransmissions are never ECN-capable. A segment sent before Path MTU
        // discovery lowered smss goes out in pieces of at most smss; the scoreboard keeps it whole.
        int off = 0;
        do {
            int piece = Math.min(smss, len - off);
            c.emitData(now, seq + off, piece, fin && off + piece == len, false, false);
            off += piece;
            segmentsRetransmitted++;
        } while (off < len);
        bytesRetransmitted += len;
        afterSend(now, len, true, false);
        c.trace(now, TraceEvent.RETRANSMIT, null, seq, len);
    }

    /** RFC 9293 §3.8.6.1: the peer's window is closed and we have data: probe it. */
    private void armPersistIfStalled(long now) {
        boolean stalled = stalledByWindow();
        if (stalled && !c.timers.armed(TimerKind.PERSIST)) {
            c.timers.cancel(TimerKind.RTO);
            c.timers.arm(TimerKind.PERSIST, now + persistInterval());
        } else if (!stalled) {
            c.timers.cancel(TimerKind.PERSIST);
            persistBackoff = 0;
        }
    }

    /**
     * Data waits and nothing is in flight: only the peer's window holds it back, either zero or too
     * small to use under sender SWS avoidance. Without a timer a lost window update would deadlock.
     */
    private boolean stalledByWindow() {
        return dataEnd() > sndNxt && sndNxt == sndUna;
    }

    private long persistInterval() {
        long base = rtt.rto() << Math.min(persistBackoff, 20);
        return Math.min(base, c.options().maxRtoNanos);
    }

    /**
     * The persist timer fired: send a zero-window probe. Like Linux, the probe is a segment one
     * below SND.UNA that the receiver must answer with an ACK carrying its window (RFC 9293
     * §3.10.7.4), so no byte is ever in flight outside the window.
     */
    void onPersistTimer(long now) {
        if (!stalledByWindow()) {
            persistBackoff = 0;
            trySend(now);
            return;
        }
        long room = sndUna + sndWnd - sndNxt;
        if (room > 0) {
            // RFC 9293 §3.8.6.2.1 (RFC 1122 §4.2.3.4): the override timeout sends what the small window takes
            transmitNew(now, (int) Math.min(room, Math.min(smss, dataEnd() - sndNxt)), false);
            return;
        }
        c.emitProbe(now, sndUna - 1);
        persistBackoff++;
        c.timers.arm(TimerKind.PERSIST, now + persistInterval());
    }

    // ---------------------------------------------------------------- input

    /**
     * RFC 9293 §3.10.7.4 "fifth" for an acceptable ACK (SND.UNA - MAX.SND.WND <= SEG.ACK <= SND.NXT):
     * advances SND.UNA, updates the window, the RTT and the scoreboard, runs loss detection and
     * tells the congestion controller.
     */
    void onAck(long now, long ack, long segSeq, int windowField, boolean hasData, boolean synOrFin,
               boolean hasTs, int tsEcr, SackBlocks sackBlocks, boolean ece) {
        long priorUna = sndUna;
        long priorInflight = inflight();
        long priorWnd = sndWnd;
        ackResult.clear();

        if (ack > sndUna) {
            scoreboard.onCumulativeAck(ack, ackResult);
            buffer.ackTo(Math.min(ack, dataEnd()));
            sndUna = ack;
            retries = 0;
        }
        if (sack && sackBlocks != null && sackBlocks.count > 0) {
            scoreboard.onSackBlocks(sackBlocks.left, sackBlocks.right, sackBlocks.count, ackResult);
        }
        updateWindow(ack, segSeq, windowField);

        long newlyDelivered = ackResult.newlyAckedBytes + ackResult.newlySackedBytes;
        delivered += newlyDelivered;
        if (ece) {
            eceDelivered += newlyDelivered;
        }
        int tsEcrTicksAgo = hasTs && tsEcr != 0 ? c.tsTicks(now) - tsEcr : -1;
        long rttSample = rttSample(now, tsEcrTicksAgo);
        if (rttSample > 0) {
            rtt.sample(rttSample);
        }

        boolean dupAck = sack
                ? ackResult.newlySackedBytes > 0 && ack == priorUna
                : ack == priorUna && !hasData && !synOrFin && sndWnd == priorWnd && sndNxt > sndUna;
        if (ack > priorUna) {
            dupAcks = 0;
        } else if (dupAck) {
            dupAcks++;
        }
        if (sack) {
            scoreboard.updateLoss(DUP_THRESH, smss, ackResult);
        }
        lost += ackResult.newlyLostBytes;
        if (ackResult.newlyLostBytes > 0) {
            c.trace(now, TraceEvent.LOSS_DETECTED, null, sndUna, (int) ackResult.newlyLostBytes);
        }

        UndoCause spuriousCause = spurious.onAck(ack > priorUna, hasTs, tsEcr, ackResult.dsack,
                ackResult.dsackLeft, ackResult.dsackRight);
        if (spuriousCause != null) {
            undo(now, spuriousCause);
        }
        updateRecoveryState(now, ack, priorUna, dupAck);
        prrWindow = prr != null && caState == CaState.RECOVERY
                ? prr.window(newlyDelivered, inflight(), cc.ssthreshBytes(), smss) : -1;
        if (ece && ecn) {
            onEcnEcho(now);
        }

        if (newlyDelivered > 0 && sndUna >= roundEnd) {
            roundEnd = sndNxt;
            cc.onRoundStart(++round, now);
        }
        if (newlyDelivered > 0 || ece) {
            long cwnd = cc.cwndBytes();
            boolean cwndLimited = cwndBlocked || (cwnd < cc.ssthreshBytes() ? 2 * priorInflight >= cwnd
                    : priorInflight + smss >= cwnd);
            ackSample.fill(now, ackResult.newlyAckedBytes, ackResult.newlySackedBytes, rttSample, rtt.minRtt(), rtt.srtt(),
                    priorInflight, inflight(), ece, delivered, lost, eceDelivered, false, cwndLimited, caState,
                    deliveryRate(now), sndUna);
            cc.onAck(ackSample);
            c.trace(now, TraceEvent.ACK, null, ack, (int) newlyDelivered);
        }

        if (ack > priorUna) {
            // RFC 6298 (5.2)/(5.3): stop when all is acknowledged, else restart
            if (sndUna == sndNxt) {
                c.timers.cancel(TimerKind.RTO);
            } else {
                c.timers.arm(TimerKind.RTO, now + rtt.rto());
            }
            c.onSendSpace(now);
        }
        // No send here: the connection sends once the whole segment (its text too) is processed,
        // so a data segment carries the ACK of what just arrived.
    }

    private long rttSample(long now, int tsEcrTicksAgo) {
        if (ackResult.newlyAckedBytes + ackResult.newlySackedBytes == 0) {
            return -1;
        }
        if (ackResult.newestTxCount == 1 && ackResult.newestSendTime >= 0) {
            return Math.max(1, now - ackResult.newestSendTime);
        }
        if (tsEcrTicksAgo >= 0) { // RFC 7323 §4.1: timestamps make retransmitted segments measurable
            return Math.max(1, (long) tsEcrTicksAgo * c.options().timestampTickNanos);
        }
        return -1; // Karn's rule
    }

    private long deliveryRate(long now) {
        if (ackResult.newestSendTime < 0 || now <= ackResult.newestSendTime) {
            return -1;
        }
        long bytes = delivered - ackResult.newestDeliveredAtSend;
        return bytes * 1_000_000_000L / (now - ackResult.newestSendTime);
    }

    /** RFC 9293 §3.10.7.4: take the window only from segments newer than the last update. */
    private void updateWindow(long ack, long segSeq, int windowField) {
        if (sndWl1 < segSeq || (sndWl1 == segSeq && sndWl2 <= ack)) {
            sndWnd = (long) windowField << windowShift;
            sndWl1 = segSeq;
            sndWl2 = ack;
            maxSndWnd = Math.max(maxSndWnd, sndWnd);
        }
    }

    private void updateRecoveryState(long now, long ack, long priorUna, boolean dupAck) {
        if ((caState == CaState.RECOVERY || caState == CaState.LOSS) && sndUna >= recoveryPoint) {
            renoDupSegments = 0;
            setCaState(CaState.OPEN, now);
            cc.onEvent(CaEvent.RECOVERY_EXIT, now);
            c.trace(now, TraceEvent.RECOVERY_EXIT, null, sndUna, 0);
        } else if (caState == CaState.CWR && sndUna >= ecnRecoveryPoint) {
            setCaState(CaState.OPEN, now);
        }
        if (!sack) {
            updateNewReno(now, ack, priorUna, dupAck);
        }
        if (caState == CaState.OPEN || caState == CaState.DISORDER || caState == CaState.CWR) {
            // A segment already retransmitted belongs to the episode that resent it, not a new one
            boolean lossSeen = sack ? scoreboard.nextLostToRetransmit() >= 0 || dupAcks >= DUP_THRESH
                    : dupAcks >= DUP_THRESH && sndUna > recoveryPoint; // RFC 6582 §3.2 step 2
            if (lossSeen && sndNxt > sndUna) {
                enterRecovery(now);
            } else if (caState == CaState.OPEN && (dupAcks > 0 || scoreboard.sackedBytes() > 0)) {
                setCaState(CaState.DISORDER, now);
            } else if (caState == CaState.DISORDER && dupAcks == 0 && scoreboard.sackedBytes() == 0) {
                setCaState(CaState.OPEN, now);
            }
        }
    }

    /** Without SACK: duplicate ACKs stand for segments that left; a partial ACK repairs the next hole. */
    private void updateNewReno(long now, long ack, long priorUna, boolean dupAck) {
        if (dupAck) {
            renoDupSegments = Math.min(renoDupSegments + 1, Math.max(0, scoreboard.count() - 1));
        } else if (ack > priorUna) {
            int ackedSegments = (int) ((ack - priorUna + smss - 1) / smss);
            renoDupSegments = Math.max(0, renoDupSegments - ackedSegments);
            if (caState == CaState.RECOVERY && ack < recoveryPoint) {
                // RFC 6582 §3.2 step 5: partial ACK, retransmit the first unacknowledged segment at once
                scoreboard.markLost(sndUna);
                long head = scoreboard.nextLostToRetransmit();
                if (head >= 0) {
                    retransmit(now, head);
                }
            }
        }
    }

    /**
     * The last reduction was spurious: the algorithm restores its window. After a spurious
     * timeout, the segments it marked lost are not resent (RFC 4015 §3.1: resume with new data).
     */
    private void undo(long now, UndoCause cause) {
        cc.undo(cause, inflight(), now);
        spuriousUndos++;
        c.trace(now, TraceEvent.SPURIOUS_UNDO, cause.name(), sndUna, 0);
        if (caState == CaState.LOSS) {
            scoreboard.unmarkAllLost();
            setCaState(CaState.OPEN, now);
        }
    }

    private void enterRecovery(long now) {
        recoveryPoint = sndNxt;
        spurious.onEpisodeStart(UndoCause.SPURIOUS_RETRANSMIT, sndUna, recoveryPoint);
        if (prr != null) {
            prr.start(sndNxt - sndUna);
        }
        rescueRxt = -1;
        long flight = sndNxt - sndUna;
        cc.ssthreshOnCongestion(CongestionSignal.DUPTHRESH_LOSS, flight, now);
        setCaState(CaState.RECOVERY, now);
        fastRecoveries++;
        c.trace(now, TraceEvent.RECOVERY_ENTER, CongestionSignal.DUPTHRESH_LOSS.name(), sndUna, 0);
        // RFC 6675 §5 step 4.3 / RFC 5681 §3.2 step 2: retransmit the first segment at once
        if (!scoreboard.isLost(sndUna)) {
            scoreboard.markLost(sndUna);
        }
        long head = scoreboard.nextLostToRetransmit();
        if (head >= 0) {
            retransmit(now, head);
        }
    }

    /** RFC 3168 §6.1.2: react to ECE at most once per window of data. */
    private void onEcnEcho(long now) {
        c.trace(now, TraceEvent.ECN_ECE, null, sndUna, 0);
        if (caState != CaState.OPEN && caState != CaState.DISORDER || sndUna <= ecnRecoveryPoint) {
            return;
        }
        ecnRecoveryPoint = sndNxt;
        cc.ssthreshOnCongestion(CongestionSignal.ECN, sndNxt - sndUna, now);
        cwrPending = true;
        setCaState(CaState.CWR, now);
    }

    // ---------------------------------------------------------------- timers

    /** RFC 6298 §5.4–5.6 with RFC 5681 §3.1 eq. 4 and RFC 6675 §5.1. */
    void onRtoTimer(long now) {
        if (sndNxt == sndUna) {
            return;
        }
        if (++retries > c.options().maxRetries) {
            c.failed(now, ConnectionError.TIMEOUT);
            return;
        }
        rtoCount++;
        c.trace(now, TraceEvent.RTO, null, sndUna, 0);
        if (caState != CaState.LOSS) {
            // RFC 5681: ssthresh is held constant across repeated timeouts of the same segment
            cc.ssthreshOnCongestion(CongestionSignal.RTO, sndNxt - sndUna, now);
            spurious.onEpisodeStart(UndoCause.SPURIOUS_RTO, sndUna, sndNxt);
        }
        recoveryPoint = sndNxt;
        dupAcks = 0;
        renoDupSegments = 0;
        setCaState(CaState.LOSS, now);
        long newlyLost = scoreboard.markAllLost();
        lost += newlyLost;
        rtt.backoff();
        long head = scoreboard.nextLostToRetransmit();
        if (head >= 0) {
            retransmit(now, head);
        }
        c.timers.arm(TimerKind.RTO, now + rtt.rto());
        trySend(now);
    }

    /**
     * RFC 1191 §6.4, RFC 8201 §5.4: the path MTU fell so that segments carry at most {@code mss}
     * bytes. Later segments use it; outstanding segments longer than it were dropped on the path
     * and are resent at once (in pieces), without a congestion response: the loss was not congestion.
     */
    void lowerMss(long now, int mss) {
        smss = mss;
        cc.onMssChange(mss, now);
        c.trace(now, TraceEvent.PMTU, null, sndUna, mss);
        scoreboard.markLostLongerThan(mss);
        trySend(now);
    }

    private void setCaState(CaState next, long now) {
        if (next != CaState.RECOVERY) {
            prrWindow = -1; // PRR paces fast recovery only
        }
        if (next != caState) {
            CaState from = caState;
            caState = next;
            cc.onStateChange(from, next, now);
            c.trace(now, TraceEvent.CA_STATE, next.name(), sndUna, 0);
        }
    }
}
