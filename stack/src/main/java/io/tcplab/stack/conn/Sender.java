package io.tcplab.stack.conn;

import io.tcplab.stack.buffer.SendBuffer;
import io.tcplab.stack.cc.CaEvent;
import io.tcplab.stack.cc.CaState;
import io.tcplab.stack.cc.CcInit;
import io.tcplab.stack.cc.CongestionControl;
import io.tcplab.stack.loss.Scoreboard;
import io.tcplab.stack.recovery.Probe;
import io.tcplab.stack.rtt.RttEstimator;
import io.tcplab.stack.spurious.SentRetransmission;
import io.tcplab.stack.trace.TraceEvent;
import io.tcplab.stack.wire.TcpHeader;

/**
 * The transmitting half of a connection: what to send and when — retransmissions first, then new
 * data and FIN within the window (RFC 5681, RFC 6675 NextSeg), {@link Nagle}, sender silly window
 * avoidance, pacing; {@link Persist} probes a closed window. It owns what sending needs:
 * the send buffer, the {@link SendSequence}, the scoreboard, the RTT estimator and the
 * {@link CongestionControl}; {@link Recovery} says how large the window is during loss recovery,
 * {@link AckProcessor} handles what comes back.
 */
final class Sender {
    private final Connection c;
    private final SendBuffer buffer;
    private final SendSequence seq;
    private final Scoreboard scoreboard = new Scoreboard();
    private final RttEstimator rtt;
    private final CongestionControl cc;
    private final DeliveryRate rate = new DeliveryRate();
    private final Pacer pacer;
    private final Recovery recovery;
    private final Persist persist;
    private final TimerTable timers;
    private final Nagle nagle;
    private final boolean pacing;
    private final boolean slowStartAfterIdle;
    private final CwndUsage cwndUsage;
    private final MutableSentSample sentSample = new MutableSentSample();
    /** What the spurious-loss detectors hear of each retransmission. */
    private final SentRetransmission sentRetransmission = new SentRetransmission();

    /** Payload bytes per full segment (the peer's MSS less our options). */
    private int smss;
    private boolean sack;
    private boolean ecn;
    private boolean closeRequested;
    /** The last send attempt stopped at the congestion window, not at the data or the peer's window. */
    private boolean cwndBlocked;
    private long lastSendNanos;

    private final long ccSeed;
    private long segmentsSent;
    private long segmentsRetransmitted;
    private long bytesRetransmitted;

    /** {@code ccSeed}: the algorithm's random seed ({@link CcInit#randomSeed()}). */
    Sender(Connection c, ConnectionOptions options, long iss, long ccSeed, CongestionControl cc, TimerTable timers) {
        this.c = c;
        this.cc = cc;
        this.ccSeed = ccSeed;
        this.timers = timers;
        this.seq = new SendSequence(iss);
        this.buffer = new SendBuffer(options.sendBufferBytes, iss + 1, c.ctx.virtualPayload());
        this.rtt = new RttEstimator(options.initialRtoNanos, options.minRtoNanos, options.maxRtoNanos,
                options.timestampTickNanos, options.rtoMinimum);
        this.nagle = new Nagle(options, seq);
        this.pacing = options.pacing;
        this.pacer = new Pacer(options.pacingBurst);
        this.slowStartAfterIdle = options.slowStartAfterIdle;
        this.cwndUsage = new CwndUsage(options.cwndLimited);
        this.recovery = new Recovery(c, options, this, seq, timers);
        this.persist = new Persist(c, this, rtt, options.maxRtoNanos, timers);
    }

    // ---------------------------------------------------------------- what the handshake settles

    /** SACK was agreed (RFC 2018 §2) and segments carry at most {@code mss} payload bytes. */
    void negotiated(boolean sackAgreed, int mss) {
        sack = sackAgreed;
        smss = mss;
    }

    /** Segments carry at most {@code mss} payload bytes from now on (a path MTU report, {@link PathMtu}). */
    void useMss(int mss) {
        smss = mss;
    }

    /** ECN is in use for what we send (RFC 3168 §6.1.1), as the handshake settles it. */
    void useEcn(boolean on) {
        ecn = on;
    }

    /** The application closed its side: a FIN follows the queued data. */
    void requestClose() {
        closeRequested = true;
    }

    /** The handshake completed: the window and the algorithm start from here. */
    void onEstablished(long now, int initialWindowSegments) {
        scoreboard.reset();
        cc.init(new CcInit(smss, (long) initialWindowSegments * smss, ecn, sack, pacing, now, ccSeed));
        lastSendNanos = now;
    }

