package io.tcplab.cc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.tcplab.cc.Bbr3.State;
import io.tcplab.stack.cc.CaState;
import io.tcplab.stack.cc.CcInit;
import io.tcplab.stack.cc.CongestionControls;
import org.junit.jupiter.api.Test;

/**
 * BBRv3's state machine (draft-ietf-ccwg-bbr-06 §5.3) driven ACK by ACK with hand-worked values.
 * The path's min RTT is 62.5 ms (0.0625 s, exact in binary), segments are 1000 bytes, and the
 * Startup rates 100, 200, 400, 450, 470, 480 kB/s leave max_bw at 480 kB/s: BDP = 480,000 × 0.0625
 * = 30,000 bytes. Each ACK comes 1 ms after the last and delivers 10 segments.
 */
class Bbr3Test {
    private static final long MS = 1_000_000L;
    private static final long RTT = 62_500_000L;
    private static final int MSS = 1000;
    private static final long BDP = 30_000;

    /** Feeds one algorithm ACKs; a round-start ACK delivers a packet sent after the last round began. */
    private static final class Driver {
        final Bbr3 bbr = new Bbr3(Bbr3.Tunables.DRAFT);
        final TestAck ack = new TestAck();
        long now;
        long delivered;
        long lost;
        /** The delivered total before the last round-start ACK: a packet sent then is of the old round. */
        long roundBase;
        CaState state = CaState.OPEN;
        boolean cwndLimited;
        long txInFlight = -1;
        long lostSinceSend = -1;

        Driver(boolean sack) {
            bbr.init(new CcInit(MSS, 10L * MSS, false, sack, false, 0, 42));
        }

        void ack(boolean roundStart, long rate, long inflight) {
            now += MS;
            long prior = roundStart ? delivered : roundBase;
            if (roundStart) {
                roundBase = delivered;
            }
            delivered += 10L * MSS;
            bbr.onAck(ack.set(now, 10L * MSS, RTT, RTT, inflight + 10L * MSS, inflight, false, delivered, lost,
                    cwndLimited, state, rate).priorDelivered(prior).appLimited(false).flight(txInFlight, lostSinceSend));
        }

        State state() {
            return bbr.state();
        }

        /** Startup's six rounds: growth to 400 kB/s, then three rounds under 500 kB/s. */
        void startup() {
            for (long rate : new long[] {100_000, 200_000, 400_000, 450_000, 470_000, 480_000}) {
                ack(true, rate, 60_000); // the queue Startup builds: Drain does not end at once
            }
        }

        /** Startup, then Drain for its three rounds at most, into ProbeBW_DOWN with 40 kB in flight. */
        void toProbeBwDown() {
            startup();
            while (state() == State.DRAIN) {
                ack(true, 480_000, 40_000);
            }
            assertThat(state()).isEqualTo(State.PROBE_BW_DOWN);
        }

        void toCruise() {
            toProbeBwDown();
            ack(false, 480_000, BDP);
            assertThat(state()).isEqualTo(State.PROBE_BW_CRUISE);
        }

        void toProbeBwUp() {
            toCruise();
            while (state() == State.PROBE_BW_CRUISE) {
                ack(true, 480_000, BDP);
            }
            ack(true, 480_000, BDP);
            assertThat(state()).isEqualTo(State.PROBE_BW_UP);
        }
    }

