package io.tcplab.cc;

import io.tcplab.stack.cc.AckSample;
import io.tcplab.stack.cc.CaEvent;
import io.tcplab.stack.cc.CaState;
import io.tcplab.stack.cc.CcInit;
import io.tcplab.stack.cc.CcParameters;
import io.tcplab.stack.cc.CongestionControl;
import io.tcplab.stack.cc.CongestionControlProvider;
import io.tcplab.stack.cc.CongestionSignal;
import io.tcplab.stack.cc.UndoCause;

/**
 * BBRv3 as draft-ietf-ccwg-bbr-06 (July 2026) specifies it; section numbers below are that
 * revision's. The state machine (§5.3): Startup (pacing gain 4·ln 2 ≈ 2.77, cwnd gain 2) until
 * three rounds without 25% growth of the delivery rate or a lossy round in fast recovery (§5.3.1);
 * Drain (0.5) until in flight ≤ the BDP or three rounds; ProbeBW cycling DOWN (0.90) → CRUISE
 * (1.0) → REFILL (1.0, one round) → UP (1.25, cwnd gain 2.25) → DOWN (§5.3.3), the next probe
 * after a random 2–3 s or the Reno-coexistence bound of at most 63 rounds; ProbeRTT (cwnd at
 * BDP/2) when the 5 s ProbeRTT min delay has not fallen, for 200 ms and a round (§5.3.4). The
 * model (§5.5): max_bw over two ProbeBW cycles, min_rtt over 10 s, extra_acked, the long-term
 * inflight bound inflight_longterm (the draft's former inflight_hi) set when a bandwidth probe's
 * loss rate passes loss_thresh (2%) and raised while probes stay below it, and the short-term
 * bounds bw_shortterm/inflight_shortterm (bw_lo/inflight_lo) cut by β = 0.7 per lossy round
 * outside probing; cwnd in CRUISE and ProbeRTT leaves headroom (15%) below inflight_longterm.
 *
 * <p>Differences, each for a reason stated: the draft's per-lost-packet step (HandleLostPacket,
 * §5.5.10.2) needs the lost packet's own tx_in_flight; the SPI reports losses per ACK, so a
 * probe's loss rate is judged on each ACK's rate sample (RS.lost against RS.tx_in_flight of the
 * newest delivered packet), as Google's v3 tcp_bbr.c bbr_adapt_upper_bounds also does, and
 * InflightAtLoss's prefix of an offload burst does not arise (tcplab sends segment by segment).
 * The loss events of a Startup round are counted per ACK that reports new losses (as tcp_bbr.c v3
 * counts loss_events_in_round), not as discontiguous ranges. HandleProbeRTT's
 * MarkConnectionAppLimited is the stack's to do and is not modelled. ECN (§3.7 specifies no
 * response but requires CE to count as congestion): an ACK with ECE counts as a loss for the
 * short-term model; Linux v3's L4S ce_ratio response is not modelled.
 */
public final class Bbr3 implements CongestionControl {
    enum State { STARTUP, DRAIN, PROBE_BW_DOWN, PROBE_BW_CRUISE, PROBE_BW_REFILL, PROBE_BW_UP, PROBE_RTT }

    /** What the ACKs now arriving say about bandwidth probing (§2.14 BBR.ack_phase). */
    private enum AckPhase { INIT, REFILLING, PROBE_STARTING, PROBE_FEEDBACK, PROBE_STOPPING }

    /**
     * The draft's tunable constants (§2.8, §2.16.2).
     *
     * @param lossThresh            BBR.LossThresh, the per-round loss rate a probe may cause
     * @param beta                  BBR.Beta, the multiplicative decrease per lossy round
     * @param headroom              BBR.Headroom, the share of inflight_longterm left free
     * @param probeRttIntervalNanos BBR.ProbeRTTInterval
     */
    record Tunables(double lossThresh, double beta, double headroom, long probeRttIntervalNanos) {
        static final Tunables DRAFT = new Tunables(0.02, 0.7, 0.15, 5_000_000_000L);
    }

