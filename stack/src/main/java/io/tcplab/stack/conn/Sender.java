package io.tcplab.stack.conn;

import io.tcplab.stack.recovery.DetectorContext;
import io.tcplab.stack.recovery.DupThresh;
import io.tcplab.stack.recovery.LossDetector;
import io.netty.buffer.ByteBuf;
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
 * avoidance, pacing), ACK processing, the congestion state around loss recovery (the
 * {@link LossDetector} decides what is lost: RACK-TLP, RFC 6675 or TEB with SACK; RFC 6582
 * NewReno without, with limited transmit, RFC 3042, falling out of the pipe accounting), spurious
 * loss undo (RFC 4015 response), the retransmission timer (RFC 6298) and zero-window probing
 * (RFC 9293 §3.8.6.1). The congestion window comes from the {@link CongestionControl}; this class
 * only tells it what happened.
 */
final class Sender {
    private static final int DUP_THRESH = DupThresh.DUP_THRESH;

    private final Connection c;
    final SendBuffer buffer;
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
    /** The end of the window whose congestion response (ECN, a loss repaired by a probe) is under way (CWR). */
    private long cwrPoint;
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

    long lost;
    long eceDelivered;
    long segmentsSent;
    long segmentsRetransmitted;
    long bytesRetransmitted;
    long rtoCount;
    long fastRecoveries;
    long spuriousUndos;
    long doubleDrops;
    /** When the last double-drop response collapsed the window. */
    private long doubleDropResponseAt = Long.MIN_VALUE;
    private final LossDetector detector;
    private final SpuriousDetector spurious;
    /** F-RTO (RFC 5682) when the connection asked for it, else null. */
    private final Frto frto;
    /** New segments F-RTO may send beyond cwnd (§2 step 2b). */
    private int frtoAllowance;
    private final DeliveryRate rate = new DeliveryRate();
    private final Pacer pacer = new Pacer();
    /** Who deems segments lost right now ("rack", "rto" ...), and when: the detail of LOSS_DETECTED rows. */
    private String lossSource = "";
    private long lossNow;
    /** RFC 6937 when the connection asks for it, else RFC 6675's "send while pipe < cwnd". */
    private final Prr prr;
    /** RFC 6675 NextSeg rule 4 is on (off under Linux, which has no rescue retransmission). */
    private final boolean rescueRetransmission;
    /** Without SACK, a cumulative ACK credits only what the duplicate ACKs before it did not (Linux). */
    private final boolean dupAckCredit;
    /** The window PRR allows until the next ACK, or -1 outside PRR recovery. */
    private long prrWindow = -1;

    private final AckResult ackResult = new AckResult();
    private final MutableAckSample ackSample = new MutableAckSample();
    private final MutableSentSample sentSample = new MutableSentSample();

    Sender(Connection c, ConnectionOptions options, long iss, CongestionControl cc) {
        this.c = c;
        this.iss = iss;
        this.cc = cc;
        this.buffer = new SendBuffer(options.sendBufferBytes, iss + 1, c.ctx.virtualPayload());
        this.prr = options.prr && !cc.setsRecoveryWindow() ? new Prr(options.prrBound) : null;
        this.rescueRetransmission = options.rescueRetransmission;
        this.dupAckCredit = options.dupAckCredit;
        this.rtt = new RttEstimator(options.initialRtoNanos, options.minRtoNanos, options.maxRtoNanos,
                options.timestampTickNanos);
        this.detector = options.recoveryFactory.create(new DetectorPort(this, rtt));
        this.spurious = new SpuriousDetector(options.spurious.contains(SpuriousDetection.EIFEL),
                options.spurious.contains(SpuriousDetection.DSACK));
        this.frto = options.spurious.contains(SpuriousDetection.FRTO) ? new Frto() : null;
        this.sndUna = iss;
        this.sndNxt = iss;
        this.recoveryPoint = iss;
        this.cwrPoint = iss;
        scoreboard.setLostListener((seq, length) ->
                c.trace(lossNow, TraceEvent.LOSS_DETECTED, lossSource, seq, length));
    }

    /** Tail loss probes sent (RACK-TLP only). */
    long tlpProbes() {
        return detector.probes();
    }

    /** Fast recovery or timeout recovery is under way. */
    boolean inRecovery() {
        return caState == CaState.RECOVERY || caState == CaState.LOSS;
    }