    /**
     * §5.3.1.2: the baseline full_bw resets while the rate grows 25% a round (100k → 200k → 400k);
     * 450k, 470k and 480k stay under 1.25 × 400k = 500k, and the third such round fills the pipe.
     * Startup paces at 4·ln2 × max_bw × 0.99 (after 400k: 2.7726 × 400,000 × 0.99 = 1,097,945 B/s);
     * cwnd grows by what each ACK delivers; Drain paces at 0.5.
     */
    @Test
    void startupGrowsUntilThreeRoundsWithoutQuarterGrowth() {
        Driver d = new Driver(true);
        d.ack(true, 100_000, 60_000);
        assertThat(d.bbr.cwndBytes()).isEqualTo(20_000); // 10 segments delivered on the initial 10
        d.ack(true, 200_000, 60_000);
        d.ack(true, 400_000, 60_000);
        assertThat(d.bbr.pacingGain()).isCloseTo(2.7726, within(1e-4));
        assertThat(d.bbr.cwndGain()).isEqualTo(2.0);
        assertThat(d.bbr.pacingRateBytesPerSec()).isCloseTo(1_097_945L, within(1L));
        d.ack(true, 450_000, 60_000);
        d.ack(true, 470_000, 60_000);
        assertThat(d.state()).isEqualTo(State.STARTUP);
        d.ack(true, 480_000, 60_000);
        assertThat(d.state()).isEqualTo(State.DRAIN);
        assertThat(d.bbr.maxBw()).isEqualTo(480_000);
        assertThat(d.bbr.pacingRateBytesPerSec()).isEqualTo((long) (0.5 * 480_000 * 0.99));
    }

    /** A growing rate inside a round does not count: only round starts run the full-pipe check. */
    @Test
    void fullPipeCountsRoundsNotAcks() {
        Driver d = new Driver(true);
        d.ack(true, 400_000, 0);
        for (int i = 0; i < 10; i++) {
            d.ack(false, 400_000, 0);
        }
        assertThat(d.state()).isEqualTo(State.STARTUP);
    }

    /**
     * §5.3.2: Drain ends once in flight ≤ Inflight(bw, 1) = max(BDP, 3 send quanta, 4 segments): the
     * send quantum at Drain's 237,600 B/s is 237 B, raised to 2 segments, so the target is the BDP,
     * 30,000 bytes.
     */
    @Test
    void drainEndsAtTheBdp() {
        Driver d = new Driver(true);
        d.startup();
        d.ack(false, 480_000, BDP + 1);
        assertThat(d.state()).isEqualTo(State.DRAIN);
        d.ack(false, 480_000, BDP);
        assertThat(d.state()).isIn(State.PROBE_BW_DOWN, State.PROBE_BW_CRUISE); // DOWN's exit holds at once
    }

    /** §5.3.2: …or after three rounds (round_count > drain_start_round + 3), the queue or not. */
    @Test
    void drainEndsAfterThreeRoundsAnyway() {
        Driver d = new Driver(true);
        d.startup();
        for (int i = 0; i < 3; i++) {
            d.ack(true, 480_000, 40_000);
            assertThat(d.state()).isEqualTo(State.DRAIN);
        }
        d.ack(true, 480_000, 40_000);
        assertThat(d.state()).isEqualTo(State.PROBE_BW_DOWN);
        assertThat(d.bbr.pacingGain()).isEqualTo(0.90);
    }

    /**
     * The ProbeBW cycle (§5.3.3): DOWN (0.90) until in flight ≤ BDP; CRUISE (1.0) until the probe is
     * due, here by the Reno-coexistence bound min(target inflight = 30 segments, 63) rounds counted
     * from a random 0 or 1; REFILL (1.0) for one round; UP (1.25, cwnd gain 2.25) until three rounds
     * without 25% growth over the rate UP began with; then DOWN again.
     */
    @Test
    void probeBwCyclesDownCruiseRefillUpDown() {
        Driver d = new Driver(true);
        d.toProbeBwDown();
        long startRounds = d.bbr.probeWait().roundsSinceProbeUp();
        assertThat(startRounds).isBetween(0L, 1L);
        assertThat(d.bbr.cwndBytes()).isGreaterThanOrEqualTo(BDP); // so the target inflight is the BDP

        d.ack(false, 480_000, BDP + 1);
        assertThat(d.state()).isEqualTo(State.PROBE_BW_DOWN);
        d.ack(false, 480_000, BDP);
        assertThat(d.state()).isEqualTo(State.PROBE_BW_CRUISE);
        assertThat(d.bbr.pacingGain()).isEqualTo(1.0);

        int rounds = 0;
        while (d.state() == State.PROBE_BW_CRUISE) {
            d.ack(true, 480_000, BDP);
            rounds++;
        }
        assertThat(d.state()).isEqualTo(State.PROBE_BW_REFILL);
        assertThat(rounds).isEqualTo(30 - startRounds);
        assertThat(d.bbr.pacingGain()).isEqualTo(1.0);

        d.ack(false, 480_000, BDP);
        assertThat(d.state()).isEqualTo(State.PROBE_BW_REFILL); // a whole round of REFILL
        d.ack(true, 480_000, BDP);
        assertThat(d.state()).isEqualTo(State.PROBE_BW_UP);
        assertThat(d.bbr.pacingGain()).isEqualTo(1.25);
        assertThat(d.bbr.cwndGain()).isEqualTo(2.25);

        d.ack(true, 590_000, BDP); // 590k < 1.25 × 480k = 600k: no growth
        d.ack(true, 590_000, BDP);
        assertThat(d.state()).isEqualTo(State.PROBE_BW_UP);
        d.ack(true, 590_000, BDP);
        assertThat(d.state()).isEqualTo(State.PROBE_BW_DOWN);
    }