    static final double STARTUP_PACING_GAIN = 4 * Math.log(2); // §2.5, 2.77
    static final double DRAIN_PACING_GAIN = 0.5;
    static final double DEFAULT_CWND_GAIN = 2;
    static final double DOWN_PACING_GAIN = 0.90;
    static final double UP_PACING_GAIN = 1.25;
    static final double UP_CWND_GAIN = 2.25;
    static final double PROBE_RTT_CWND_GAIN = 0.5;
    static final double PACING_MARGIN = 0.99; // BBR.PacingMarginPercent = 1
    static final double FULL_BW_GROWTH = 1.25;
    static final int FULL_BW_COUNT = 3;
    static final int STARTUP_FULL_LOSS_COUNT = 6; // BBRStartupFullLossCnt, §5.3.1.3
    static final int DRAIN_MAX_ROUNDS = 3;
    static final int MAX_BW_FILTER_CYCLES = 2; // BBR.MaxBwFilterLen
    static final long MIN_RTT_FILTER_NANOS = 10_000_000_000L;
    static final long PROBE_RTT_DURATION_NANOS = 200_000_000L;
    static final int MIN_PIPE_SEGMENTS = 4; // BBR.MinPipeCwnd
    static final int MAX_PROBE_UP_ROUNDS = 30;
    static final long MAX_SEND_QUANTUM = 64 * 1024; // §5.6.3
    static final long UNBOUNDED = Bbr3ShortTermModel.UNBOUNDED;

    private final Tunables tunables;
    private final Bbr3ShortTermModel shortTerm;
    private final RoundMaxFilter maxBwFilter = new RoundMaxFilter(MAX_BW_FILTER_CYCLES);
    private final Bbr3ExtraAcked aggregation = new Bbr3ExtraAcked();
    private Bbr3ProbeWait probeWait;

    private int mss;
    private long initialCwnd;
    private boolean selectiveAcks;
    private boolean ecn;
    private long cwnd;
    private long ssthresh = Long.MAX_VALUE;
    private long pacingRate;
    /** InitPacingRate has used the first smoothed RTT (§5.6.2). */
    private boolean pacingFromSrtt;

    private State state = State.STARTUP;
    private double pacingGain = STARTUP_PACING_GAIN;
    private double cwndGain = DEFAULT_CWND_GAIN;
    /** C.delivered as of the ACK being processed. */
    private long delivered;
    private long lastLostTotal;
    private CaState priorCaState = CaState.OPEN;

    private long roundCount;
    private boolean roundStart;
    private long nextRoundDelivered;
    private long cycleCount;
    private long maxBw;
    private long bw;
    private long extraAcked;
    private long minRtt = UNBOUNDED;
    private long minRttStamp;
    private long probeRttMinDelay = UNBOUNDED;
    private long probeRttMinStamp;
    private boolean probeRttExpired;
    private long probeRttDoneStamp = -1;
    private boolean probeRttRoundDone;
    private long priorCwnd;
    private boolean idleRestart;
    private long drainStartRound;

    private boolean fullBwReached;
    private boolean fullBwNow;
    private long fullBw;
    private int fullBwCount;
    private int lossEventsInRound;

    private long inflightLongterm = UNBOUNDED;
    private long probeUpAckedPerInc = UNBOUNDED;
    private long bwProbeUpAcked;
    private int bwProbeUpRounds;
    private boolean bwProbeSample;
    private boolean prevProbeTooHigh;
    private boolean prevProbePrecautionary;
    private AckPhase ackPhase = AckPhase.INIT;
    private long cycleStamp;

    private State undoState;
    private long undoBwShortterm;
    private long undoInflightShortterm;
    private long undoInflightLongterm;

    Bbr3(Tunables tunables) {
        this.tunables = tunables;
        this.shortTerm = new Bbr3ShortTermModel(tunables.beta());
    }

    @Override
    public String name() {
        return "bbr3";
    }

    /** OnInit (§5.2.1) with InitPacingRate's 1 ms until an RTT sample (§5.6.2). */
    @Override
    public void init(CcInit init) {
        mss = init.mss();
        initialCwnd = init.initialWindow();
        selectiveAcks = init.sackEnabled();
        ecn = init.ecnNegotiated();
        cwnd = initialCwnd;
        minRttStamp = init.nowNanos();
        probeRttMinStamp = init.nowNanos();
        aggregation.restart(init.nowNanos());
        probeWait = new Bbr3ProbeWait(init.randomSeed());
        pacingRate = (long) (STARTUP_PACING_GAIN * initialCwnd * 1000);
    }

