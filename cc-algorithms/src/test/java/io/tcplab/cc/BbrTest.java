package io.tcplab.cc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.tcplab.stack.cc.CaState;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** BBR v1's state machine and model on a 1000 segment/s, 40 ms synthetic path (BDP 40 segments). */
class BbrTest {
    private static final long MS = 1_000_000L;

    @Test
    void startupDrainProbeBwAndTheModel() {
        SyntheticPath path = new SyntheticPath(new Bbr(), 40 * MS, 1000, 10);
        Bbr bbr = (Bbr) path.cc;
        List<Bbr.Mode> modes = new ArrayList<>();
        List<Double> gains = new ArrayList<>();
        for (int i = 0; i < 40; i++) {
            path.round();
            if (modes.isEmpty() || modes.get(modes.size() - 1) != bbr.mode()) {
                modes.add(bbr.mode());
            }
            if (bbr.mode() == Bbr.Mode.PROBE_BW) {
                gains.add(bbr.pacingGain());
            }
        }
        assertThat(modes).startsWith(Bbr.Mode.STARTUP, Bbr.Mode.DRAIN, Bbr.Mode.PROBE_BW);
        assertThat(bbr.btlBw()).isCloseTo(1_000_000L, within(10_000L)); // 1% of the capacity
        assertThat(bbr.minRtt()).isEqualTo(40 * MS);
        assertThat(gains).contains(1.25, 0.75, 1.0);
        // pacing = gain·BtlBw·0.99
        assertThat((double) bbr.pacingRateBytesPerSec()).isCloseTo(bbr.pacingGain() * bbr.btlBw() * 0.99, within(1.0));
        // cwnd = 2·BDP + ACK aggregation (a segment) + quantization budget (6) in PROBE_BW, +2 at 1.25
        assertThat(path.cwndSegments()).isBetween(86.0, 92.0);
    }

    /**
     * Linux bbr_quantization_budget: 3 × bbr_tso_segs_goal, the pacing rate's 1/1024 s of data in
     * segments but at least 2, then rounded up to even. In PROBE_BW at gain 1 the target is
     * 2·BDP + the ACK-aggregation allowance (one ACK of one segment: the epoch's first ACK comes
     * before any time has passed) + the budget. At 1,000 segments/s the pacing rate (990 kB/s)
     * makes 966 B a millisecond, under one segment: the goal is 2, cwnd 80 + 1 + 6 → 88. At
     * 10,000 segments/s (9.9 MB/s): 9,667 B, 9 segments, 800 + 1 + 27 = 828. (With one segment
     * per burst, as before, these were 84 and 804.)
     */
    @Test
    void quantizationBudgetIsThreeTsoBurstsOfThePacingRate() {
        assertThat(probeBwCwnd(1000)).isEqualTo(88);
        assertThat(probeBwCwnd(10_000)).isEqualTo(828);
    }

    /** cwnd in segments after a whole PROBE_BW round at gain 1, when it has reached its target. */
    private static double probeBwCwnd(double segmentsPerSec) {
        SyntheticPath path = inProbeBw(segmentsPerSec, 1.0);
        path.round();
        assertThat(((Bbr) path.cc).pacingGain()).isEqualTo(1.0);
        return path.cwndSegments();
    }

    /**
     * Linux bbr_reset_probe_bw_mode: PROBE_BW starts at phase 8 − r for a draw r below 7 — the
     * 1.25 phase or one of the six 1.0 phases, each 1/7 of the time, never the 0.75 phase (which
     * would drain a queue that is not there). 700 seeds: each of the seven about 100 times.
     */
    @Test
    void probeBwStartsAtARandomPhaseOtherThanTheDrainingOne() {
        int[] starts = new int[Bbr.PACING_GAIN.length];
        for (long seed = 0; seed < 700; seed++) {
            Bbr bbr = new Bbr();
            SyntheticPath path = new SyntheticPath(bbr, 40 * MS, 1000, 10, seed);
            while (bbr.mode() != Bbr.Mode.PROBE_BW) {
                path.round();
            }
            starts[bbr.cycleIndex()]++;
        }
        assertThat(starts[1]).isZero();
        for (int phase : new int[] {0, 2, 3, 4, 5, 6, 7}) {
            assertThat(starts[phase]).as("phase %d", phase).isBetween(70, 130);
        }
    }

    /** A 40 ms path of {@code segmentsPerSec} after 2 s, run on until PROBE_BW's gain is {@code gain}. */
    private static SyntheticPath inProbeBw(double segmentsPerSec, double gain) {
        SyntheticPath path = new SyntheticPath(new Bbr(), 40 * MS, segmentsPerSec, 10);
        path.runUntil(2000 * MS);
        while (((Bbr) path.cc).pacingGain() != gain) {
            path.round();
        }
        return path;
    }

