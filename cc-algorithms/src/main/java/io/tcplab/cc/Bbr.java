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
import java.util.SplittableRandom;

/**
 * BBR v1 (Cardwell, Cheng, Gunn, Hassas Yeganeh, Jacobson, ACM Queue 14(5) 2016) with Linux
 * tcp_bbr.c's constants: BtlBw = max delivery rate over 10 rounds (bbr_bw_rtts), RTprop = min
 * RTT over 10 s (bbr_min_rtt_win_sec); STARTUP at gain 2/ln2 (bbr_high_gain) until three rounds
 * without 25% growth (bbr_full_bw_thresh, bbr_full_bw_cnt), DRAIN at 1/high_gain until in flight
 * ≤ bbr_inflight(BtlBw, 1) (the BDP plus the quantization budget), PROBE_BW cycling pacing gains
 * [1.25, 0.75, 1 ×6] (the 0.75 phase also ending once in flight ≤ that) with cwnd gain 2, PROBE_RTT at 4
 * segments (bbr_cwnd_min_target) for max(200 ms, one round) when RTprop is 10 s old. Pacing rate
 * = gain·BtlBw·(1 − 1%) (bbr_pacing_margin_percent). cwnd = gain·BDP + the quantization budget
 * (bbr_quantization_budget: three of bbr_tso_segs_goal's bursts, one pacing millisecond of data,
 * at least two segments, one below 1.2 Mbit/s), rounded up to even, +2 in the 1.25 phase. Loss
 * (bbr_set_cwnd_to_recover_or_restore, seen from the ACKs' congestion state as Linux sees it):
 * entering fast recovery cuts cwnd to what is in flight plus what the ACK delivered and starts a
 * round of packet conservation; then cwnd grows by what each ACK delivers toward the model's
 * target; the window from before is restored when recovery ends or a loss proves spurious. The
 * stack applies no PRR on top ({@link #setsRecoveryWindow}): Linux's tcp_cong_control skips
 * tcp_cwnd_reduction for a module with its own cong_control, as BBR is.
 * Once the pipe is full, cwnd also covers ACK aggregation as Linux's does (tcp_bbr.c
 * bbr_update_ack_aggregation, bbr_ack_aggregation_cwnd): the most data acknowledged beyond
 * BtlBw × the time since the aggregation epoch began, a max over two windows of 5 rounds
 * (bbr_extra_acked_win_rtts), clamped by cwnd and by BtlBw × 100 ms (bbr_extra_acked_max_us),
 * gain 1 (bbr_extra_acked_gain), the epoch reset when ACKs fall behind BtlBw or after 2^20
 * segments (bbr_ack_epoch_acked_reset_thresh).
 * PROBE_BW starts (after DRAIN and after each PROBE_RTT) at a random phase other than 0.75, as
 * Linux's bbr_reset_probe_bw_mode draws it (bbr_cycle_rand = 8 − 1), from the seed the stack hands
 * the algorithm ({@link CcInit#randomSeed()}), so runs repeat under the same seed.
 * The long-term (policer) bandwidth as Linux's ({@link BbrLongTermBw}): two lossy intervals that
 * agree on the delivery rate make it the rate to pace at, gain 1, for 48 rounds.
 * Differences from Linux: Linux compares in flight at the next paced
 * departure (bbr_packets_in_net_at_edt: less what BtlBw delivers until then); the SPI does not
 * tell the algorithm that time, so in flight now is compared.
 */
public final class Bbr implements CongestionControl {
    enum Mode { STARTUP, DRAIN, PROBE_BW, PROBE_RTT }

    static final double HIGH_GAIN = 2885 / 1000.0; // bbr_high_gain = 2/ln2 rounded as in Linux
    static final double DRAIN_GAIN = 1000 / 2885.0;
    static final double CWND_GAIN = 2;
    static final double[] PACING_GAIN = {1.25, 0.75, 1, 1, 1, 1, 1, 1};
    static final int BW_ROUNDS = 10;
    static final long MIN_RTT_WINDOW = 10_000_000_000L;
    static final long PROBE_RTT_DURATION = 200_000_000L;
    static final int CWND_MIN_SEGMENTS = 4;
    static final double FULL_BW_THRESH = 1.25;
    static final int FULL_BW_COUNT = 3;
    static final double PACING_MARGIN = 0.99;
    static final int EXTRA_ACKED_WINDOW_ROUNDS = 5;
    static final long EXTRA_ACKED_MAX_NANOS = 100_000_000L;
    static final long ACK_EPOCH_RESET_SEGMENTS = 1L << 20;
    /** bbr_min_tso_rate, 1.2 Mbit/s, in bytes per second: below it a TSO burst is one segment. */
    static final long MIN_TSO_RATE = 1_200_000 / 8;
    /** sk_pacing_shift: a TSO burst holds the pacing rate's 1/1024 s of data. */
    static final int PACING_SHIFT = 10;
    /** GSO_LEGACY_MAX_SIZE − 1 − MAX_TCP_HEADER (320 on x86-64), and the 0x7F segment cap. */
    static final long TSO_MAX_BYTES = 65_536 - 1 - 320;
    static final int TSO_MAX_SEGMENTS = 0x7F;

