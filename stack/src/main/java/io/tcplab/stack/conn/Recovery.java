package io.tcplab.stack.conn;

import io.tcplab.stack.cc.CaEvent;
import io.tcplab.stack.cc.CaState;
import io.tcplab.stack.cc.CongestionControl;
import io.tcplab.stack.cc.CongestionSignal;
import io.tcplab.stack.cc.UndoCause;
import io.tcplab.stack.loss.AckResult;
import io.tcplab.stack.loss.Scoreboard;
import io.tcplab.stack.recovery.DupThresh;
import io.tcplab.stack.recovery.LossDetector;
import io.tcplab.stack.recovery.LossVerdict;
import io.tcplab.stack.rtt.RttEstimator;
import io.tcplab.stack.spurious.AckEvidence;
import io.tcplab.stack.spurious.SentRetransmission;
import io.tcplab.stack.spurious.SpuriousLossDetector;
import io.tcplab.stack.spurious.SpuriousVerdict;
import io.tcplab.stack.trace.TraceEvent;

/**
 * The congestion state around loss (Linux's ca_state): when fast recovery (RFC 6675 with SACK,
 * RFC 6582 NewReno without) and timeout recovery (RFC 6298, RFC 5681 §3.1) begin and end, the
 * reductions the {@link CongestionControl} is asked for (loss, ECN per RFC 3168 §6.1.2, a loss a
 * tail probe repaired, TEB's double drop), PRR's sending window (RFC 6937), and undo when spurious
 * loss detection (Eifel, D-SACK, F-RTO) finds a reduction needless (RFC 4015). The
 * {@link LossDetector} decides what is lost; this class decides what that means, and hands
 * retransmissions to the {@link Sender}.
 */
final class Recovery {
    private static final int DUP_THRESH = DupThresh.DUP_THRESH;

    private final Connection c;
    private final Sender sender;
    private final SendSequence seq;
    private final Scoreboard scoreboard;
    private final CongestionControl cc;
    private final RttEstimator rtt;
    private final TimerTable timers;
    private final int maxRetries;
    private final LossDetector detector;
    /** The detector's answer to the ACK or timer at hand. */
    private final LossVerdict verdict;
    /** The spurious-loss detectors, in the order the options name them. */
    private final SpuriousLossDetector[] spurious;
    /** What they answer on the ACK or timeout at hand. */
    private final SpuriousVerdict spuriousVerdict = new SpuriousVerdict();
    /**
     * A reduction exists that they might undo: from an episode's start or a timeout to an undo.
     * Before, there is nothing to judge, and the ACKs skip them (three interface calls each).
     */
    private boolean judging;
    private final AckEvidence ackEvidence = new AckEvidence();
    /** RFC 6937 when the connection asks for it, else RFC 6675's "send while pipe < cwnd". */
    private final Prr prr;
    /** RFC 6675 NextSeg rule 4 is on (off under Linux, which has no rescue retransmission). */
    private final boolean rescueRetransmission;

    private CaState caState = CaState.OPEN;
    /** RFC 6675 RecoveryPoint / RFC 6582 recover. */
    private long recoveryPoint;
    /** The end of the window whose congestion response (ECN, a loss a probe repaired) is under way (CWR). */
    private long cwrPoint;
    private int dupAcks;
    /** Without SACK, each duplicate ACK stands for one segment that left the network (Linux "reno sack"). */
    private int renoDupSegments;
    private long rescueRxt = -1;
    /** RFC 3168 §6.1.2: the next new data segment carries CWR. */
    private boolean cwrPending;
    /** Timeouts in a row without progress (RFC 9293 §3.8.3's R2). */
    private int retries;
    /** New segments F-RTO may send beyond cwnd (§2 step 2b). */
    private int frtoAllowance;
    /** The window PRR allows until the next ACK, or -1 outside PRR recovery. */
    private long prrWindow = -1;
    /** When the last double-drop response collapsed the window. */
    private long doubleDropResponseAt = Long.MIN_VALUE;
    /** Who deems segments lost right now ("rack", "rto" ...), and when: the detail of LOSS_DETECTED rows. */
    private String lossSource = "";
    private long lossNow;
    /** What the detector's timer marks, kept apart from the ACK path's result. */
    private final AckResult timerResult = new AckResult();