    /** When the RFC 6298 timer fires, or {@link TimerTable#NONE}. */
    long rtoDeadline() {
        return c.timers.deadline(TimerKind.RTO);
    }

    /** The handshake completed: the window and the algorithm start from here. */
    void onEstablished(long now, int initialWindowSegments) {
        scoreboard.reset();
        cc.init(new CcInit(smss, (long) initialWindowSegments * smss, ecn, sack, c.options().pacing, now));
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
        long paceUntil = TimerTable.NONE;
        for (int guard = 0; guard < 100_000; guard++) {
            long departure = pacer.departure(now);
            if (departure > now) {
                paceUntil = departure;
                break;
            }
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
        c.timers.arm(TimerKind.PACING, paceUntil);
        armPersistIfStalled(now);
        if (paceUntil == TimerTable.NONE && !cwndBlocked && sndNxt >= dataEnd() && scoreboard.nextLostToRetransmit() < 0) {
            rate.markAppLimited(inflight()); // tcp_rate_check_app_limited: the application, not the window, limits
        }
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
        if (rescueRetransmission && sndUna > rescueRxt && sndNxt > sndUna) { // rule 4: one per recovery
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
        int payloadMss = payloadMss();
        int len = (int) Math.min(payloadMss, unsent);
        if (pipe + len > cwnd && pipe > 0) {
            if (frtoAllowance <= 0) {
                cwndBlocked = true;
                return false;
            }
            frtoAllowance--; // RFC 5682 §2 step 2b: two new segments whatever the window
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
        if (len < payloadMss && c.options().nagle && sndNxt > sndUna && !(last && closeRequested)) {
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
        rate.onSend(now, sndNxt - sndUna);
        scoreboard.onSend(seq, seqLen, now, rate.delivered, rate.deliveredTime, rate.firstSentTime, rate.appLimited());
        sndNxt = seq + seqLen;
        boolean cwr = cwrPending && len > 0;
        if (cwr) {
            cwrPending = false;
        }
        c.emitData(now, seq, len, fin, cwr, ecn && len > 0);
        segmentsSent++;
        afterSend(now, len, false);
        c.trace(now, TraceEvent.SEND, null, seq, len);
    }

    /** What every data segment sent is followed by: the algorithm hears of it, PRR counts it, the RTO runs. */
    private void afterSend(long now, int len, boolean retransmit) {
        lastSendNanos = now;
        sentSample.fill(now, len, inflight(), retransmit, rate.appLimited(), rate.delivered);
        cc.onPacketSent(sentSample);
        if (prr != null && caState == CaState.RECOVERY) {
            prr.onSent(len);
        }
        pacer.onSent(now, Math.max(len, 1), pacingRate(), smss);
        if (!c.timers.armed(TimerKind.RTO)) {
            c.timers.arm(TimerKind.RTO, now + rtt.rto()); // RFC 6298 (5.1)
        }
        if (sack) {
            detector.onSent(now, !retransmit);
            c.timers.arm(TimerKind.LOSS_DETECTION, detector.deadline());
        }
    }

    /** The algorithm's pacing rate, else Linux-style internal pacing when the connection asked for it, else 0. */
    private long pacingRate() {
        long own = cc.pacingRateBytesPerSec();
        if (own > 0) {
            return own;
        }
        return c.options().pacing ? Pacer.internalRate(cc.cwndBytes(), cc.ssthreshBytes(), inflight(), rtt.srtt()) : 0;
    }

    private void retransmit(long now, long seq) {
        int seqLen = scoreboard.segmentLength(seq);
        boolean fin = finSeq >= 0 && seq + seqLen > finSeq;
        int len = seqLen - (fin ? 1 : 0);
        rate.onSend(now, sndNxt - sndUna);
        boolean firstOutstanding = scoreboard.retransmittedSegments() == 0;
        scoreboard.onRetransmit(seq, now, rate.delivered, rate.deliveredTime, rate.firstSentTime, rate.appLimited());
        spurious.onRetransmit(seq, seqLen, c.timestampsOn(), c.tsTicks(now), firstOutstanding);
        // RFC 3168 §6.1.5: retransmissions are never ECN-capable. A segment larger than a payload
        // may be now (Path MTU discovery lowered smss, or SACK blocks ride along) goes out in pieces;
        // the scoreboard keeps it whole.
        int payloadMss = payloadMss();
        int off = 0;
        do {
            int piece = Math.min(payloadMss, len - off);
            c.emitData(now, seq + off, piece, fin && off + piece == len, false, false);
            off += piece;
            segmentsRetransmitted++;
        } while (off < len);
        bytesRetransmitted += len;
        afterSend(now, len, true);
        c.trace(now, TraceEvent.RETRANSMIT, null, seq, len);
    }

    /**
     * The most data the next segment may carry: smss less the SACK blocks it will carry with it
     * ({@link Connection#sackOptionBytes}), so a data segment of a connection that also receives
     * out of order still fits the path; smss itself stays the unit of the window.
     */
    private int payloadMss() {
        return Math.max(1, smss - c.sackOptionBytes());
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
            transmitNew(now, (int) Math.min(room, Math.min(payloadMss(), dataEnd() - sndNxt)), false);
            return;
        }
        c.emitProbe(now, sndUna - 1);
        persistBackoff++;
        c.timers.arm(TimerKind.PERSIST, now + persistInterval());
    }

    /**
     * RFC 8985 §7.3, the tail loss probe: one new segment if the receiver's window takes it
     * (whatever cwnd says), else the highest outstanding segment again.
     */
    DetectorContext.Probe sendProbe(long now) {
        long unsent = dataEnd() - sndNxt;
        int payloadMss = payloadMss();
        if (unsent > 0 && sndUna + sndWnd - sndNxt >= Math.min(payloadMss, unsent)) {
            int len = (int) Math.min(payloadMss, unsent);
            transmitNew(now, len, len == unsent && closeRequested);
            c.trace(now, TraceEvent.TLP_PROBE, "new", sndNxt - len, len);
            return DetectorContext.Probe.NEW_DATA;
        }
        long last = scoreboard.highestUnsackedSegment();
        if (last < 0) {
            return DetectorContext.Probe.NONE;
        }
        retransmit(now, last);
        c.trace(now, TraceEvent.TLP_PROBE, "retransmit", last, scoreboard.segmentLength(last));
        c.timers.arm(TimerKind.RTO, now + rtt.rto()); // §7.3: the RTO restarts from the probe
        return DetectorContext.Probe.RETRANSMISSION;
    }

    // ---------------------------------------------------------------- input

    /**
     * RFC 9293 §3.10.7.4 "fifth" for an acceptable ACK (SND.UNA - MAX.SND.WND <= SEG.ACK <= SND.NXT):
     * advances SND.UNA, updates the window, the RTT and the scoreboard, runs loss detection and
     * spurious-loss detection, and tells the congestion controller.
     */
    void onAck(long now, long ack, long segSeq, int windowField, boolean hasData, boolean synOrFin,
               boolean hasTs, int tsEcr, SackBlocks sackBlocks, boolean ece) {
        long priorUna = sndUna;
        long priorInflight = inflight();
        long priorWnd = sndWnd;
        int priorDupSegments = renoDupSegments;
        ackResult.clear();
        ackResult.clock(now, rtt.minRtt());

        boolean advanced = ack > sndUna;
        if (advanced) {
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
        rate.onAck(now, ackResult, newlyDelivered, rtt.minRtt());
        if (ece) {
            eceDelivered += newlyDelivered;
        }
        long rttSample = rttSample(now, advanced, hasTs, tsEcr);
        if (rttSample > 0) {
            rtt.sample(rttSample);
        }

        boolean dupAck = sack
                ? ackResult.newlySackedBytes > 0 && ack == priorUna
                : ack == priorUna && !hasData && !synOrFin && sndWnd == priorWnd && sndNxt > sndUna;
        if (advanced) {
            dupAcks = 0;
        } else if (dupAck) {
            dupAcks++;
        }
        if (sack) {
            lossSource = detector.name();
            lossNow = now;
            detector.onAck(now, ackResult);
        }
        lost += ackResult.newlyLostBytes;

        if (frto != null && frto.active() && caState == CaState.LOSS) {
            onFrtoAck(now, advanced);
        }
        UndoCause spuriousCause = spurious.onAck(advanced, hasTs, tsEcr, ackResult.dsack,
                ackResult.dsackLeft, ackResult.dsackRight);
        if (spuriousCause != null) {
            undo(now, spuriousCause, spurious.firedBy());
        }
        updateRecoveryState(now, ack, priorUna, dupAck);
        prrWindow = prr != null && caState == CaState.RECOVERY
                ? prr.window(newlyDelivered, inflight(), cc.ssthreshBytes(), smss,
                        advanced && ackResult.newlyLostBytes == 0) : -1;
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
            ackSample.fill(now, ccAckedBytes(priorDupSegments), ackResult.newlySackedBytes, rttSample, rtt.minRtt(), rtt.srtt(),
                    priorInflight, inflight(), ece, rate.delivered, lost, eceDelivered, rate.sampleAppLimited(),
                    cwndLimited, caState, rate.sampleRate(), sndUna, ackResult.newestDeliveredAtSend);
            cc.onAck(ackSample);
            c.trace(now, TraceEvent.ACK, null, ack, (int) newlyDelivered);
        }

        if (advanced) {
            // RFC 6298 (5.2)/(5.3): stop when all is acknowledged, else restart
            if (sndUna == sndNxt) {
                c.timers.cancel(TimerKind.RTO);
            } else {
                c.timers.arm(TimerKind.RTO, now + rtt.rto());
            }
            c.onSendSpace(now);
        }
        if (sack) {
            c.timers.arm(TimerKind.LOSS_DETECTION, detector.deadline());
        }
        // No send here: the connection sends once the whole segment (its text too) is processed,
        // so a data segment carries the ACK of what just arrived.
    }

    /**
     * What the algorithm is told this ACK acknowledged: every byte it covers (RFC 5681 §3.1,
     * RFC 3465), or without SACK under {@link ConnectionOptions#dupAckCredit} only what the
     * {@code dupSegments} duplicate ACKs before it had not already stood for, at least one segment
     * (Linux tcp_remove_reno_sacks: delivered += max(acked - sacked_out, 1)).
     */
    private long ccAckedBytes(int dupSegments) {
        long acked = ackResult.newlyAckedBytes;
        if (sack || !dupAckCredit || acked == 0) {
            return acked;
        }
        return Math.max(acked - (long) dupSegments * smss, Math.min(acked, smss));
    }

    /**
     * RTT samples (RFC 6298 §3 Karn, RFC 7323 §4): from the send time of the newest segment this
     * ACK delivered when it was never retransmitted; else from TSecr, but only when SND.UNA
     * advances — while a hole is open the receiver echoes the timestamp of the segment before
     * it (RFC 7323 §4.3), so a SACK-only ACK's TSecr measures the hole's age, not the path.
     */
    private long rttSample(long now, boolean advanced, boolean hasTs, int tsEcr) {
        if (ackResult.newlyAckedBytes + ackResult.newlySackedBytes == 0) {
            return -1;
        }
        if (ackResult.newestTxCount == 1 && ackResult.newestSendTime >= 0) {
            return Math.max(1, now - ackResult.newestSendTime);
        }
        if (advanced && hasTs && tsEcr != 0) {
            int ticksAgo = c.tsTicks(now) - tsEcr;
            return ticksAgo < 0 ? -1 : Math.max(1, (long) ticksAgo * c.options().timestampTickNanos);
        }
        return -1;
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
        if (inRecovery() && sndUna >= recoveryPoint) {
            renoDupSegments = 0;
            frtoAllowance = 0;
            setCaState(CaState.OPEN, now);
            cc.onEvent(CaEvent.RECOVERY_EXIT, now);
            detector.onRecoveryEnd();
            c.trace(now, TraceEvent.RECOVERY_EXIT, null, sndUna, 0);
        } else if (caState == CaState.CWR && sndUna >= cwrPoint) {
            setCaState(CaState.OPEN, now);
        }
        if (!sack) {
            updateNewReno(now, ack, priorUna, dupAck);
        }
        if (caState == CaState.OPEN || caState == CaState.DISORDER || caState == CaState.CWR) {
            // A segment already retransmitted belongs to the episode that resent it, not a new one
            boolean lossSeen = sack
                    ? scoreboard.nextLostToRetransmit() >= 0 || detector.countsDupAcks() && dupAcks >= DUP_THRESH
                    : dupAcks >= DUP_THRESH && sndUna > recoveryPoint; // RFC 6582 §3.2 step 2
            if (lossSeen && sndNxt > sndUna) {
                // Linux's PRR sends the fast retransmit within this ACK's quota (trySend), not before it
                enterRecovery(now, sack ? detector.signal() : CongestionSignal.DUPTHRESH_LOSS,
                        prr == null || !prr.fastRetransmitInQuota());
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
                markLost(now, "newreno", sndUna);
                long head = scoreboard.nextLostToRetransmit();
                if (head >= 0) {
                    retransmit(now, head);
                }
            }
        }
    }

    private void markLost(long now, String source, long seq) {
        lossSource = source;
        lossNow = now;
        if (scoreboard.markLost(seq)) {
            lost += scoreboard.segmentLength(seq);
        }
    }

    /**
     * The last reduction was spurious (RFC 4015 §3.1): the algorithm restores its window and
     * state, the segments the episode deemed lost are in flight again (not resent: resume with new
     * data), and the connection leaves recovery without the exit clamp, which would cancel the undo.
     */
    private void undo(long now, UndoCause cause, String foundBy) {
        cc.undo(cause, inflight(), now);
        spuriousUndos++;
        c.trace(now, TraceEvent.SPURIOUS_UNDO, foundBy, sndUna, 0);
        spurious.onEpisodeEnd();
        detector.onUndo(now, cause == UndoCause.SPURIOUS_RETRANSMIT && spurious.firedByTimestamps());
        frtoAllowance = 0;
        if (frto != null) {
            frto.cancel();
        }
        if (inRecovery()) {
            scoreboard.unmarkAllLost();
            setCaState(CaState.OPEN, now);
            detector.onRecoveryEnd();
        }
    }

    /**
     * The flight a reduction is computed from: RFC 5681's FlightSize (SND.NXT − SND.UNA), but never
     * more than cwnd. A loss found late (a timer-based detector, SACK keeping the window moving)
     * comes when SND.NXT has run a further window ahead, SACKed and gone from the network; halving
     * that would not reduce at all. Linux halves cwnd for the same reason.
     */
    private long flightForReduction() {
        return Math.min(sndNxt - sndUna, cc.cwndBytes());
    }

    private void enterRecovery(long now, CongestionSignal signal) {
        enterRecovery(now, signal, true);
    }

    /** {@code headNow}: retransmit the first lost segment here, ahead of any window (RFC 6675 §5 step 4.3). */
    private void enterRecovery(long now, CongestionSignal signal, boolean headNow) {
        recoveryPoint = sndNxt;
        spurious.onEpisodeStart(UndoCause.SPURIOUS_RETRANSMIT);
        if (prr != null) {
            prr.start(sndNxt - sndUna, cc.cwndBytes());
        }
        rescueRxt = -1;
        cc.ssthreshOnCongestion(signal, flightForReduction(), now);
        setCaState(signal.collapsesWindow() ? CaState.LOSS : CaState.RECOVERY, now);
        fastRecoveries++;
        c.trace(now, TraceEvent.RECOVERY_ENTER, signal.name(), sndUna, 0);
        if (!sack || detector.countsDupAcks()) {
            // RFC 6675 §5 step 4.3 / RFC 5681 §3.2 step 2: retransmit the first segment at once
            if (!scoreboard.isLost(sndUna)) {
                markLost(now, sack ? detector.name() : "newreno", sndUna);
            }
        }
        long head = scoreboard.nextLostToRetransmit();
        if (head >= 0 && (headNow || caState != CaState.RECOVERY)) { // PRR paces RECOVERY only
            retransmit(now, head);
        }
    }

    /**
     * TEB: a retransmission sent at {@code sentAt} was deemed lost again (REFERENCE §5.2 step 3).
     * Like a timeout the window falls to one segment, once per window: retransmissions that left
     * before the last such response belong to it, and only a response is counted and traced.
     * ssthresh is reduced only if this episode has not done so yet.
     */
    void onDoubleDrop(long now, long sentAt) {
        if (sentAt <= doubleDropResponseAt) {
            return;
        }
        doubleDropResponseAt = now;
        doubleDrops++;
        c.trace(now, TraceEvent.DOUBLE_DROP, detector.name(), sndUna, 0);
        if (inRecovery()) {
            cc.onEvent(CaEvent.LOSS_WINDOW, now);
            recoveryPoint = sndNxt;
            setCaState(CaState.LOSS, now);
            // as after a timeout, the lost segment goes at once: the loss window is one segment
            // beyond what is in flight (Linux tcp_enter_loss: cwnd = in flight + 1), not one in all
            long head = scoreboard.nextLostToRetransmit();
            if (head >= 0) {
                retransmit(now, head);
            }
        } else {
            enterRecovery(now, CongestionSignal.DOUBLE_DROP);
        }
    }

    /**
     * RFC 8985 §7.4.2: a probe that was a retransmission repaired a loss the ACKs never showed;
     * the loss still calls for one congestion response, taken as a window reduction (CWR), as Linux.
     */
    void onProbeRepairedLoss(long now) {
        if (caState != CaState.OPEN && caState != CaState.DISORDER) {
            return; // the episode that covers it has responded already
        }
        cwrPoint = sndNxt;
        cc.ssthreshOnCongestion(CongestionSignal.TIMER_LOSS, flightForReduction(), now);
        setCaState(CaState.CWR, now);
        c.trace(now, TraceEvent.LOSS_DETECTED, "tlp", sndUna, 0);
    }

    /** RFC 3168 §6.1.2: react to ECE at most once per window of data. */
    private void onEcnEcho(long now) {
        c.trace(now, TraceEvent.ECN_ECE, null, sndUna, 0);
        if (caState != CaState.OPEN && caState != CaState.DISORDER || sndUna <= cwrPoint) {
            return;
        }
        cwrPoint = sndNxt;
        cc.ssthreshOnCongestion(CongestionSignal.ECN, flightForReduction(), now);
        cwrPending = true;
        setCaState(CaState.CWR, now);
    }

    /** RFC 5682 §2 steps 2-3 for one ACK after a timeout. */
    private void onFrtoAck(long now, boolean advanced) {
        boolean canSendNew = dataEnd() > sndNxt && sndUna + sndWnd > sndNxt;
        switch (frto.onAck(advanced, sndUna, canSendNew)) {
            case SEND_NEW -> frtoAllowance = 2;
            case SPURIOUS -> undo(now, UndoCause.SPURIOUS_RTO, "frto");
            case CONVENTIONAL -> goBackN(now);
            default -> { }
        }
    }

    /** Conventional timeout recovery (RFC 5681 §3.1, RFC 6675 §5.1): everything outstanding is lost. */
    private void goBackN(long now) {
        frtoAllowance = 0;
        lossSource = "rto";
        lossNow = now;
        lost += scoreboard.markAllLost();
    }

    // ---------------------------------------------------------------- timers

    /** RFC 6298 §5.4–5.6 with RFC 5681 §3.1 eq. 4, RFC 6675 §5.1 and F-RTO (RFC 5682) when enabled. */
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
        boolean frtoRuns = frto != null && frto.start(caState == CaState.LOSS, sndUna, sndNxt);
        if (inRecovery()) {
            // ssthresh stays what this episode made it (RFC 5681: constant across repeated timeouts;
            // Linux tcp_enter_loss keeps fast recovery's): only the window falls to one segment
            cc.onEvent(CaEvent.LOSS_WINDOW, now);
        } else {
            cc.ssthreshOnCongestion(CongestionSignal.RTO, flightForReduction(), now);
            spurious.onEpisodeStart(UndoCause.SPURIOUS_RTO);
        }
        recoveryPoint = sndNxt;
        dupAcks = 0;
        renoDupSegments = 0;
        setCaState(CaState.LOSS, now);
        if (frtoRuns) {
            markLost(now, "rto", sndUna); // F-RTO step 1: only the first segment, the rest waits for two ACKs
        } else {
            goBackN(now);
        }
        rtt.backoff();
        long head = scoreboard.nextLostToRetransmit();
        if (head >= 0) {
            retransmit(now, head);
        }
        c.timers.arm(TimerKind.RTO, now + rtt.rto());
        trySend(now);
    }

    /** The loss detector's timer: RACK's reordering timer, TLP's probe timeout or a TEB deadline. */
    void onLossTimer(long now) {
        if (!sack || sndNxt == sndUna) {
            return;
        }
        ackResult.clear();
        lossSource = detector.name();
        lossNow = now;
        detector.onTimer(now, ackResult);
        lost += ackResult.newlyLostBytes;
        if (ackResult.newlyLostBytes > 0 && (caState == CaState.OPEN || caState == CaState.DISORDER
                || caState == CaState.CWR)) {
            enterRecovery(now, detector.signal());
        }
        trySend(now);
        c.timers.arm(TimerKind.LOSS_DETECTION, detector.deadline());
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
        lossSource = "pmtu";
        lossNow = now;
        lost += scoreboard.markLostLongerThan(mss);
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