    /** UP goes on while the delivery rate still grows 25% a round (the probe found more bandwidth). */
    @Test
    void upContinuesWhileTheRateGrows() {
        Driver d = new Driver(true);
        d.toProbeBwUp();
        long rate = 480_000;
        for (int i = 0; i < 5; i++) {
            rate = rate * 5 / 4;
            d.ack(true, rate, BDP);
            assertThat(d.state()).isEqualTo(State.PROBE_BW_UP);
        }
    }

    /**
     * §5.5.10.2: a probe's sample that lost more than 2% of its flight (500 of 20,000 bytes, 2.5%)
     * sets inflight_longterm = max(tx_in_flight, β·target inflight) = max(20,000, 0.7 × 30,000) =
     * 21,000 and ends UP; DOWN's cwnd is then capped there (§5.6.4.7).
     */
    @Test
    void excessiveLossInUpSetsTheLongTermBound() {
        Driver d = new Driver(true);
        d.toProbeBwUp();
        assertThat(d.bbr.inflightLongterm()).isEqualTo(Bbr3.UNBOUNDED);
        d.txInFlight = 20_000;
        d.lostSinceSend = 500;
        d.ack(false, 480_000, BDP);
        assertThat(d.bbr.inflightLongterm()).isEqualTo(21_000);
        assertThat(d.state()).isEqualTo(State.PROBE_BW_DOWN);
        assertThat(d.bbr.cwndBytes()).isEqualTo(21_000);
    }

    /** The larger of the two: 1,000 of 40,000 lost (2.5%) keeps tx_in_flight, 40,000 > 21,000. */
    @Test
    void excessiveLossKeepsWhatWasInFlightWhenAboveBetaTimesTarget() {
        Driver d = new Driver(true);
        d.toProbeBwUp();
        d.txInFlight = 40_000;
        d.lostSinceSend = 1_000;
        d.ack(false, 480_000, BDP);
        assertThat(d.bbr.inflightLongterm()).isEqualTo(40_000);
    }

    /** Exactly 2% (400 of 20,000) is not above the threshold: the probe goes on, no bound. */
    @Test
    void lossAtTheThresholdIsTolerated() {
        Driver d = new Driver(true);
        d.toProbeBwUp();
        d.txInFlight = 20_000;
        d.lostSinceSend = 400;
        d.ack(false, 480_000, BDP);
        assertThat(d.state()).isEqualTo(State.PROBE_BW_UP);
        assertThat(d.bbr.inflightLongterm()).isEqualTo(Bbr3.UNBOUNDED);
    }

    /**
     * §5.3.1.3: in fast recovery, at the end of a loss round with six loss events and a loss rate
     * over 2% (3,000 of 100,000), Startup ends: inflight_longterm = max(BDP, inflight_latest).
     */
    @Test
    void startupEndsOnHighLossInRecovery() {
        Driver d = startupWithLossEvents(6);
        d.txInFlight = 100_000;
        d.lostSinceSend = 3_000;
        d.ack(true, 400_000, 50_000); // ends the loss round
        assertThat(d.state()).isIn(State.DRAIN, State.PROBE_BW_DOWN);
        assertThat(d.bbr.fullBwReached()).isTrue();
        // BDP = 400,000 × 0.0625 = 25,000; inflight_latest = 70,000 (this round's largest RS.delivered)
        assertThat(d.bbr.inflightLongterm()).isEqualTo(70_000);
    }