    private long lost;
    private long rtoCount;
    private long fastRecoveries;
    private long spuriousUndos;
    private long doubleDrops;

    Recovery(Connection c, ConnectionOptions options, Sender sender, SendSequence seq, TimerTable timers) {
        this.c = c;
        this.sender = sender;
        this.seq = seq;
        this.scoreboard = sender.scoreboard();
        this.cc = sender.cc();
        this.rtt = sender.rtt();
        this.timers = timers;
        this.maxRetries = options.maxRetries;
        this.prr = options.prr && !cc.setsRecoveryWindow() ? new Prr(options.prrBound) : null;
        this.rescueRetransmission = options.rescueRetransmission;
        DetectorPort port = new DetectorPort(sender, this, seq, rtt, timers);
        this.spurious = options.spuriousFactories.stream().map(f -> f.create(port))
                .toArray(SpuriousLossDetector[]::new);
        this.detector = options.recoveryFactory.create(port);
        this.verdict = new LossVerdict(scoreboard);
        this.recoveryPoint = seq.iss();
        this.cwrPoint = seq.iss();
        scoreboard.setLostListener((lostSeq, length) ->
                c.trace(lossNow, TraceEvent.LOSS_DETECTED, lossSource, lostSeq, length));
    }

    CaState caState() {
        return caState;
    }

    /** Fast recovery or timeout recovery is under way. */
    boolean inRecovery() {
        return caState == CaState.RECOVERY || caState == CaState.LOSS;
    }

    /** Bytes deemed lost over the connection's life. */
    long lostBytes() {
        return lost;
    }

    long rtoCount() {
        return rtoCount;
    }

    long fastRecoveries() {
        return fastRecoveries;
    }

    long spuriousUndos() {
        return spuriousUndos;
    }

    long doubleDrops() {
        return doubleDrops;
    }

    /** Tail loss probes sent (RACK-TLP only). */
    long tlpProbes() {
        return detector.probes();
    }

    /** Duplicate ACKs without SACK standing for segments that left the network. */
    int renoDupSegments() {
        return renoDupSegments;
    }

    // ---------------------------------------------------------------- what the sender asks

    /** The window the sender may fill now: PRR's during its fast recovery, else cwnd. */
    long sendWindow() {
        return prrWindow >= 0 ? prrWindow : cc.cwndBytes();
    }

    /** RFC 5682 §2 step 2b: takes one of the new segments F-RTO may send whatever the window. */
    boolean takeFrtoAllowance() {
        if (frtoAllowance <= 0) {
            return false;
        }
        frtoAllowance--;
        return true;
    }

    /** Timeout recovery (Linux's Loss state) is under way. */
    boolean inTimeoutRecovery() {
        return caState == CaState.LOSS;
    }

    /** RFC 6675 NextSeg rule 4 may send its one rescue retransmission of this recovery now. */
    boolean mayRescue() {
        return rescueRetransmission && seq.una() > rescueRxt && seq.nxt() > seq.una();
    }

    void rescued() {
        rescueRxt = recoveryPoint;
    }

    /** Whether a new segment of {@code len} bytes carries CWR: the first after an ECN response does. */
    boolean takeCwr(int len) {
        boolean cwr = cwrPending && len > 0;
        if (cwr) {
            cwrPending = false;
        }
        return cwr;
    }

    /** A data segment of {@code len} bytes left: PRR counts it. */
    void countSent(int len) {
        if (prr != null && caState == CaState.RECOVERY) {
            prr.onSent(len);
        }
    }