    // ---------------------------------------------------------------- views

    SendBuffer buffer() {
        return buffer;
    }

    SendSequence sequence() {
        return seq;
    }

    Scoreboard scoreboard() {
        return scoreboard;
    }

    RttEstimator rtt() {
        return rtt;
    }

    CongestionControl cc() {
        return cc;
    }

    DeliveryRate deliveryRate() {
        return rate;
    }

    Recovery recovery() {
        return recovery;
    }

    Persist persist() {
        return persist;
    }

    int smss() {
        return smss;
    }

    boolean sack() {
        return sack;
    }

    boolean ecn() {
        return ecn;
    }

    boolean closeRequested() {
        return closeRequested;
    }

    boolean cwndBlocked() {
        return cwndBlocked;
    }

    /** Whether the window limited sending before an ACK that found {@code priorInflight} bytes in flight. */
    boolean cwndLimited(long priorInflight) {
        return cwndUsage.limited(cwndBlocked, cc.cwndBytes(), cc.ssthreshBytes(), priorInflight, smss);
    }

    long segmentsSent() {
        return segmentsSent;
    }

    long segmentsRetransmitted() {
        return segmentsRetransmitted;
    }

    long bytesRetransmitted() {
        return bytesRetransmitted;
    }

    /** Bytes in flight: RFC 6675 pipe, less one segment per duplicate ACK without SACK. */
    long inflight() {
        long pipe = scoreboard.pipe();
        return sack ? pipe : Math.max(0, pipe - (long) recovery.renoDupSegments() * smss);
    }

    /** The sequence number after the last byte the application queued. */
    long dataEnd() {
        return buffer.endSeq();
    }

    /** Queued bytes not sent yet. */
    boolean hasUnsent() {
        return dataEnd() > seq.nxt();
    }

    // ---------------------------------------------------------------- output

    /** Sends whatever the windows allow now: retransmissions first, then new data and FIN. */
    void trySend(long now) {
        if (!c.sendsData()) {
            return;
        }
        cwndBlocked = false;
        long sentBefore = segmentsSent;
        long paceUntil = TimerTable.NONE;
        for (int guard = 0; guard < 100_000; guard++) {
            long departure = pacer.departure(now);
            if (departure > now) {
                paceUntil = departure;
                break;
            }
            long cwnd = recovery.sendWindow();
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
            if (recovery.caState() == CaState.RECOVERY && sack && sendRecoveryExtra(now, cwnd, pipe)) {
                continue;
            }
            break;
        }
        afterSending(now, sentBefore, paceUntil);
    }

    /**
     * What one {@link #trySend} leaves armed or noted. A method of its own so that trySend stays
     * under C2's size for inlining a hot method (FreqInlineSize, 325 bytecodes): above it, every
     * ACK and write paid a call into it.
     */
    private void afterSending(long now, long sentBefore, long paceUntil) {
        timers.arm(TimerKind.PACING, paceUntil);
        boolean limited = cwndBlocked || inflight() >= cc.cwndBytes(); // Linux tcp_write_xmit's is_cwnd_limited
        if (segmentsSent > sentBefore || limited) {
            cwndUsage.afterSending(limited, scoreboard.count(), seq.una(), seq.nxt());
        }
        persist.armIfStalled(now);
        if (paceUntil == TimerTable.NONE && !cwndBlocked && seq.nxt() >= dataEnd()
                && scoreboard.nextLostToRetransmit() < 0) {
            rate.markAppLimited(inflight()); // tcp_rate_check_app_limited: the application, not the window, limits
        }
    }

    /** RFC 6675 NextSeg rules 3 and 4, when neither a lost segment nor new data can go. */
    private boolean sendRecoveryExtra(long now, long cwnd, long pipe) {
        if (cwnd - pipe < smss) {
            return false;
        }
        long next = scoreboard.nextUnsackedBelowHighestSacked();
        if (next >= 0) {
            retransmit(now, next);
            return true;
        }
        if (recovery.mayRescue()) { // rule 4: one per recovery
            long highest = scoreboard.highestUnsackedSegment();
            if (highest >= 0 && scoreboard.txCountOf(highest) == 1) { // resending a retransmission rescues nothing
                recovery.rescued();
                retransmit(now, highest);
                return true;
            }
        }
        return false;
    }