    @Override
    public long cwndBytes() {
        return cwnd;
    }

    @Override
    public long ssthreshBytes() {
        return ssthresh;
    }

    @Override
    public long pacingRateBytesPerSec() {
        return pacingRate;
    }

    /** BBR sets the window in recovery itself (§5.6.4.4); the stack applies no PRR on top. */
    @Override
    public boolean setsRecoveryWindow() {
        return true;
    }

    State state() {
        return state;
    }

    double pacingGain() {
        return pacingGain;
    }

    double cwndGain() {
        return cwndGain;
    }

    long maxBw() {
        return maxBw;
    }

    long bw() {
        return bw;
    }

    long minRtt() {
        return minRtt;
    }

    long inflightLongterm() {
        return inflightLongterm;
    }

    Bbr3ShortTermModel shortTerm() {
        return shortTerm;
    }

    Bbr3ProbeWait probeWait() {
        return probeWait;
    }

    boolean fullBwReached() {
        return fullBwReached;
    }

    // ---------------------------------------------------------------- per ACK (§5.2.3)

    @Override
    public void onAck(AckSample s) {
        long now = s.nowNanos();
        delivered = s.deliveredTotal();
        long newlyLost = s.lostTotal() - lastLostTotal;
        lastLostTotal = s.lostTotal();
        if (newlyLost > 0 || (ecn && s.ece())) {
            noteLoss(); // §5.2.4 per-loss steps; CE counts as congestion (§3.7)
            if (newlyLost > 0) {
                lossEventsInRound = Math.min(lossEventsInRound + 1, 0xF);
            }
        }
        restoreCwndAfterRecovery(s.caState());
        long newlyAcked = s.newlyDeliveredBytes();
        if (newlyAcked <= 0) {
            return; // an ECE-only ACK: no rate sample
        }
        long rate = Math.max(0, s.deliveryRateBytesPerSec());
        long rsDelivered = s.priorDelivered() >= 0 ? delivered - s.priorDelivered() : 0;

        shortTerm.updateLatest(rate, rsDelivered, s.priorDelivered(), delivered);
        updateMaxBw(s, rate);
        shortTerm.adaptAtRoundEnd(isProbingBw(), maxBw, cwnd);
        extraAcked = aggregation.update(now, bw, newlyAcked, cwnd, roundCount, fullBwReached);
        checkFullBwReached(s, rate);
        checkStartupDone(s);
        checkDrainDone(s);
        updateProbeBwCyclePhase(s, rate, now);
        updateMinRtt(s.rttNanos(), now);
        checkProbeRtt(s, rsDelivered, now);
        shortTerm.advanceLatest(rate, rsDelivered);
        bw = Math.min(maxBw, shortTerm.bw()); // BoundBWForModel

        if (!pacingFromSrtt && s.srttNanos() > 0) { // InitPacingRate: initial cwnd over the first srtt
            pacingRate = (long) (STARTUP_PACING_GAIN * initialCwnd * 1e9 / s.srttNanos());
            pacingFromSrtt = true;
        }
        setPacingRate(pacingGain);
        setCwnd(newlyAcked);
    }

    /** UpdateRound (§5.5.1): a round ends once a packet sent after it began is delivered. */
    private void updateRound(long priorDelivered) {
        roundStart = priorDelivered >= nextRoundDelivered;
        if (roundStart) {
            startRound();
            roundCount++;
            probeWait.onRoundStart();
        }
    }

    private void startRound() {
        nextRoundDelivered = delivered;
    }

    /** UpdateMaxBw (§5.5.5): app-limited samples count only when they raise the max. */
    private void updateMaxBw(AckSample s, long rate) {
        updateRound(s.priorDelivered());
        if (rate > 0 && (rate >= maxBw || !s.appLimited())) {
            maxBwFilter.update(cycleCount, rate);
        }
        maxBw = maxBwFilter.get(cycleCount);
        if (bw == 0) {
            bw = maxBw; // before the first BoundBWForModel
        }
    }