    /** Five loss events are not enough (BBRStartupFullLossCnt = 6). */
    @Test
    void startupStaysWithFewerThanSixLossEvents() {
        Driver d = startupWithLossEvents(5);
        d.txInFlight = 100_000;
        d.lostSinceSend = 3_000;
        d.ack(true, 400_000, 50_000);
        assertThat(d.state()).isEqualTo(State.STARTUP);
    }

    /** Six loss events at 2% or less (2,000 of 100,000) are not enough either. */
    @Test
    void startupStaysWhenTheLossRateIsLow() {
        Driver d = startupWithLossEvents(6);
        d.txInFlight = 100_000;
        d.lostSinceSend = 2_000;
        d.ack(true, 400_000, 50_000);
        assertThat(d.state()).isEqualTo(State.STARTUP);
    }

    /**
     * Three growing Startup rounds (100k, 200k, 400k: delivered 30,000), then fast recovery with
     * {@code events} ACKs that each report a newly lost segment, in one loss round. The ACKs'
     * RS.delivered: the last round start's packet left at 20,000 delivered, so the k-th ACK after
     * it reports 10,000·(k+1) (the largest, with six events, 70,000); the round-ending ACK's own
     * packet left just before it (RS.delivered 10,000).
     */
    private static Driver startupWithLossEvents(int events) {
        Driver d = new Driver(true);
        for (long rate : new long[] {100_000, 200_000, 400_000}) {
            d.ack(true, rate, 0);
        }
        d.state = CaState.RECOVERY;
        for (int i = 0; i < events; i++) {
            d.lost += MSS;
            d.ack(false, 400_000, 50_000);
        }
        return d;
    }

    /**
     * §5.3.4: 5 s without a lower RTT sample (probe_rtt_min_delay unchanged since the first ACK at
     * 1 ms) starts ProbeRTT: cwnd gain 0.5, cwnd ≤ max(BDP/2, 4 segments) = 15,000. Once in flight
     * is that low, it stays 200 ms and at least a round; then ProbeBW resumes in CRUISE with the
     * window from before.
     */
    @Test
    void probeRttAfterFiveSecondsHoldsHalfTheBdpFor200msAndARound() {
        Driver d = new Driver(true);
        d.toCruise();
        long before = d.bbr.cwndBytes();
        d.now = 5_001 * MS; // the next ACK at 5.002 s: more than 5 s after the 1 ms sample
        d.ack(false, 480_000, BDP);
        assertThat(d.state()).isEqualTo(State.PROBE_RTT);
        assertThat(d.bbr.cwndGain()).isEqualTo(0.5);
        assertThat(d.bbr.cwndBytes()).isEqualTo(15_000);

        d.ack(false, 480_000, 15_001);
        assertThat(d.state()).isEqualTo(State.PROBE_RTT);
        d.ack(false, 480_000, 15_000); // at 5.004 s: done no earlier than 5.204 s, and a round
        long done = d.now + 200 * MS;
        d.ack(true, 480_000, 15_000);
        d.now = done - MS; // the next ACK at exactly done: not yet past it
        d.ack(false, 480_000, 15_000);
        assertThat(d.state()).isEqualTo(State.PROBE_RTT);
        d.ack(false, 480_000, 15_000);
        assertThat(d.state()).isEqualTo(State.PROBE_BW_CRUISE);
        assertThat(d.bbr.cwndBytes()).isGreaterThanOrEqualTo(before); // RestoreCwnd
    }

    /** ProbeRTT's 200 ms alone do not end it: a packet-timed round must pass too. */
    @Test
    void probeRttWaitsForARound() {
        Driver d = new Driver(true);
        d.toCruise();
        d.now = 5_001 * MS;
        d.ack(false, 480_000, BDP);
        d.ack(false, 480_000, 15_000);
        d.now += 300 * MS;
        d.ack(false, 480_000, 15_000);
        assertThat(d.state()).isEqualTo(State.PROBE_RTT);
        d.ack(true, 480_000, 15_000);
        assertThat(d.state()).isEqualTo(State.PROBE_BW_CRUISE);
    }