    /** The detector hears of a transmission once the RTO runs (a probe's timeout is bounded by it). */
    void detectorSaw(long now, boolean newData) {
        if (sender.sack()) {
            detector.onSent(now, newData);
            timers.arm(TimerKind.LOSS_DETECTION, detector.deadline());
        }
    }

    /** A retransmission left: the spurious-loss detectors hear of it. */
    void onRetransmit(SentRetransmission retransmission) {
        for (SpuriousLossDetector d : spurious) {
            d.onRetransmit(retransmission);
        }
    }

    // ---------------------------------------------------------------- one ACK

    /** SND.UNA advanced: the timeouts in a row end. */
    void onProgress() {
        retries = 0;
    }

    void countDupAck(boolean advanced, boolean dupAck) {
        if (advanced) {
            dupAcks = 0;
        } else if (dupAck) {
            dupAcks++;
        }
    }

    /** The detector's verdict on one ACK (with SACK only); what it marks lost is counted. */
    void detect(long now, AckResult result) {
        if (sender.sack()) {
            lossSource = detector.name();
            lossNow = now;
            verdict.reset(result);
            detector.onAck(now, result, verdict);
            respondToVerdict(now);
        }
        lost += result.newlyLostBytes;
    }

    /** What the detector's verdict asks of the sender beyond the segments it found lost. */
    private void respondToVerdict(long now) {
        if (verdict.probeRepairedLossSeen()) {
            onProbeRepairedLoss(now);
        }
        if (verdict.probeAsked()) {
            detector.onProbeSent(now, sender.sendProbe(now));
        }
        if (verdict.lostRetransmissionSentAt() >= 0) {
            onDoubleDrop(now, verdict.lostRetransmissionSentAt());
        }
    }

    /**
     * After loss detection: F-RTO, spurious-loss detection, the state machine, the ECN response
     * and PRR's window for the ACK of {@code ack} (SND.UNA was {@code priorUna}). {@code tsEcho}
     * is the ACK's TSecr or {@link AckEvidence#NO_ECHO}.
     */
    void afterDetection(long now, long ack, long priorUna, boolean dupAck, long tsEcho, AckResult result,
                        long newlyDelivered) {
        boolean advanced = ack > priorUna;
        judgeSpurious(now, ackEvidence.advanced(advanced).tsEcho(tsEcho).changes(result));
        updateState(now, ack, priorUna, dupAck);
        prrWindow = prr != null && caState == CaState.RECOVERY
                ? prr.window(newlyDelivered, sender.inflight(), cc.ssthreshBytes(), sender.smss(),
                        advanced && result.newlyLostBytes == 0) : -1;
    }

    /** RFC 3168 §6.1.2: react to ECE at most once per window of data. */
    void onEcnEcho(long now) {
        c.trace(now, TraceEvent.ECN_ECE, null, seq.una(), 0);
        if (caState != CaState.OPEN && caState != CaState.DISORDER || seq.una() <= cwrPoint) {
            return;
        }
        cwrPoint = seq.nxt();
        cc.ssthreshOnCongestion(CongestionSignal.ECN, flightForReduction(), now);
        cwrPending = !c.handshake.accEcn(); // RFC 9768 §3.1.5: no CWR in AccECN mode, the bit is part of ACE
        setCaState(CaState.CWR, now);
    }

    /**
     * RFC 9768 §3.2.2.2: the handshake fed back a CE mark (on our SYN or SYN-ACK), answered once
     * the connection is established, as an ECN response from the initial window (nothing is in
     * flight yet to reduce from).
     */
    void onHandshakeCe(long now) {
        c.trace(now, TraceEvent.ACCECN_CE, "handshake", seq.una(), 0);
        cwrPoint = seq.nxt();
        cc.ssthreshOnCongestion(CongestionSignal.ECN, cc.cwndBytes(), now);
        setCaState(CaState.CWR, now);
    }