    private final RoundMaxFilter maxBw = new RoundMaxFilter(BW_ROUNDS);
    /** Draws the phase PROBE_BW starts at; seeded from {@link CcInit#randomSeed()} in {@link #init}. */
    private SplittableRandom random = new SplittableRandom(0);
    private int mss;
    private long initialWindow;
    private long cwnd;
    private long ssthresh = Long.MAX_VALUE;
    private long pacingRate;

    private Mode mode = Mode.STARTUP;
    private double pacingGain = HIGH_GAIN;
    private double cwndGain = HIGH_GAIN;
    private long round;
    private boolean roundStart;
    private long roundMark; // the delivered total at the round's start: a packet sent since ends it
    private long minRtt = Long.MAX_VALUE;
    private long minRttStamp;
    private boolean fullBwReached;
    private long fullBw;
    private int fullBwCount;
    private int cycleIndex;
    private long cycleStamp;
    private long probeRttDoneStamp = -1;
    private boolean probeRttRoundDone;
    private long priorCwnd;
    private boolean packetConservation;
    /** The congestion state the last ACK saw (Linux's prev_ca_state). */
    private CaState priorState = CaState.OPEN;
    private long lastLostTotal;
    /** ACK aggregation: the two windows' maxima of extra acknowledged bytes, and the epoch's state. */
    private final long[] extraAcked = new long[2];
    private int extraAckedWindow;
    private int extraAckedWindowRounds;
    private long ackEpochStart;
    private long ackEpochAcked;
    private final BbrLongTermBw longTerm = new BbrLongTermBw();
    /** The totals the last ACK reported: losses per sample, and the long-term sampler on a timeout. */
    private long lastSeenDelivered;
    private long lastSeenLost;

    @Override
    public String name() {
        return "bbr";
    }