    /**
     * §5.3.3.8 PickProbeWait: a wall-clock wait uniform in [2 s, 3 s] and a round count starting at 0
     * or 1, from the seed the stack hands in: the same seed repeats, others differ, and over 1,000
     * draws both ends of each range are reached.
     */
    @Test
    void probeWaitIsRandomWithinTheDraftsBounds() {
        Bbr3ProbeWait w = new Bbr3ProbeWait(7);
        long minWait = Long.MAX_VALUE;
        long maxWait = 0;
        int ones = 0;
        for (int i = 0; i < 1000; i++) {
            w.pick();
            minWait = Math.min(minWait, w.waitNanos());
            maxWait = Math.max(maxWait, w.waitNanos());
            ones += (int) w.roundsSinceProbeUp();
            assertThat(w.roundsSinceProbeUp()).isBetween(0L, 1L);
        }
        assertThat(minWait).isBetween(2_000_000_000L, 2_010_000_000L);
        assertThat(maxWait).isBetween(2_990_000_000L, 3_000_000_000L);
        assertThat(ones).isBetween(400, 600);

        Bbr3ProbeWait same = new Bbr3ProbeWait(7);
        Bbr3ProbeWait again = new Bbr3ProbeWait(7);
        Bbr3ProbeWait other = new Bbr3ProbeWait(8);
        same.pick();
        again.pick();
        other.pick();
        assertThat(same.waitNanos()).isEqualTo(again.waitNanos()).isNotEqualTo(other.waitNanos());
    }

    /**
     * IsTimeToProbeBW: past the wall-clock wait (strictly), or after min(target/MSS, 63) rounds:
     * a 100-segment target is bounded at 63 rounds, a 30-segment one at 30.
     */
    @Test
    void probeIsDueByWallClockOrRenoRounds() {
        Bbr3ProbeWait w = new Bbr3ProbeWait(1);
        w.pick();
        long start = w.roundsSinceProbeUp();
        long stamp = 10 * MS;
        assertThat(w.due(stamp + w.waitNanos(), stamp, 100 * MSS, MSS)).isFalse();
        assertThat(w.due(stamp + w.waitNanos() + 1, stamp, 100 * MSS, MSS)).isTrue();
        for (long r = start; r < 62; r++) {
            w.onRoundStart();
        }
        assertThat(w.roundsSinceProbeUp()).isEqualTo(62);
        assertThat(w.due(stamp, stamp, 100 * MSS, MSS)).isFalse();
        assertThat(w.due(stamp, stamp, 30 * MSS, MSS)).isTrue();
        w.onRoundStart();
        assertThat(w.due(stamp, stamp, 100 * MSS, MSS)).isTrue();
    }