    // ---------------------------------------------------------------- Startup and Drain (§5.3.1, §5.3.2)

    private void setState(State next, double pacing, double cwndGainNow) {
        state = next;
        pacingGain = pacing;
        cwndGain = cwndGainNow;
    }

    private void enterStartup() {
        setState(State.STARTUP, STARTUP_PACING_GAIN, DEFAULT_CWND_GAIN);
    }

    private void resetFullBw() {
        fullBw = 0;
        fullBwCount = 0;
        fullBwNow = false;
    }

    /** CheckFullBWReached (§5.3.1.2): three non-app-limited rounds without 25% growth of the delivery rate. */
    private void checkFullBwReached(AckSample s, long rate) {
        if (fullBwNow || !roundStart || s.appLimited()) {
            return;
        }
        if (rate >= fullBw * FULL_BW_GROWTH) {
            resetFullBw();
            fullBw = rate;
            return;
        }
        fullBwCount++;
        fullBwNow = fullBwCount >= FULL_BW_COUNT;
        if (fullBwNow) {
            fullBwReached = true;
        }
    }

    private void checkStartupDone(AckSample s) {
        checkStartupHighLoss(s);
        if (state == State.STARTUP && fullBwReached) {
            enterDrain();
        }
    }

    /**
     * CheckStartupHighLoss (§5.3.1.3): at the end of a loss round spent in fast recovery, with a
     * loss rate above loss_thresh and at least six loss events in it (with SACK; without, any loss
     * in recovery), the pipe is full: inflight_longterm = max(BDP, inflight_latest), on to Drain.
     */
    private void checkStartupHighLoss(AckSample s) {
        if (fullBwReached || state != State.STARTUP) {
            return;
        }
        if (shortTerm.lossRoundStart()) {
            boolean inRecovery = s.caState() == CaState.RECOVERY;
            boolean enough = selectiveAcks
                    ? lossEventsInRound >= STARTUP_FULL_LOSS_COUNT && isInflightTooHigh(s)
                    : lossEventsInRound > 0;
            lossEventsInRound = 0;
            if (inRecovery && enough) {
                undoState = State.STARTUP;
                fullBwReached = true;
                inflightLongterm = Math.max(bdpMultiple(bw, 1), shortTerm.inflightLatest());
            }
        }
    }

    /** EnterDrain; ssthresh becomes the BDP, as Linux's BBR sets snd_ssthresh on leaving Startup. */
    private void enterDrain() {
        setState(State.DRAIN, DRAIN_PACING_GAIN, DEFAULT_CWND_GAIN);
        drainStartRound = roundCount;
        ssthresh = inflight(maxBw, 1);
    }

    private void checkDrainDone(AckSample s) {
        if (state == State.DRAIN
                && (s.inflight() <= inflight(bw, 1) || roundCount > drainStartRound + DRAIN_MAX_ROUNDS)) {
            startProbeBwDown(s.nowNanos()); // EnterProbeBW
        }
    }

    // ---------------------------------------------------------------- ProbeBW (§5.3.3)

    private boolean inProbeBw() {
        return state == State.PROBE_BW_DOWN || state == State.PROBE_BW_CRUISE
                || state == State.PROBE_BW_REFILL || state == State.PROBE_BW_UP;
    }

    private boolean isProbingBw() {
        return state == State.STARTUP || state == State.PROBE_BW_REFILL || state == State.PROBE_BW_UP;
    }

    private void startProbeBwDown(long now) {
        shortTerm.resetCongestionSignals();
        probeUpAckedPerInc = UNBOUNDED;
        probeWait.pick();
        cycleStamp = now;
        ackPhase = AckPhase.PROBE_STOPPING;
        startRound();
        setState(State.PROBE_BW_DOWN, DOWN_PACING_GAIN, DEFAULT_CWND_GAIN);
    }

    private void startProbeBwCruise() {
        setState(State.PROBE_BW_CRUISE, 1, DEFAULT_CWND_GAIN);
    }

    private void startProbeBwRefill() {
        shortTerm.reset();
        bwProbeUpRounds = 0;
        bwProbeUpAcked = 0;
        prevProbePrecautionary = false;
        ackPhase = AckPhase.REFILLING;
        startRound();
        setState(State.PROBE_BW_REFILL, 1, DEFAULT_CWND_GAIN);
    }