    private void updateState(long now, long ack, long priorUna, boolean dupAck) {
        if (inRecovery() && seq.una() >= recoveryPoint) {
            renoDupSegments = 0;
            frtoAllowance = 0;
            setCaState(CaState.OPEN, now);
            cc.onEvent(CaEvent.RECOVERY_EXIT, now);
            detector.onRecoveryEnd();
            c.trace(now, TraceEvent.RECOVERY_EXIT, null, seq.una(), 0);
        } else if (caState == CaState.CWR && seq.una() >= cwrPoint) {
            setCaState(CaState.OPEN, now);
        }
        boolean sack = sender.sack();
        if (!sack) {
            updateNewReno(now, ack, priorUna, dupAck);
        }
        if (caState == CaState.OPEN || caState == CaState.DISORDER || caState == CaState.CWR) {
            // A segment already retransmitted belongs to the episode that resent it, not a new one
            boolean lossSeen = sack
                    ? scoreboard.nextLostToRetransmit() >= 0 || detector.countsDupAcks() && dupAcks >= DUP_THRESH
                    : dupAcks >= DUP_THRESH && seq.una() > recoveryPoint; // RFC 6582 §3.2 step 2
            if (lossSeen && seq.nxt() > seq.una()) {
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
            int smss = sender.smss();
            int ackedSegments = (int) ((ack - priorUna + smss - 1) / smss);
            renoDupSegments = Math.max(0, renoDupSegments - ackedSegments);
            if (caState == CaState.RECOVERY && ack < recoveryPoint) {
                // RFC 6582 §3.2 step 5: partial ACK, retransmit the first unacknowledged segment at once
                markLost(now, "newreno", seq.una());
                long head = scoreboard.nextLostToRetransmit();
                if (head >= 0) {
                    sender.retransmit(now, head);
                }
            }
        }
    }

    /**
     * The spurious-loss detectors judge one ACK; then the sender acts on their verdict: a
     * timeout's response first (F-RTO: go-back-N, or new segments beyond the window), then the
     * undo, named by the first detector that found the episode spurious.
     */
    private void judgeSpurious(long now, AckEvidence ack) {
        if (!judging) {
            return;
        }
        spuriousVerdict.reset();
        String foundBy = null;
        for (SpuriousLossDetector d : spurious) {
            d.onAck(ack, spuriousVerdict);
            if (foundBy == null && spuriousVerdict.spuriousCause() != null) {
                foundBy = d.name();
            }
        }
        if (spuriousVerdict.conventionalRecoveryAsked()) {
            goBackN(now);
        } else if (spuriousVerdict.newSegmentsAsked() > 0) {
            frtoAllowance = spuriousVerdict.newSegmentsAsked();
        }
        if (foundBy != null) {
            undo(now, spuriousVerdict.spuriousCause(), foundBy, spuriousVerdict.originalFilledTheHoleSeen());
        }
    }

    // ---------------------------------------------------------------- reductions and undo

    private void startEpisode(UndoCause cause) {
        judging = true;
        for (SpuriousLossDetector d : spurious) {
            d.onEpisodeStart(cause);
        }
    }

    private void markLost(long now, String source, long start) {
        lossSource = source;
        lossNow = now;
        if (scoreboard.markLost(start)) {
            lost += scoreboard.segmentLength(start);
        }
    }

    /**
     * The last reduction was spurious (RFC 4015 §3.1): the algorithm restores its window and
     * state, the segments the episode deemed lost are in flight again (not resent: resume with new
     * data), and the connection leaves recovery without the exit clamp, which would cancel the undo.
     */
    private void undo(long now, UndoCause cause, String foundBy, boolean originalFilledTheHole) {
        cc.undo(cause, sender.inflight(), now);
        spuriousUndos++;
        c.trace(now, TraceEvent.SPURIOUS_UNDO, foundBy, seq.una(), 0);
        for (SpuriousLossDetector d : spurious) {
            d.onEpisodeEnd();
        }
        judging = false;
        detector.onUndo(now, cause == UndoCause.SPURIOUS_RETRANSMIT && originalFilledTheHole);
        frtoAllowance = 0;
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
        return Math.min(seq.outstanding(), cc.cwndBytes());
    }

    private void enterRecovery(long now, CongestionSignal signal) {
        enterRecovery(now, signal, true);
    }

    /** {@code headNow}: retransmit the first lost segment here, ahead of any window (RFC 6675 §5 step 4.3). */
    private void enterRecovery(long now, CongestionSignal signal, boolean headNow) {
        recoveryPoint = seq.nxt();
        startEpisode(UndoCause.SPURIOUS_RETRANSMIT);
        if (prr != null) {
            prr.start(seq.outstanding(), cc.cwndBytes());
        }
        rescueRxt = -1;
        cc.ssthreshOnCongestion(signal, flightForReduction(), now);
        setCaState(signal.collapsesWindow() ? CaState.LOSS : CaState.RECOVERY, now);
        fastRecoveries++;
        c.trace(now, TraceEvent.RECOVERY_ENTER, signal.name(), seq.una(), 0);
        boolean sack = sender.sack();
        if (!sack || detector.countsDupAcks()) {
            // RFC 6675 §5 step 4.3 / RFC 5681 §3.2 step 2: retransmit the first segment at once
            if (!scoreboard.isLost(seq.una())) {
                markLost(now, sack ? detector.name() : "newreno", seq.una());
            }
        }
        long head = scoreboard.nextLostToRetransmit();
        if (head >= 0 && (headNow || caState != CaState.RECOVERY)) { // PRR paces RECOVERY only
            sender.retransmit(now, head);
        }
    }

    /**
     * TEB: a retransmission sent at {@code sentAt} was deemed lost again (REFERENCE §5.2 step 3).
     * Like a timeout the window falls to one segment, once per window: retransmissions that left
     * before the last such response belong to it, and only a response is counted and traced.
     * ssthresh is reduced only if this episode has not done so yet.
     */
    private void onDoubleDrop(long now, long sentAt) {
        if (sentAt <= doubleDropResponseAt) {
            return;
        }
        doubleDropResponseAt = now;
        doubleDrops++;
        c.trace(now, TraceEvent.DOUBLE_DROP, detector.name(), seq.una(), 0);
        if (inRecovery()) {
            cc.onEvent(CaEvent.LOSS_WINDOW, now);
            recoveryPoint = seq.nxt();
            setCaState(CaState.LOSS, now);
            // as after a timeout, the lost segment goes at once: the loss window is one segment
            // beyond what is in flight (Linux tcp_enter_loss: cwnd = in flight + 1), not one in all
            long head = scoreboard.nextLostToRetransmit();
            if (head >= 0) {
                sender.retransmit(now, head);
            }
        } else {
            enterRecovery(now, CongestionSignal.DOUBLE_DROP);
        }
    }

    /**
     * RFC 8985 §7.4.2: a probe that was a retransmission repaired a loss the ACKs never showed;
     * the loss still calls for one congestion response, taken as a window reduction (CWR), as Linux.
     */
    private void onProbeRepairedLoss(long now) {
        if (caState != CaState.OPEN && caState != CaState.DISORDER) {
            return; // the episode that covers it has responded already
        }
        cwrPoint = seq.nxt();
        cc.ssthreshOnCongestion(CongestionSignal.TIMER_LOSS, flightForReduction(), now);
        setCaState(CaState.CWR, now);
        c.trace(now, TraceEvent.LOSS_DETECTED, "tlp", seq.una(), 0);
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
        if (seq.allAcked()) {
            return;
        }
        if (++retries > maxRetries) {
            c.closing.enterClosed(now, ConnectionError.TIMEOUT);
            return;
        }
        rtoCount++;
        c.trace(now, TraceEvent.RTO, null, seq.una(), 0);
        spuriousVerdict.reset();
        judging = true;
        for (SpuriousLossDetector d : spurious) {
            d.onTimeout(spuriousVerdict);
        }
        boolean firstOnly = spuriousVerdict.resendFirstOnlyAsked();
        if (inRecovery()) {
            // ssthresh stays what this episode made it (RFC 5681: constant across repeated timeouts;
            // Linux tcp_enter_loss keeps fast recovery's): only the window falls to one segment
            cc.onEvent(CaEvent.LOSS_WINDOW, now);
        } else {
            cc.ssthreshOnCongestion(CongestionSignal.RTO, flightForReduction(), now);
            startEpisode(UndoCause.SPURIOUS_RTO);
        }
        recoveryPoint = seq.nxt();
        dupAcks = 0;
        renoDupSegments = 0;
        setCaState(CaState.LOSS, now);
        if (firstOnly) {
            markLost(now, "rto", seq.una()); // F-RTO step 1: only the first segment, the rest waits for two ACKs
        } else {
            goBackN(now);
        }
        rtt.backoff();
        long head = scoreboard.nextLostToRetransmit();
        if (head >= 0) {
            sender.retransmit(now, head);
        }
        timers.arm(TimerKind.RTO, now + rtt.rto());
        sender.trySend(now);
    }

    /** The loss detector's timer: RACK's reordering timer, TLP's probe timeout or a TEB deadline. */
    void onLossTimer(long now) {
        if (!sender.sack() || seq.allAcked()) {
            return;
        }
        AckResult result = timerResult;
        result.clear();
        lossSource = detector.name();
        lossNow = now;
        verdict.reset(result);
        detector.onTimer(now, verdict);
        respondToVerdict(now);
        lost += result.newlyLostBytes;
        if (result.newlyLostBytes > 0 && (caState == CaState.OPEN || caState == CaState.DISORDER
                || caState == CaState.CWR)) {
            boolean quota = prr != null && prr.fastRetransmitInQuota();
            enterRecovery(now, detector.signal(), !quota);
            if (quota && caState == CaState.RECOVERY) {
                // Linux tcp_rack_reo_timeout: tcp_cwnd_reduction(sk, 1, newly_lost, 0) on entering
                // recovery, one segment's quota as if an ACK had delivered one
                prrWindow = prr.window(sender.smss(), sender.inflight(), cc.ssthreshBytes(), sender.smss(), false);
            }
        }
        sender.trySend(now);
        timers.arm(TimerKind.LOSS_DETECTION, detector.deadline());
    }

    /** The loss detector's next deadline, for the LOSS_DETECTION timer. */
    long detectorDeadline() {
        return detector.deadline();
    }

    /**
     * RFC 1191 §6.4, RFC 8201 §5.4: outstanding segments longer than the new {@code mss} were
     * dropped on the path; they are lost, without a congestion response.
     */
    void onMssLowered(long now, int mss) {
        lossSource = "pmtu";
        lossNow = now;
        lost += scoreboard.markLostLongerThan(mss);
    }

    /**
     * RFC 7413 §4.2.1: the SYN-ACK left some of our SYN's data unacknowledged (the server did not
     * take it); every outstanding segment — that data — is lost, without a congestion response.
     */
    void onSynDataUnacknowledged(long now) {
        lossSource = "syn-data";
        lossNow = now;
        lost += scoreboard.markAllLost();
    }

    private void setCaState(CaState next, long now) {
        if (next != CaState.RECOVERY) {
            prrWindow = -1; // PRR paces fast recovery only
        }
        if (next != caState) {
            CaState from = caState;
            caState = next;
            cc.onStateChange(from, next, now);
            c.trace(now, TraceEvent.CA_STATE, next.name(), seq.una(), 0);
        }
    }
}