    /**
     * §5.5.10.3 by hand: a loss round whose ACKs delivered at most 600 kB/s and 30,000 bytes, with
     * max_bw 1 MB/s and cwnd 50,000: bw_shortterm = max(600k, 0.7 × 1M) = 700k, inflight_shortterm
     * = max(30,000, 0.7 × 50,000) = 35,000; the next lossy round (latest 550k and 25,000):
     * max(550k, 490k) = 550k and max(25,000, 24,500) = 25,000. While probing, a lossy round cuts nothing.
     */
    @Test
    void shortTermBoundsFallByBetaPerLossyRound() {
        Bbr3ShortTermModel m = new Bbr3ShortTermModel(0.7);
        m.updateLatest(600_000, 30_000, 0, 100_000); // a loss round starts (0 ≥ 0)
        m.advanceLatest(600_000, 30_000);
        assertThat(m.noteLoss(110_000)).isTrue();
        assertThat(m.noteLoss(110_000)).isFalse(); // one save per round
        m.updateLatest(500_000, 20_000, 105_000, 120_000); // sent before the loss: same round
        m.adaptAtRoundEnd(false, 1_000_000, 50_000);
        assertThat(m.bw()).isEqualTo(Bbr3ShortTermModel.UNBOUNDED);
        m.updateLatest(550_000, 25_000, 110_000, 130_000); // sent after: the round ends
        m.adaptAtRoundEnd(false, 1_000_000, 50_000);
        assertThat(m.bw()).isEqualTo(700_000);
        assertThat(m.inflight()).isEqualTo(35_000);
        m.advanceLatest(550_000, 25_000);

        m.noteLoss(130_000);
        m.updateLatest(400_000, 10_000, 130_000, 140_000);
        m.adaptAtRoundEnd(false, 1_000_000, 50_000);
        assertThat(m.bw()).isEqualTo(550_000);
        assertThat(m.inflight()).isEqualTo(25_000);

        Bbr3ShortTermModel probing = new Bbr3ShortTermModel(0.7);
        probing.noteLoss(0);
        probing.updateLatest(600_000, 30_000, 0, 10_000);
        probing.adaptAtRoundEnd(true, 1_000_000, 50_000);
        assertThat(probing.bw()).isEqualTo(Bbr3ShortTermModel.UNBOUNDED);
        assertThat(probing.lossInRound()).isFalse();
    }

    /** In CRUISE a lossy round lowers bw (pacing) and cwnd through the short-term bounds. */
    @Test
    void lossInCruiseLowersBwAndCwnd() {
        Driver d = new Driver(true);
        d.toCruise();
        d.ack(true, 300_000, BDP); // a round starts whose latest rate is 300 kB/s
        long cwnd = d.bbr.cwndBytes();
        d.lost += MSS;
        d.ack(false, 300_000, BDP); // the loss
        d.ack(true, 300_000, BDP); // the round ends: bw_shortterm = max(300k, 0.7 × 480k) = 336k
        assertThat(d.bbr.shortTerm().bw()).isEqualTo(336_000);
        assertThat(d.bbr.bw()).isEqualTo(336_000);
        assertThat(d.bbr.pacingRateBytesPerSec()).isEqualTo((long) (336_000 * 0.99));
        assertThat(d.bbr.cwndBytes()).isLessThan(cwnd);
    }

    @Test
    void parametersAreValidatedWithOneLine() {
        assertThat(CongestionControls.create("bbr3:loss_thresh=0.05,beta=0.8,headroom=0.1,probe_rtt_interval_ms=2000")
                .name()).isEqualTo("bbr3");
        assertThatThrownBy(() -> CongestionControls.create("bbr3:loss_thresh=0.9"))
                .hasMessage("cc parameter loss_thresh of bbr3 must be [0.001, 0.5], got '0.9'");
        assertThatThrownBy(() -> CongestionControls.create("bbr3:probe_rtt_interval_ms=20000"))
                .hasMessage("cc parameter probe_rtt_interval_ms of bbr3 must be [200, 10000], got '20000'");
        assertThatThrownBy(() -> CongestionControls.create("bbr3:gain=2"))
                .hasMessageStartingWith("unknown cc parameter 'gain' for bbr3; accepted: loss_thresh=0.02");
    }

    /** On the synthetic 1000 segment/s, 40 ms path: max_bw finds the capacity and ProbeBW visits all four phases. */
    @Test
    void onASyntheticPathTheModelFindsThePath() {
        SyntheticPath path = new SyntheticPath(new Bbr3(Bbr3.Tunables.DRAFT), 40 * MS, 1000, 10);
        Bbr3 bbr = (Bbr3) path.cc;
        java.util.EnumSet<State> seen = java.util.EnumSet.noneOf(State.class);
        while (path.now < 12_000 * MS) {
            path.round();
            seen.add(bbr.state());
        }
        assertThat(seen).contains(State.PROBE_BW_DOWN, State.PROBE_BW_CRUISE, State.PROBE_BW_REFILL,
                State.PROBE_BW_UP, State.PROBE_RTT);
        assertThat(bbr.maxBw()).isCloseTo(1_000_000L, within(10_000L));
        assertThat(bbr.minRtt()).isEqualTo(40 * MS);
    }
}