    @Override
    public void init(CcInit init) {
        mss = init.mss();
        initialWindow = init.initialWindow();
        cwnd = initialWindow;
        minRttStamp = init.nowNanos();
        random = new SplittableRandom(init.randomSeed());
        longTerm.reset(init.nowNanos(), 0, 0);
        // Linux bbr_init_pacing_rate_from_rtt with its 1 ms default RTT, until a sample arrives
        pacingRate = (long) (HIGH_GAIN * initialWindow * 1000);
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

    Mode mode() {
        return mode;
    }

    double pacingGain() {
        return pacingGain;
    }

    int cycleIndex() {
        return cycleIndex;
    }

    long btlBw() {
        return maxBw.get(round);
    }

    long minRtt() {
        return minRtt;
    }

    boolean longTermInUse() {
        return longTerm.inUse();
    }

    long longTermBw() {
        return longTerm.bw();
    }

    /**
     * Linux bbr_update_round counts packet-timed rounds: a round ends once a packet sent after it
     * began is delivered, SACKed ones included (the stack's own round start waits for SND.UNA,
     * which a hole holds back for a whole recovery). A packet sent after the round began left
     * with at least the delivered total of the round's start. Counting by what was in flight at
     * an ACK instead ended two rounds per round trip in ProbeRTT's four-segment window, and the
     * ten-round bandwidth filter forgot the path's rate.
     */
    private void updateRound(AckSample s) {
        if (s.priorDelivered() >= roundMark) {
            round++;
            roundStart = true;
            roundMark = s.deliveredTotal();
            packetConservation = false;
        }
    }

    @Override
    public void onAck(AckSample s) {
        long now = s.nowNanos();
        updateRound(s);
        long rate = s.deliveryRateBytesPerSec();
        long losses = s.lostTotal() - lastSeenLost;
        lastSeenDelivered = s.deliveredTotal();
        lastSeenLost = s.lostTotal();
        if (rate >= 0) { // bbr_update_bw samples only a valid rate sample
            onLongTerm(longTerm.onSample(now, s.deliveredTotal(), s.lostTotal(), losses, s.appLimited(), roundStart,
                    mode == Mode.PROBE_BW), now);
        }
        if (rate > 0 && (!s.appLimited() || rate >= maxBw.get(round))) {
            maxBw.update(round, rate); // app-limited samples only count when they raise the max
        }
        updateAckAggregation(s, now);
        updateCycle(s, now);
        checkFullBw(s);
        checkDrain(s, now);
        updateMinRtt(s, now);
        setPacingRate();
        setCwnd(s);
        roundStart = false;
    }

    /** Linux bbr_bw: the long-term rate while it is in use, else BtlBw. */
    private long bw() {
        return longTerm.inUse() ? longTerm.bw() : maxBw.get(round);
    }

    /**
     * The long-term mode began or ended (probe anew). Its gain of 1 is PROBE_BW's: Linux's
     * bbr_lt_bw_interval_done sets it, but bbr_update_gains sets the mode's gain again on the same
     * ACK, so STARTUP and DRAIN keep theirs and pace at it times the long-term rate.
     */
    private void onLongTerm(BbrLongTermBw.Change change, long now) {
        if (change == BbrLongTermBw.Change.STARTED && mode == Mode.PROBE_BW) {
            pacingGain = cyclePacingGain();
        } else if (change == BbrLongTermBw.Change.ENDED) {
            enterProbeBw(now);
        }
    }

    /** bbr_bdp: gain × bw × RTprop in bytes; before any sample, the initial window. */
    private long bdp(double gain, long bw) {
        if (minRtt == Long.MAX_VALUE || bw == 0) {
            return initialWindow;
        }
        return (long) (gain * bw * (minRtt / 1e9));
    }

    /** Linux bbr_inflight(bbr_max_bw, gain), which the cycle's and DRAIN's ends compare with. */
    private long targetCwnd(double gain) {
        return targetCwnd(gain, 0, maxBw.get(round));
    }

    /** bbr_set_cwnd's target: the BDP at {@code gain}, plus {@code extra} bytes, plus the quantization budget. */
    private long targetCwnd(double gain, long extra, long bw) {
        long segments = (bdp(gain, bw) + extra + mss - 1) / mss + 3 * tsoSegmentsGoal();
        segments = (segments + 1) & ~1L;
        if (mode == Mode.PROBE_BW && cycleIndex == 0) {
            segments += 2;
        }
        return segments * mss;
    }

    /**
     * bbr_tso_segs_goal: the segments of one TSO burst at the pacing rate. tcplab sends segment by
     * segment, but the window Linux's BBR keeps includes three such bursts, and so does this one.
     */
    long tsoSegmentsGoal() {
        long bytes = Math.min(pacingRate >> PACING_SHIFT, TSO_MAX_BYTES);
        long segments = Math.max(bytes / mss, pacingRate < MIN_TSO_RATE ? 1 : 2);
        return Math.min(segments, TSO_MAX_SEGMENTS);
    }

    /** Linux bbr_update_ack_aggregation, in bytes where Linux counts segments. */
    private void updateAckAggregation(AckSample s, long now) {
        long acked = s.newlyDeliveredBytes();
        if (acked <= 0 || s.deliveryRateBytesPerSec() < 0) {
            return;
        }
        if (roundStart && ++extraAckedWindowRounds >= EXTRA_ACKED_WINDOW_ROUNDS) {
            extraAckedWindowRounds = 0;
            extraAckedWindow ^= 1;
            extraAcked[extraAckedWindow] = 0;
        }
        long expected = (long) (bw() * ((now - ackEpochStart) / 1e9));
        if (ackEpochAcked <= expected || ackEpochAcked + acked >= ACK_EPOCH_RESET_SEGMENTS * mss) {
            ackEpochAcked = 0; // ACKs came no faster than BtlBw (or the epoch is very old): start anew
            ackEpochStart = now;
            expected = 0;
        }
        ackEpochAcked += acked;
        long extra = Math.min(ackEpochAcked - expected, cwnd);
        extraAcked[extraAckedWindow] = Math.max(extraAcked[extraAckedWindow], extra);
    }

    /** Linux bbr_ack_aggregation_cwnd: the allowance once the pipe is full, at most BtlBw × 100 ms. */
    private long aggregationCwnd() {
        if (!fullBwReached) {
            return 0;
        }
        long max = (long) (bw() * (EXTRA_ACKED_MAX_NANOS / 1e9));
        return Math.min(Math.max(extraAcked[0], extraAcked[1]), max);
    }

    private void updateCycle(AckSample s, long now) {
        if (mode != Mode.PROBE_BW) {
            return;
        }
        boolean fullLength = now - cycleStamp > minRtt;
        long inflight = s.priorInflight();
        boolean next;
        if (pacingGain == 1) {
            next = fullLength;
        } else if (pacingGain > 1) {
            next = fullLength && (s.lostTotal() > lastLostTotal || inflight >= targetCwnd(pacingGain));
        } else {
            next = fullLength || inflight <= targetCwnd(1); // bbr_inflight(bw, BBR_UNIT): BDP + budget
        }
        if (next) {
            cycleIndex = (cycleIndex + 1) % PACING_GAIN.length;
            cycleStamp = now;
            pacingGain = cyclePacingGain();
        }
    }

    /** bbr_advance_cycle_phase: the phase's gain, or 1 while the long-term rate is in use. */
    private double cyclePacingGain() {
        return longTerm.inUse() ? 1 : PACING_GAIN[cycleIndex];
    }

    private void checkFullBw(AckSample s) {
        if (fullBwReached || !roundStart || s.appLimited()) {
            return;
        }
        long bw = maxBw.get(round);
        if (bw >= fullBw * FULL_BW_THRESH) {
            fullBw = bw;
            fullBwCount = 0;
            return;
        }
        fullBwReached = ++fullBwCount >= FULL_BW_COUNT;
    }

    private void checkDrain(AckSample s, long now) {
        if (mode == Mode.STARTUP && fullBwReached) {
            mode = Mode.DRAIN;
            pacingGain = DRAIN_GAIN;
            cwndGain = HIGH_GAIN;
            ssthresh = bdp(1, maxBw.get(round)); // Linux sets snd_ssthresh to the estimated BDP here
        }
        if (mode == Mode.DRAIN && s.inflight() <= targetCwnd(1)) {
            enterProbeBw(now);
        }
    }

    /**
     * Linux bbr_reset_probe_bw_mode: cycle_idx = CYCLE_LEN − 1 − a draw below bbr_cycle_rand (7),
     * then one bbr_advance_cycle_phase — so the cycle starts at 1.25 or at one of the 1.0 phases,
     * each with probability 1/7, never at 0.75.
     */
    private void enterProbeBw(long now) {
        mode = Mode.PROBE_BW;
        cwndGain = CWND_GAIN;
        cycleIndex = (PACING_GAIN.length - 1 - random.nextInt(PACING_GAIN.length - 1) + 1) % PACING_GAIN.length;
        cycleStamp = now;
        pacingGain = cyclePacingGain();
    }

    private void updateMinRtt(AckSample s, long now) {
        long rtt = s.rttNanos();
        boolean expired = now > minRttStamp + MIN_RTT_WINDOW;
        if (rtt > 0 && (rtt <= minRtt || expired)) {
            minRtt = rtt;
            minRttStamp = now;
        }
        if (expired && mode != Mode.PROBE_RTT) {
            saveCwnd();
            mode = Mode.PROBE_RTT;
            pacingGain = 1;
            cwndGain = 1;
            probeRttDoneStamp = -1;
        }
        if (mode != Mode.PROBE_RTT) {
            return;
        }
        if (probeRttDoneStamp < 0 && s.inflight() <= (long) CWND_MIN_SEGMENTS * mss) {
            probeRttDoneStamp = now + PROBE_RTT_DURATION;
            probeRttRoundDone = false;
        } else if (probeRttDoneStamp >= 0) {
            probeRttRoundDone |= roundStart;
            if (probeRttRoundDone && now >= probeRttDoneStamp) {
                minRttStamp = now;
                cwnd = Math.max(cwnd, priorCwnd);
                if (fullBwReached) {
                    enterProbeBw(now);
                } else {
                    mode = Mode.STARTUP;
                    pacingGain = HIGH_GAIN;
                    cwndGain = HIGH_GAIN;
                }
            }
        }
    }

    private void setPacingRate() {
        long bw = bw();
        if (bw == 0) {
            if (minRtt != Long.MAX_VALUE) {
                pacingRate = (long) (HIGH_GAIN * cwnd * 1e9 / minRtt);
            }
            return;
        }
        long rate = (long) (pacingGain * bw * PACING_MARGIN);
        if (fullBwReached || rate > pacingRate) {
            pacingRate = rate; // in STARTUP the rate only rises
        }
    }

    private void setCwnd(AckSample s) {
        long acked = s.newlyDeliveredBytes();
        // bbr_set_cwnd leaves the window alone on an ACK that delivered nothing (ECE only)
        if (acked > 0 && !recoverOrRestore(s, acked)) {
            long target = targetCwnd(cwndGain, aggregationCwnd(), bw());
            if (fullBwReached) {
                cwnd = Math.min(cwnd + acked, target);
            } else if (cwnd < target || s.deliveredTotal() < initialWindow) {
                cwnd += acked;
            }
            cwnd = Math.max(cwnd, (long) CWND_MIN_SEGMENTS * mss);
        }
        if (mode == Mode.PROBE_RTT) {
            cwnd = Math.min(cwnd, (long) CWND_MIN_SEGMENTS * mss);
        }
    }

    /**
     * Linux bbr_set_cwnd_to_recover_or_restore: an ACK releases at most twice what it delivered, so
     * the losses it reports come off first. On the first ACK in fast recovery cwnd falls to what is
     * in flight plus what it delivered and a round of packet conservation starts now; when recovery
     * ends the window from before comes back. Returns whether packet conservation sets cwnd.
     */
    private boolean recoverOrRestore(AckSample s, long acked) {
        long newlyLost = s.lostTotal() - lastLostTotal;
        lastLostTotal = s.lostTotal();
        if (newlyLost > 0) {
            cwnd = Math.max(cwnd - newlyLost, mss);
        }
        CaState state = s.caState();
        if (state == CaState.RECOVERY && priorState != CaState.RECOVERY) {
            packetConservation = true;
            roundMark = s.deliveredTotal(); // the round starts now
            cwnd = Math.max(s.inflight() + acked, mss);
        } else if (recovering(priorState) && !recovering(state)) {
            cwnd = Math.max(cwnd, priorCwnd);
            packetConservation = false;
        }
        priorState = state;
        if (packetConservation) {
            cwnd = Math.max(cwnd, s.inflight() + acked);
        }
        return packetConservation;
    }

    private static boolean recovering(CaState state) {
        return state == CaState.RECOVERY || state == CaState.LOSS;
    }

    /** BBR keeps its model; it only records the window to restore (Linux bbr_save_cwnd). */
    @Override
    public long ssthreshOnCongestion(CongestionSignal signal, long inflightBytes, long nowNanos) {
        saveCwnd();
        if (signal.collapsesWindow()) {
            cwnd = mss; // the loss window; BBR regrows from its model
            fullBw = 0; // Linux bbr_set_state(TCP_CA_Loss): restart the pipe-full test
            fullBwCount = 0;
            priorState = CaState.LOSS;
            // bbr_set_state(TCP_CA_Loss): a loss and a round for the long-term sampler
            onLongTerm(longTerm.onSample(nowNanos, lastSeenDelivered, lastSeenLost, 1, false, true,
                    mode == Mode.PROBE_BW), nowNanos);
        }
        return ssthresh; // fast recovery's cut comes with the next ACK (recoverOrRestore)
    }

    /**
     * Linux bbr_save_cwnd: the window to restore after recovery or PROBE_RTT is the current one,
     * unless recovery or PROBE_RTT has already cut it; then the larger of the two.
     */
    private void saveCwnd() {
        priorCwnd = recovering(priorState) || mode == Mode.PROBE_RTT ? Math.max(priorCwnd, cwnd) : cwnd;
    }

    /** The window in fast recovery is BBR's own; the stack's PRR stays out of it. */
    @Override
    public boolean setsRecoveryWindow() {
        return true;
    }

    @Override
    public void onEvent(CaEvent event, long nowNanos) {
        if (event == CaEvent.TX_START_AFTER_IDLE && mode == Mode.PROBE_BW) {
            pacingRate = (long) (bw() * PACING_MARGIN); // Linux idle_restart: pace at 1.0
        }
    }

    @Override
    public void onMssChange(int mss, long nowNanos) {
        this.mss = mss;
    }

    /** Linux bbr_undo_cwnd: forget the pipe-full count and go back to the window saved at the event. */
    @Override
    public long undo(UndoCause cause, long inflightBytes, long nowNanos) {
        fullBw = 0;
        fullBwCount = 0;
        longTerm.reset(nowNanos, lastSeenDelivered, lastSeenLost);
        packetConservation = false;
        cwnd = Math.max(cwnd, priorCwnd);
        return cwnd;
    }

    /** Registers {@code bbr}. */
    public static final class Provider implements CongestionControlProvider {
        @Override
        public String name() {
            return "bbr";
        }

        @Override
        public CongestionControl create(CcParameters p) {
            return new Bbr();
        }

        @Override
        public String source() {
            return "Cardwell et al., ACM Queue 14(5) 2016; Linux tcp_bbr.c v1 (bbr_high_gain, bbr_bw_rtts 10, "
                    + "bbr_min_rtt_win_sec 10, bbr_cwnd_min_target 4)";
        }
    }
}