    private void startProbeBwUp(long rate) {
        ackPhase = AckPhase.PROBE_STARTING;
        startRound();
        resetFullBw();
        fullBw = rate;
        setState(State.PROBE_BW_UP, UP_PACING_GAIN, UP_CWND_GAIN);
        raiseInflightLongtermSlope();
    }

    private void updateProbeBwCyclePhase(AckSample s, long rate, long now) {
        if (!fullBwReached || adaptLongTermModel(s) || !inProbeBw()) {
            return;
        }
        switch (state) {
            case PROBE_BW_DOWN -> {
                if (!isTimeToProbeBw(now) && isTimeToCruise(s.inflight())) {
                    startProbeBwCruise();
                }
            }
            case PROBE_BW_CRUISE -> isTimeToProbeBw(now);
            case PROBE_BW_REFILL -> {
                if (roundStart) { // one round of REFILL, then UP
                    bwProbeSample = true;
                    startProbeBwUp(rate);
                }
            }
            case PROBE_BW_UP -> {
                if (isTimeToGoDown(s, rate)) {
                    prevProbeTooHigh = false;
                    startProbeBwDown(now);
                }
            }
            default -> {
            }
        }
    }

    /** IsTimeToProbeBW (§5.3.3.8): the random wall-clock wait or the Reno-coexistence rounds have passed. */
    private boolean isTimeToProbeBw(long now) {
        if (probeWait.due(now, cycleStamp, targetInflight(), mss)) {
            startProbeBwRefill();
            return true;
        }
        return false;
    }

    /** IsTimeToCruise: in flight has left the headroom free and is at most the BDP. */
    private boolean isTimeToCruise(long inflight) {
        return inflight <= inflightWithHeadroom() && inflight <= inflight(maxBw, 1);
    }

    /** IsTimeToGoDown (§5.3.3.7): a precautionary probe reached the old limit, or the bandwidth plateaued. */
    private boolean isTimeToGoDown(AckSample s, long rate) {
        if (prevProbeTooHigh && s.inflight() >= inflightLongterm) {
            prevProbePrecautionary = true;
            return true;
        }
        if (s.cwndLimited() && cwnd >= inflightLongterm) {
            resetFullBw(); // inflight_longterm limits the probe: keep looking
            fullBw = rate;
        } else if (fullBwNow) {
            return true;
        }
        return false;
    }

    /** TargetInflight: the BDP, unless congestion cut cwnd below it. */
    private long targetInflight() {
        return Math.min(bdpMultiple(bw, 1), cwnd);
    }

    /** InflightWithHeadroom: inflight_longterm less max(1 segment, headroom·inflight_longterm), at least MinPipeCwnd. */
    private long inflightWithHeadroom() {
        if (inflightLongterm == UNBOUNDED) {
            return UNBOUNDED;
        }
        long headroom = Math.max(mss, (long) (tunables.headroom() * inflightLongterm));
        return Math.max(inflightLongterm - headroom, minPipeCwnd());
    }

    private void raiseInflightLongtermSlope() {
        long growthThisRound = 1L << bwProbeUpRounds;
        bwProbeUpRounds = Math.min(bwProbeUpRounds + 1, MAX_PROBE_UP_ROUNDS);
        probeUpAckedPerInc = Math.max(cwnd / growthThisRound, mss);
    }

    /** ProbeInflightLongtermUpward: while cwnd-limited at the bound, +1, 2, 4… segments per round. */
    private void probeInflightLongtermUpward(AckSample s) {
        if (!s.cwndLimited() || cwnd < inflightLongterm) {
            return;
        }
        bwProbeUpAcked += s.newlyDeliveredBytes();
        if (bwProbeUpAcked >= probeUpAckedPerInc) {
            long delta = bwProbeUpAcked / probeUpAckedPerInc;
            bwProbeUpAcked -= delta * probeUpAckedPerInc;
            inflightLongterm += delta * mss;
        }
        if (roundStart) {
            raiseInflightLongtermSlope();
        }
    }