    /**
     * One ACK 1 ms later delivering a segment sent when {@code sentAtDelivered} had been delivered,
     * with {@code inflightAfter} segments in flight after it and {@code newlyLost} newly lost.
     */
    private static void ack(SyntheticPath path, long sentAtDelivered, int inflightAfter, int newlyLost, CaState state) {
        path.now += MS;
        path.delivered += SyntheticPath.MSS;
        path.lost += (long) newlyLost * SyntheticPath.MSS;
        path.cc.onAck(new TestAck().set(path.now, SyntheticPath.MSS, 40 * MS, 40 * MS,
                (inflightAfter + 1L) * SyntheticPath.MSS, (long) inflightAfter * SyntheticPath.MSS, false,
                path.delivered, path.lost, true, state, 1_000_000L).priorDelivered(sentAtDelivered));
    }

    /**
     * Linux bbr_is_next_cycle_phase: the 0.75 phase ends before a full RTprop once what is in
     * flight has fallen to bbr_inflight(BtlBw, 1), the BDP plus the quantization budget — 40 + 6 =
     * 46 segments on the 1000 segment/s, 40 ms path — not to the bare BDP. An ACK 1 ms into the
     * phase with 47 segments in flight before it leaves the phase alone; one with 45 ends it.
     */
    @Test
    void theDrainingPhaseEndsOnceInFlightIsTheBdpPlusTheBudget() {
        SyntheticPath path = inProbeBw(1000, 0.75);
        Bbr bbr = (Bbr) path.cc;
        ack(path, path.delivered - 40L * SyntheticPath.MSS, 46, 0, CaState.OPEN); // 47 before it
        assertThat(bbr.pacingGain()).isEqualTo(0.75);
        ack(path, path.delivered - 40L * SyntheticPath.MSS, 44, 0, CaState.OPEN); // 45 before it
        assertThat(bbr.pacingGain()).isEqualTo(1.0);
    }

    /**
     * Linux bbr_set_cwnd_to_recover_or_restore on the 1000 segment/s path in PROBE_BW: the first
     * ACK in fast recovery reports 5 segments lost and delivers 1 with 30 left in flight, so cwnd
     * falls to 30 + 1; ACKs of the same round hold it at least at in flight + delivered (packet
     * conservation: 31 while in flight drops to 20); the first ACK for data sent after recovery
     * began ends the round and cwnd grows by what each ACK delivers (32, 33); when recovery ends
     * the window from before comes back.
     */
    @Test
    void fastRecoveryConservesPacketsForOneRoundThenGrowsThenRestores() {
        SyntheticPath path = inProbeBw(1000, 1.0);
        Bbr bbr = (Bbr) path.cc;
        path.round();
        double before = path.cwndSegments();
        assertThat(bbr.setsRecoveryWindow()).isTrue();
        bbr.ssthreshOnCongestion(io.tcplab.stack.cc.CongestionSignal.TIMER_LOSS, path.cc.cwndBytes(), path.now);
        assertThat(path.cwndSegments()).as("the cut waits for the ACK").isEqualTo(before);

        long sentBeforeRecovery = path.delivered;
        ack(path, sentBeforeRecovery, 30, 5, CaState.RECOVERY);
        assertThat(path.cwndSegments()).isEqualTo(31);
        ack(path, sentBeforeRecovery, 25, 0, CaState.RECOVERY);
        ack(path, sentBeforeRecovery, 20, 0, CaState.RECOVERY);
        assertThat(path.cwndSegments()).isEqualTo(31);
        long recoveryStart = path.delivered;
        ack(path, recoveryStart, 20, 0, CaState.RECOVERY);
        assertThat(path.cwndSegments()).isEqualTo(32);
        ack(path, recoveryStart, 20, 0, CaState.RECOVERY);
        assertThat(path.cwndSegments()).isEqualTo(33);

        ack(path, recoveryStart, 20, 0, CaState.OPEN);
        assertThat(path.cwndSegments()).isEqualTo(before);
    }