    private boolean sendNewSegment(long now, long cwnd, long pipe) {
        long end = dataEnd();
        long unsent = Math.max(0, end - seq.nxt());
        boolean finReady = closeRequested && seq.finSeq() < 0 && seq.nxt() == end;
        if (unsent == 0) {
            if (finReady) {
                transmitNew(now, 0, true);
                return true;
            }
            return false;
        }
        long rwndRoom = seq.windowRoom();
        int payloadMss = payloadMss();
        int len = newSegmentLength(payloadMss, unsent);
        if (pipe + len > cwnd && pipe > 0 && !recovery.takeFrtoAllowance()) {
            cwndBlocked = true;
            return false;
        }
        if (rwndRoom < len) {
            // Sender SWS avoidance (RFC 9293 §3.8.6.2.1): a partial segment only if it is at least
            // half the largest window the peer has offered.
            if (rwndRoom <= 0 || rwndRoom < seq.maxWindow() / 2) {
                return false;
            }
            len = (int) rwndRoom;
        }
        boolean last = len == unsent;
        // A segment cut short by a record end with data behind it waits for nothing more: Nagle
        // holds back only the tail of the queue (Linux tcp_write_xmit tests Nagle on the last skb).
        boolean recordEnds = !last && seq.nxt() + len == buffer.recordEndAfter(seq.nxt());
        if (len < payloadMss) {
            if (nagle.holdsBack(last && closeRequested, recordEnds)) {
                return false; // Nagle (RFC 9293 §3.7.4): one small segment outstanding at most
            }
            nagle.sentShort(seq.nxt() + len);
        }
        transmitNew(now, len, last && closeRequested);
        return true;
    }

    /** The next new segment's payload: a full one, or what is left, and never past a record end. */
    private int newSegmentLength(int payloadMss, long unsent) {
        return (int) Math.min(Math.min(payloadMss, unsent), buffer.recordEndAfter(seq.nxt()) - seq.nxt());
    }

    private void transmitNew(long now, int len, boolean fin) {
        if (slowStartAfterIdle && seq.dataAllAcked() && now - lastSendNanos > rtt.rto()) {
            cc.onEvent(CaEvent.CWND_RESTART, now); // RFC 5681 §4.1 restart window after idle
        }
        if (seq.dataAllAcked()) {
            cc.onEvent(CaEvent.TX_START_AFTER_IDLE, now);
        }
        long start = seq.nxt();
        int seqLen = len + (fin ? 1 : 0);
        rate.onSend(now, seq.outstanding());
        recordSent(start, seqLen, now);
        seq.sent(seqLen, fin);
        int flags = (fin ? TcpHeader.FIN : 0) | (recovery.takeCwr(len) ? TcpHeader.CWR : 0);
        boolean ect = ecn && len > 0 && c.accSender.ectAllowed(); // RFC 9768 §3.2.2.3: AccECN may have turned it off
        c.emitter.data(now, start, len, flags, ect ? ectCodepoint() : SegmentEmitter.NOT_ECT);
        segmentsSent++;
        afterSend(now, len, false);
        c.trace(now, TraceEvent.SEND, null, start, len);
    }

    /** The scoreboard takes the segment at {@code start}, sent at {@code sentAt}, with the delivery-rate state of now. */
    void recordSent(long start, int seqLen, long sentAt) {
        scoreboard.onSend(start, seqLen, sentAt, rate.delivered(), rate.deliveredTime(), rate.firstSentTime(),
                rate.appLimited(), recovery.lostBytes());
    }

    /** ECT(1), the L4S identifier, when the algorithm is scalable and AccECN is agreed; else ECT(0) (RFC 9331 §4.1–§4.2). */
    private int ectCodepoint() {
        return cc.wantsEct1() && c.handshake.accEcn() ? SegmentEmitter.ECT_1 : SegmentEmitter.ECT_0;
    }

    /** What every data segment sent is followed by: the algorithm hears of it, PRR counts it, the RTO runs. */
    private void afterSend(long now, int len, boolean retransmit) {
        lastSendNanos = now;
        cc.onPacketSent(sentSample.at(now).bytes(len).inflightAfter(inflight()).retransmit(retransmit)
                .appLimited(rate.appLimited()).deliveredTotal(rate.delivered()));
        recovery.countSent(len);
        pacer.onSent(now, Math.max(len, 1), pacingRate(), smss, rtt.minRtt(), segmentsSent);
        if (!timers.armed(TimerKind.RTO)) {
            timers.arm(TimerKind.RTO, now + rtt.rto()); // RFC 6298 (5.1)
        }
        recovery.detectorSaw(now, !retransmit);
    }

