package io.tcplab.stack.recovery;

import io.tcplab.stack.cc.CongestionSignal;
import io.tcplab.stack.loss.AckResult;
import io.tcplab.stack.loss.ScoreboardView;

/**
 * RACK-TLP, RFC 8985. RACK (§6): a segment is lost when a segment sent at least a reordering
 * window later has been delivered and the lost one has been out for RACK.rtt + reo_wnd; the
 * reordering window adapts to D-SACKs. TLP (§7): when the flight goes quiet for a probe timeout,
 * send one segment (new data, else the last one) so that a tail loss gets SACK feedback instead
 * of waiting for the RTO.
 *
 * <p>Segments are scanned in send-time order ({@link Scoreboard#firstInFlight}); segments already
 * deemed lost and not yet resent are out of that order, so each ACK costs O(newly lost + 1).
 */
public final class RackTlp implements LossDetector {
    /** RFC 8985 §7.2 WCDelAckT: the worst-case delayed ACK a lone segment may wait for. */
    private static final long WORST_CASE_DELAYED_ACK = 200_000_000L;
    /** RFC 8985 §7.2: the probe timeout before any RTT sample. */
    private static final long PTO_WITHOUT_RTT = 1_000_000_000L;
    /** RFC 8985 §6.2 step 4: reo_wnd_mult falls back to 1 after this many recoveries without D-SACK. */
    private static final int REO_WND_PERSIST = 16;

    private final DetectorContext sender;
    private final ScoreboardView scoreboard;
    private final RackRtt rttSource;

    /** Send time and end of the most recently sent segment known delivered (RACK.xmit_ts, RACK.end_seq). */
    private long rackXmitTs = -1;
    private long rackEndSeq = -1;
    private long rackRtt = -1;
    private final boolean undoShowsReordering;
    /** Added to the reordering timer and to a probe timeout for several segments (Linux's TCP_TIMEOUT_MIN_US). */
    private final long timerSlack;
    private boolean reorderingSeen;
    private int reoWndMult = 1;
    private int reoWndPersist;
    /** D-SACKs widen the window at most once per round trip: until SND.UNA passes this. */
    private long dsackRoundEnd = -1;
    private long reorderDeadline = NONE;

    private long probeDeadline = NONE;
    /** SND.NXT when the outstanding probe left (TLP.end_seq), or -1 when no probe is outstanding. */
    private long tlpEndSeq = -1;
    private boolean tlpIsRetransmit;
    private long probes;

    /**
     * @param rttSource which delivered segment's RTT the reordering wait uses
     * @param undoShowsReordering an undone fast retransmit whose original filled the hole counts as reordering seen
     */
    public RackTlp(DetectorContext sender, RackRtt rttSource, boolean undoShowsReordering) {
        this(sender, rttSource, undoShowsReordering, 0);
    }

    /**
     * @param timerSlackNanos added to the reordering timer and to the probe timeout of a flight of
     *                        several segments: 0 in RFC 8985; Linux 6.x adds TCP_TIMEOUT_MIN_US (2 ms)
     *                        to both (tcp_recovery.c tcp_rack_mark_lost, tcp_output.c tcp_schedule_loss_probe)
     */
    public RackTlp(DetectorContext sender, RackRtt rttSource, boolean undoShowsReordering, long timerSlackNanos) {
        this.sender = sender;
        this.scoreboard = sender.scoreboard();
        this.rttSource = rttSource;
        this.undoShowsReordering = undoShowsReordering;
        this.timerSlack = timerSlackNanos;
    }

    /**
     * {@code undoShowsReordering}: once an original beat its retransmission to the hole,
     * the reordering window stays min_RTT/4 instead of 0 at DupThresh, so each later reordering
     * by more than DupThresh segments is not one more spurious fast recovery (Linux
     * tcp_try_undo_partial; RFC 8985 §6.2 step 2 counts only never-retransmitted segments).
     */
    @Override
    public void onUndo(long now, boolean originalFilledTheHole) {
        if (originalFilledTheHole && undoShowsReordering) {
            reorderingSeen = true;
        }
    }

    @Override
    public String name() {
        return "rack";
    }

    @Override
    public CongestionSignal signal() {
        return CongestionSignal.TIMER_LOSS;
    }

    @Override
    public void onAck(long now, AckResult ack, LossVerdict verdict) {
        processProbeAck(ack, verdict);
        updateRack(now, ack);
        if (ack.reordering) {
            reorderingSeen = true;
        }
        if (ack.dsack && (dsackRoundEnd < 0 || sender.sndUna() >= dsackRoundEnd)) {
            reoWndMult++; // §6.2 step 4: widen once per round trip with a D-SACK
            reoWndPersist = REO_WND_PERSIST;
            dsackRoundEnd = sender.sndNxt();
        }
        detectLoss(now, verdict);
        if (ack.newlyAckedBytes > 0) {
            armProbe(now); // §7.2: restart the PTO on an ACK of new data
        }
    }