    /**
     * An ACK that delivered nothing (ECE alone) leaves the window as it was, as Linux's bbr_set_cwnd
     * returns early: the first ACK in recovery that delivers nothing with nothing in flight must not
     * cut cwnd to 0, and the cut then comes with the first ACK that delivers (in flight 30 + 1).
     */
    @Test
    void anAckThatDeliversNothingLeavesTheWindowAlone() {
        SyntheticPath path = inProbeBw(1000, 1.0);
        path.round();
        double before = path.cwndSegments();
        path.cc.ssthreshOnCongestion(io.tcplab.stack.cc.CongestionSignal.TIMER_LOSS, path.cc.cwndBytes(), path.now);
        path.now += MS;
        path.cc.onAck(new TestAck().set(path.now, 0, -1, 40 * MS, 0, 0, true, path.delivered, path.lost, true,
                CaState.RECOVERY, -1).priorDelivered(-1));
        assertThat(path.cwndSegments()).isEqualTo(before);
        ack(path, path.delivered, 30, 0, CaState.RECOVERY);
        assertThat(path.cwndSegments()).isEqualTo(31);
    }

    /**
     * The route lengthens from 40 to 60 ms at 1 s, so RTprop is not refreshed: 10 s after the last
     * 40 ms sample PROBE_RTT holds 4 segments, learns 60 ms, and PROBE_BW resumes.
     */
    @Test
    void probeRttAfterTenSecondsWithoutANewMinimum() {
        SyntheticPath path = new SyntheticPath(new Bbr(), 40 * MS, 1000, 10);
        Bbr bbr = (Bbr) path.cc;
        path.runUntil(1000 * MS);
        path.baseRttNanos = 60 * MS;
        boolean sawProbeRtt = false;
        double minCwnd = Double.MAX_VALUE;
        while (path.now < 12_000 * MS) {
            path.round();
            if (bbr.mode() == Bbr.Mode.PROBE_RTT) {
                sawProbeRtt = true;
                minCwnd = Math.min(minCwnd, path.cwndSegments());
            }
        }
        assertThat(sawProbeRtt).isTrue();
        assertThat(minCwnd).isEqualTo(4);
        assertThat(bbr.mode()).isEqualTo(Bbr.Mode.PROBE_BW);
        assertThat(bbr.minRtt()).isEqualTo(60 * MS);
    }

    /**
     * Linux's ACK-aggregation allowance: in PROBE_BW on the 1000 segment/s path, ACKs every
     * millisecond leave an extra of about one segment; then 20 ms of silence and one ACK for 20
     * segments (the ACK rate fell behind BtlBw, so the epoch restarts at that ACK) is 20 segments
     * beyond what BtlBw × 0 ms expects, and cwnd may grow by that much above 2·BDP. A 300 ms
     * silence is capped at BtlBw × 100 ms = 100 segments.
     */
    @Test
    void ackAggregationRaisesTheWindowByTheExtraAcknowledged() {
        SyntheticPath path = new SyntheticPath(new Bbr(), 40 * MS, 1000, 10);
        Bbr bbr = (Bbr) path.cc;
        path.runUntil(2000 * MS);
        assertThat(bbr.mode()).isEqualTo(Bbr.Mode.PROBE_BW);
        double before = path.cwndSegments();
        bunch(path, 20 * MS, 20);
        assertThat(path.cwndSegments()).isCloseTo(before + 20, within(3.0));
        double capped = path.cwndSegments();
        bunch(path, 300 * MS, 300);
        assertThat(path.cwndSegments() - before).isLessThanOrEqualTo(100 + 3);
        assertThat(path.cwndSegments()).isGreaterThan(capped);
    }

    /** After {@code silence}, one ACK delivering {@code segments} at BtlBw's rate sample. */
    private static void bunch(SyntheticPath path, long silence, int segments) {
        path.now += silence;
        long acked = segments * (long) SyntheticPath.MSS;
        long before = path.delivered;
        path.delivered += acked;
        path.cc.onAck(new TestAck().set(path.now, acked, 40 * MS, 40 * MS, path.cc.cwndBytes(),
                path.cc.cwndBytes() - acked, false, path.delivered, path.lost, true,
                CaState.OPEN, 1_000_000L).priorDelivered(before));
    }