    /** The algorithm's pacing rate, else Linux-style internal pacing when the connection asked for it, else 0. */
    private long pacingRate() {
        long own = cc.pacingRateBytesPerSec();
        if (own > 0) {
            return own;
        }
        return pacing ? Pacer.internalRate(cc.cwndBytes(), cc.ssthreshBytes(), inflight(), rtt.srtt()) : 0;
    }

    /** Sends the scoreboard's segment at {@code start} again. */
    void retransmit(long now, long start) {
        int seqLen = scoreboard.segmentLength(start);
        long finSeq = seq.finSeq();
        boolean fin = finSeq >= 0 && start + seqLen > finSeq;
        int len = seqLen - (fin ? 1 : 0);
        rate.onSend(now, seq.outstanding());
        boolean firstOutstanding = scoreboard.retransmittedSegments() == 0;
        scoreboard.onRetransmit(start, now, rate.delivered(), rate.deliveredTime(), rate.firstSentTime(),
                rate.appLimited(), recovery.lostBytes());
        recovery.onRetransmit(sentRetransmission.seq(start).length(seqLen).onlyOneOutstanding(firstOutstanding)
                .tsVal(c.timestamps.agreed() ? c.timestamps.tsVal(now) & 0xFFFFFFFFL : SentRetransmission.NO_TIMESTAMP));
        // RFC 3168 §6.1.5: retransmissions are never ECN-capable. A segment larger than a payload
        // may be now (Path MTU discovery lowered smss, or SACK blocks ride along) goes out in pieces;
        // the scoreboard keeps it whole.
        int payloadMss = payloadMss();
        int off = 0;
        do {
            int piece = Math.min(payloadMss, len - off);
            int flags = fin && off + piece == len ? TcpHeader.FIN : 0;
            c.emitter.data(now, start + off, piece, flags, SegmentEmitter.NOT_ECT);
            off += piece;
            segmentsRetransmitted++;
        } while (off < len);
        bytesRetransmitted += len;
        afterSend(now, len, true);
        c.trace(now, TraceEvent.RETRANSMIT, null, start, len);
    }

    /**
     * The most data the next segment may carry: smss less the SACK blocks and AccECN option it will
     * carry with it ({@link SegmentEmitter#extraOptionBytes}), so a data segment of a connection that also receives
     * out of order still fits the path; smss itself stays the unit of the window.
     */
    private int payloadMss() {
        return Math.max(1, smss - c.emitter.extraOptionBytes());
    }

    /** New data up to {@code room} bytes, whatever the windows say (the persist timer's override). */
    void sendIntoWindow(long now, long room) {
        transmitNew(now, (int) Math.min(room, newSegmentLength(payloadMss(), dataEnd() - seq.nxt())), false);
    }

    /**
     * Sends what waits — segments deemed lost, queued data — as soon as a handshake completes;
     * returns whether anything left. RFC 9293 §3.10.7.3 lets data queued in SYN-SENT ride on the
     * ACK of the SYN-ACK, as Linux's tcp_rcv_synsent_state_process lets it for a writer waiting
     * on the handshake instead of sending a pure ACK.
     */
    boolean sendWaiting(long now) {
        if (!hasUnsent() && scoreboard.nextLostToRetransmit() < 0) {
            return false;
        }
        long before = segmentsSent + segmentsRetransmitted;
        trySend(now);
        return segmentsSent + segmentsRetransmitted > before;
    }

    // ---------------------------------------------------------------- probes

    /**
     * RFC 8985 §7.3, the tail loss probe: one new segment if the receiver's window takes it
     * (whatever cwnd says), else the highest outstanding segment again.
     */
    Probe sendProbe(long now) {
        long unsent = dataEnd() - seq.nxt();
        int payloadMss = payloadMss();
        if (unsent > 0 && seq.windowRoom() >= newSegmentLength(payloadMss, unsent)) {
            int len = newSegmentLength(payloadMss, unsent);
            transmitNew(now, len, len == unsent && closeRequested);
            c.trace(now, TraceEvent.TLP_PROBE, "new", seq.nxt() - len, len);
            return Probe.NEW_DATA;
        }
        long last = scoreboard.highestUnsackedSegment();
        if (last < 0) {
            return Probe.NONE;
        }
        retransmit(now, last);
        c.trace(now, TraceEvent.TLP_PROBE, "retransmit", last, scoreboard.segmentLength(last));
        timers.arm(TimerKind.RTO, now + rtt.rto()); // §7.3: the RTO restarts from the probe
        return Probe.RETRANSMISSION;
    }
}