    /**
     * §6.2 step 2: RACK follows the most recently sent segment this ACK delivered; its RTT is that
     * segment's, or under {@link RackRtt#LAST} the last one Linux's tcp_rack_advance accepts.
     */
    private void updateRack(long now, AckResult ack) {
        if (rttSource == RackRtt.LAST && ack.lastDeliveredRtt() >= 0) {
            rackRtt = ack.lastDeliveredRtt();
        }
        if (ack.newestSendTime < 0) {
            return;
        }
        long sample = now - ack.newestSendTime;
        if (ack.newestTxCount > 1 && sender.minRtt() >= 0 && sample < sender.minRtt()) {
            return; // delivered by the original, not by this retransmission: ambiguous
        }
        if (rttSource == RackRtt.NEWEST) {
            rackRtt = sample;
        }
        if (ack.newestSendTime > rackXmitTs || (ack.newestSendTime == rackXmitTs && ack.newestEndSeq > rackEndSeq)) {
            rackXmitTs = ack.newestSendTime;
            rackEndSeq = ack.newestEndSeq;
        }
    }

    /** §6.2 step 4. */
    private long reorderWindow() {
        if (!reorderingSeen && (sender.inRecovery() || scoreboard.sackedSegments() >= DupThresh.DUP_THRESH)) {
            return 0;
        }
        long minRtt = Math.max(0, sender.minRtt());
        long srtt = sender.srtt() < 0 ? Long.MAX_VALUE : sender.srtt();
        return Math.min(minRtt / 4 * reoWndMult, srtt);
    }

    /**
     * §6.2 step 5: every in-flight segment sent before RACK's is lost once it has been out for
     * RACK.rtt + reo_wnd. The reorder timer is set for the first that has not (the RFC waits for
     * the last; firing earlier only marks each segment at its own time).
     */
    private void detectLoss(long now, LossVerdict verdict) {
        reorderDeadline = NONE;
        if (rackXmitTs < 0) {
            return;
        }
        long wait = rackRtt + reorderWindow();
        for (long h = scoreboard.firstInFlight(); h >= 0; ) {
            long sent = scoreboard.sendTimeAt(h);
            if (sent > rackXmitTs || (sent == rackXmitTs && scoreboard.endAt(h) >= rackEndSeq)) {
                return; // sent after the newest delivered segment: nothing to compare it with yet
            }
            long next = scoreboard.nextInFlight(h);
            if (sent + wait <= now) {
                verdict.lost(h);
            } else {
                reorderDeadline = sent + wait + timerSlack;
                return;
            }
            h = next;
        }
    }

    // ---------------------------------------------------------------- TLP, RFC 8985 §7

    @Override
    public void onSent(long now, boolean newData) {
        if (newData) {
            armProbe(now); // §7.2: restarted after each transmission of new data
        }
    }

    /** §7.2: the PTO is armed while the connection is open, data is in flight and no probe is outstanding. */
    private void armProbe(long now) {
        if (tlpEndSeq >= 0 || sender.inRecovery() || sender.sndNxt() == sender.sndUna()) {
            probeDeadline = NONE;
            return;
        }
        long pto;
        if (sender.srtt() < 0) {
            pto = PTO_WITHOUT_RTT;
        } else {
            pto = 2 * sender.srtt() + (scoreboard.count() == 1 ? WORST_CASE_DELAYED_ACK : timerSlack);
        }
        probeDeadline = Math.min(now + pto, sender.rtoDeadline());
    }

    /** §7.4.2: a probe that was a retransmission and repaired a loss still calls for a congestion response. */
    private void processProbeAck(AckResult ack, LossVerdict verdict) {
        if (tlpEndSeq < 0 || sender.sndUna() < tlpEndSeq) {
            return;
        }
        if (!tlpIsRetransmit || (ack.dsack && ack.dsackRight == tlpEndSeq)) {
            tlpEndSeq = -1; // new data delivered, or the original and the probe both arrived
        } else if (sender.sndUna() > tlpEndSeq) {
            tlpEndSeq = -1;
            verdict.probeRepairedLoss();
        }
    }

    @Override
    public long deadline() {
        return Math.min(reorderDeadline, probeDeadline);
    }

    @Override
    public void onTimer(long now, LossVerdict verdict) {
        if (reorderDeadline <= now) {
            detectLoss(now, verdict); // §6.3
        }
        if (probeDeadline <= now) {
            probeDeadline = NONE;
            if (!sender.inRecovery() && sender.sndNxt() > sender.sndUna()) {
                verdict.sendProbe(); // §7.3
            }
        }
    }

    /** The probe's own transmission does not re-arm the probe timer: one probe is outstanding at a time. */
    @Override
    public void onProbeSent(long now, Probe probe) {
        probeDeadline = NONE;
        if (probe != Probe.NONE) {
            probes++;
            tlpIsRetransmit = probe == Probe.RETRANSMISSION;
            tlpEndSeq = sender.sndNxt();
        }
    }

    @Override
    public long probes() {
        return probes;
    }

    @Override
    public void onRecoveryEnd() {
        tlpEndSeq = -1;
        if (reoWndPersist > 0 && --reoWndPersist == 0) {
            reoWndMult = 1;
        }
    }
}