    /**
     * AdaptLongTermModel (§5.3.3.9): advances the ACK phase and the max_bw filter's cycle, starts a
     * precautionary probe's second try, and reacts to the sample's loss rate: too high while the
     * samples come from a probe lowers inflight_longterm (§5.5.10.2); otherwise the bound rises to
     * what was in flight, and in UP grows. Returns whether it decided a state change.
     */
    private boolean adaptLongTermModel(AckSample s) {
        if (ackPhase == AckPhase.PROBE_STARTING && roundStart) {
            ackPhase = AckPhase.PROBE_FEEDBACK;
        }
        if (ackPhase == AckPhase.PROBE_STOPPING && roundStart) {
            bwProbeSample = false;
            ackPhase = AckPhase.INIT;
            if (inProbeBw() && !s.appLimited()) {
                cycleCount++; // AdvanceMaxBwFilter
            }
            if (inProbeBw() && prevProbePrecautionary && !prevProbeTooHigh) {
                startProbeBwRefill();
                return true;
            }
        }
        if (isInflightTooHigh(s)) {
            if (bwProbeSample) {
                handleInflightTooHigh(s);
            }
            return false;
        }
        if (inflightLongterm == UNBOUNDED) {
            return false;
        }
        if (s.txInFlight() > inflightLongterm) {
            inflightLongterm = s.txInFlight();
        }
        if (state == State.PROBE_BW_UP) {
            probeInflightLongtermUpward(s);
        }
        return false;
    }

    /** IsInflightTooHigh: the sample's flight lost more than loss_thresh of it (any loss without SACK). */
    private boolean isInflightTooHigh(AckSample s) {
        long lost = s.lostSinceSend();
        if (lost <= 0 || s.txInFlight() < 0) {
            return false;
        }
        return !selectiveAcks || lost > s.txInFlight() * tunables.lossThresh();
    }

    /** HandleInflightTooHigh: inflight_longterm = max(tx_in_flight, β·target inflight); UP ends. */
    private void handleInflightTooHigh(AckSample s) {
        prevProbeTooHigh = true;
        bwProbeSample = false; // react once per probe
        if (!s.appLimited()) {
            inflightLongterm = Math.max(s.txInFlight(), (long) (targetInflight() * tunables.beta()));
        }
        if (state == State.PROBE_BW_UP) {
            undoState = State.PROBE_BW_UP;
            startProbeBwDown(s.nowNanos());
        }
    }

    // ---------------------------------------------------------------- ProbeRTT and min_rtt (§5.3.4)

    /** UpdateMinRTT (§5.3.4.3): the 5 s ProbeRTT min delay feeds the 10 s min_rtt. */
    private void updateMinRtt(long rtt, long now) {
        probeRttExpired = now > probeRttMinStamp + tunables.probeRttIntervalNanos();
        if (rtt >= 0 && (rtt < probeRttMinDelay || probeRttExpired)) {
            probeRttMinDelay = rtt;
            probeRttMinStamp = now;
        }
        boolean minRttExpired = now > minRttStamp + MIN_RTT_FILTER_NANOS;
        if (probeRttMinDelay < minRtt || minRttExpired) {
            minRtt = probeRttMinDelay;
            minRttStamp = probeRttMinStamp;
        }
    }

    private void checkProbeRtt(AckSample s, long rsDelivered, long now) {
        if (state != State.PROBE_RTT && probeRttExpired && !idleRestart) {
            setState(State.PROBE_RTT, 1, PROBE_RTT_CWND_GAIN);
            saveCwnd();
            probeRttDoneStamp = -1;
            ackPhase = AckPhase.PROBE_STOPPING;
            startRound();
        }
        if (state == State.PROBE_RTT) {
            handleProbeRtt(s.inflight(), now);
        }
        if (rsDelivered > 0) {
            idleRestart = false;
        }
    }

    private void handleProbeRtt(long inflight, long now) {
        if (probeRttDoneStamp < 0 && inflight <= probeRttCwnd()) {
            probeRttDoneStamp = now + PROBE_RTT_DURATION_NANOS; // at least 200 ms…
            probeRttRoundDone = false; // …and one round
            startRound();
        } else if (probeRttDoneStamp >= 0) {
            if (roundStart) {
                probeRttRoundDone = true;
            }
            if (probeRttRoundDone) {
                checkProbeRttDone(now);
            }
        }
    }