    /**
     * Linux's long-term bandwidth (bbr_lt_bw_sampling) against a policer: after 2 s on the 1000
     * segment/s, 40 ms path, a token bucket lets 500 segments/s through and drops the rest of
     * each round's window — far above 50/256 of what it delivers. The first loss starts an
     * interval; after 4 rounds it ends at 500 segments/s, the next one agrees, and BBR paces at
     * their mean with gain 1 (no 1.25 phase) although its 10-round maximum still says 1000. After
     * 48 rounds of PROBE_BW it probes again.
     */
    @Test
    void aPolicerIsFoundAndItsRateKeptFor48Rounds() {
        SyntheticPath path = new SyntheticPath(new Bbr(), 40 * MS, 1000, 10);
        Bbr bbr = (Bbr) path.cc;
        path.runUntil(2000 * MS);
        long policed = 500L * SyntheticPath.MSS; // bytes per second
        int rounds = 0;
        while (!bbr.longTermInUse() && rounds < 20) {
            policedRound(path, 20);
            rounds++;
        }
        assertThat(rounds).as("rounds until the policer is found").isBetween(8, 10);
        assertThat(bbr.longTermBw()).isCloseTo(policed, within(policed / 50));
        assertThat(bbr.btlBw()).as("the 10-round maximum still holds the path's rate").isGreaterThan(2 * policed - 1);
        for (int i = 0; i < 40; i++) {
            policedRound(path, 20);
            assertThat(bbr.pacingGain()).isEqualTo(1.0);
            assertThat((double) bbr.pacingRateBytesPerSec()).isCloseTo(bbr.longTermBw() * 0.99, within(1.0));
        }
        for (int i = 0; i < 10 && bbr.longTermInUse(); i++) {
            policedRound(path, 20);
        }
        assertThat(bbr.longTermInUse()).as("48 rounds later").isFalse();
    }

    /**
     * Linux sets the gains from the mode on every ACK (bbr_update_gains): the long-term rate's gain
     * of 1 is PROBE_BW's. Here a policer passes 500 segments/s from the first round and the flight
     * never falls to the BDP (600 segments reported in flight), so BBR leaves STARTUP after three
     * rounds without growth and stays in DRAIN while the policer is found; its pacing gain stays
     * DRAIN's 1/2.885 and only the rate it multiplies becomes the long-term one.
     */
    @Test
    void aPolicerFoundInDrainLeavesDrainsGainAlone() {
        SyntheticPath path = new SyntheticPath(new Bbr(), 40 * MS, 1000, 10);
        Bbr bbr = (Bbr) path.cc;
        for (int rounds = 0; rounds < 20 && !bbr.longTermInUse(); rounds++) {
            lossyRound(path, 20, 20, 600);
        }
        assertThat(bbr.longTermInUse()).as("the policer found").isTrue();
        assertThat(bbr.mode()).isEqualTo(Bbr.Mode.DRAIN);
        assertThat(bbr.pacingGain()).isCloseTo(1 / 2.885, within(0.001));
        assertThat((double) bbr.pacingRateBytesPerSec())
                .isCloseTo(bbr.longTermBw() / 2.885 * 0.99, within(bbr.longTermBw() / 100.0));
    }

    /** The same path delivering 36 segments a round and losing 4: 1/9 of what it delivers, under 50/256. */
    @Test
    void lossBelowTheThresholdIsNoPolicer() {
        SyntheticPath path = new SyntheticPath(new Bbr(), 40 * MS, 1000, 10);
        Bbr bbr = (Bbr) path.cc;
        path.runUntil(2000 * MS);
        for (int i = 0; i < 60; i++) {
            lossyRound(path, 36, 4);
            assertThat(bbr.longTermInUse()).isFalse();
        }
    }

    /** One 40 ms round in which {@code through} segments of the window arrive and the policer drops the rest. */
    private static void policedRound(SyntheticPath path, int through) {
        long w = Math.max(1, path.cc.cwndBytes() / SyntheticPath.MSS);
        lossyRound(path, through, Math.max(0, w - through));
    }

    /**
     * One 40 ms round in which {@code through} segments arrive, one ACK each, evenly spread, and
     * {@code dropped} are reported lost with them.
     */
    private static void lossyRound(SyntheticPath path, int through, long dropped) {
        lossyRound(path, through, dropped, through + dropped);
    }

    /** The same, with {@code inFlight} segments reported in flight before the round's first ACK. */
    private static void lossyRound(SyntheticPath path, int through, long dropped, long inFlight) {
        long w = inFlight;
        long deliveredWhenSent = path.delivered;
        long start = path.now;
        long rate = (long) through * SyntheticPath.MSS * 1000 / 40;
        for (int k = 1; k <= through; k++) {
            path.now = start + 40 * MS * k / through;
            path.delivered += SyntheticPath.MSS;
            long lostNow = dropped * k / through - dropped * (k - 1) / through;
            path.lost += lostNow * SyntheticPath.MSS;
            path.cc.onAck(new TestAck().set(path.now, SyntheticPath.MSS, 40 * MS, 40 * MS, w * SyntheticPath.MSS,
                    (w - k) * SyntheticPath.MSS, false, path.delivered, path.lost, true,
                    CaState.OPEN, rate).priorDelivered(deliveredWhenSent));
        }
    }
}