    private void checkProbeRttDone(long now) {
        if (probeRttDoneStamp >= 0 && now > probeRttDoneStamp) {
            probeRttMinStamp = now; // the next ProbeRTT is due one interval from now
            restoreCwnd();
            shortTerm.reset(); // ExitProbeRTT
            if (fullBwReached) {
                startProbeBwDown(now);
                startProbeBwCruise(); // in flight is already below the BDP
            } else {
                enterStartup();
            }
        }
    }

    private long probeRttCwnd() {
        return Math.max(bdpMultiple(bw, PROBE_RTT_CWND_GAIN), minPipeCwnd());
    }

    // ---------------------------------------------------------------- control parameters (§5.6)

    /** SetPacingRateWithGain (§5.6.2): gain·bw·0.99; in Startup it only rises. */
    private void setPacingRate(double gain) {
        if (bw == 0) {
            return;
        }
        long rate = (long) (gain * bw * PACING_MARGIN);
        if (fullBwReached || rate > pacingRate) {
            pacingRate = rate;
        }
    }

    /** BDPMultiple (§5.6.4.2): gain × bandwidth × min_rtt; the initial window before an RTT sample. */
    private long bdpMultiple(long bandwidth, double gain) {
        if (minRtt == UNBOUNDED) {
            return initialCwnd;
        }
        return (long) (gain * bandwidth * (minRtt / 1e9));
    }

    private long minPipeCwnd() {
        return (long) MIN_PIPE_SEGMENTS * mss;
    }

    /**
     * QuantizationBudget: at least the offload budget, three send quanta (§5.5.8.1; a quantum is
     * the pacing rate's 1 ms, between 2 segments and 64 KB, §5.6.3), and MinPipeCwnd; +2 segments in UP.
     */
    private long quantizationBudget(long inflightCap) {
        long sendQuantum = Math.max(Math.min(pacingRate / 1000, MAX_SEND_QUANTUM), 2L * mss);
        long cap = Math.max(Math.max(inflightCap, 3 * sendQuantum), minPipeCwnd());
        return state == State.PROBE_BW_UP ? cap + 2L * mss : cap;
    }

    /** Inflight(bandwidth, gain): the BDP at {@code gain} with the quantization budget. */
    private long inflight(long bandwidth, double gain) {
        return quantizationBudget(bdpMultiple(bandwidth, gain));
    }

    /** SetCwnd (§5.6.4.6): grow by what each ACK delivered toward max_inflight, then the bounds. */
    private void setCwnd(long newlyAcked) {
        long maxInflight = quantizationBudget(bdpMultiple(bw, cwndGain) + extraAcked);
        if (fullBwReached) {
            cwnd = Math.min(cwnd + newlyAcked, maxInflight);
        } else if (cwnd < maxInflight || delivered < initialCwnd) {
            cwnd += newlyAcked;
        }
        cwnd = Math.max(cwnd, minPipeCwnd());
        if (state == State.PROBE_RTT) {
            cwnd = Math.min(cwnd, probeRttCwnd());
        }
        boundCwndForModel();
    }

    /** BoundCwndForModel (§5.6.4.7): the volume caps of the state table (§5.6.1). */
    private void boundCwndForModel() {
        long cap = UNBOUNDED;
        if (inProbeBw() && state != State.PROBE_BW_CRUISE) {
            cap = inflightLongterm;
        } else if (state == State.PROBE_RTT || state == State.PROBE_BW_CRUISE) {
            cap = inflightWithHeadroom();
        }
        cap = Math.max(Math.min(cap, shortTerm.inflight()), minPipeCwnd());
        cwnd = Math.min(cwnd, cap);
    }

    // ---------------------------------------------------------------- loss, recovery, undo (§5.5.10, §5.5.11, §5.6.4.4)

    private static boolean recovering(CaState caState) {
        return caState == CaState.RECOVERY || caState == CaState.LOSS;
    }

    private void noteLoss() {
        if (shortTerm.noteLoss(delivered)) {
            saveStateUponLoss();
        }
    }

    private void saveStateUponLoss() {
        saveCwnd();
        undoState = null;
        undoBwShortterm = shortTerm.bw();
        undoInflightShortterm = shortTerm.inflight();
        undoInflightLongterm = inflightLongterm;
    }

    /** SaveCwnd: the last window not cut by recovery or ProbeRTT. */
    private void saveCwnd() {
        priorCwnd = !recovering(priorCaState) && state != State.PROBE_RTT ? cwnd : Math.max(priorCwnd, cwnd);
    }

    private void restoreCwnd() {
        cwnd = Math.max(cwnd, priorCwnd);
    }

    /** Leaving loss recovery restores the window from before it; the model's bounds follow on this ACK. */
    private void restoreCwndAfterRecovery(CaState now) {
        if (recovering(priorCaState) && !recovering(now)) {
            restoreCwnd();
        }
        priorCaState = now;
    }

    /**
     * OnEnterFastRecovery / OnEnterRTO (§5.6.4.4): save the window and the undo state; a timeout
     * leaves one segment to send (everything in flight is then deemed lost). BBR keeps its model.
     */
    @Override
    public long ssthreshOnCongestion(CongestionSignal signal, long inflightBytes, long nowNanos) {
        if (signal == CongestionSignal.ECN) {
            return ssthresh; // the ECE on the ACK is the signal (onAck)
        }
        saveCwnd();
        saveStateUponLoss();
        if (signal.collapsesWindow()) {
            cwnd = mss;
            priorCaState = CaState.LOSS;
        }
        return ssthresh;
    }

    /** HandleSpuriousLossDetection (§5.5.11.2). */
    @Override
    public long undo(UndoCause cause, long inflightBytes, long nowNanos) {
        restoreCwnd();
        shortTerm.forgetLossInRound();
        resetFullBw();
        shortTerm.restoreAtLeast(undoBwShortterm, undoInflightShortterm);
        inflightLongterm = Math.max(inflightLongterm, undoInflightLongterm);
        if (undoState == State.STARTUP && state != State.STARTUP) {
            fullBwReached = false;
            if (state != State.PROBE_RTT) {
                enterStartup();
            }
        } else if (undoState == State.PROBE_BW_UP && state != State.PROBE_BW_UP && state != State.PROBE_RTT) {
            startProbeBwRefill();
        }
        undoState = null;
        return cwnd;
    }

    /** HandleRestartFromIdle (§5.4.1): pace at bw in ProbeBW, finish a ProbeRTT that the idle period served. */
    @Override
    public void onEvent(CaEvent event, long nowNanos) {
        if (event != CaEvent.TX_START_AFTER_IDLE) {
            return;
        }
        idleRestart = true;
        aggregation.restart(nowNanos);
        if (inProbeBw()) {
            setPacingRate(1);
        } else if (state == State.PROBE_RTT) {
            checkProbeRttDone(nowNanos);
        }
    }

    @Override
    public void onMssChange(int mss, long nowNanos) {
        this.mss = mss;
    }

    /** Registers {@code bbr3} with the draft's tunables as parameters. */
    public static final class Provider implements CongestionControlProvider {
        @Override
        public String name() {
            return "bbr3";
        }

        @Override
        public CongestionControl create(CcParameters p) {
            Tunables d = Tunables.DRAFT;
            double lossThresh = p.getDouble("loss_thresh", d.lossThresh(), 0.001, 0.5);
            double beta = p.getDouble("beta", d.beta(), 0.1, 0.95);
            double headroom = p.getDouble("headroom", d.headroom(), 0, 0.5);
            // at most BBR.MinRTTFilterLen (10 s), so the min_rtt window spans a ProbeRTT (§5.5.7.2)
            long intervalMs = p.getLong("probe_rtt_interval_ms", d.probeRttIntervalNanos() / 1_000_000, 200,
                    MIN_RTT_FILTER_NANOS / 1_000_000);
            return new Bbr3(new Tunables(lossThresh, beta, headroom, intervalMs * 1_000_000));
        }

        @Override
        public String source() {
            return "draft-ietf-ccwg-bbr-06 (BBRv3): LossThresh 2%, Beta 0.7, Headroom 0.15, ProbeRTTInterval 5 s, "
                    + "MinRTTFilterLen 10 s, max_bw over 2 ProbeBW cycles";
        }
    }
}
