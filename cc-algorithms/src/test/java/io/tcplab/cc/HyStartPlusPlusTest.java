package io.tcplab.cc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tcplab.cc.HyStartPlusPlus.Phase;
import io.tcplab.stack.cc.CongestionControls;
import io.tcplab.stack.cc.CongestionSignal;
import org.junit.jupiter.api.Test;

/** HyStart++ against RFC 9406 §4.2's rules, then inside CUBIC ({@code hystart=pp}) on a synthetic path. */
class HyStartPlusPlusTest {
    private static final long MS = 1_000_000L;

    /** One round: a round start, then {@code samples} ACKs with RTT {@code rtt}; true if the round start ended CSS. */
    private static boolean round(HyStartPlusPlus h, int samples, long rtt) {
        boolean ended = h.onRoundStart();
        for (int i = 0; i < samples; i++) {
            h.onAck(rtt);
        }
        return ended;
    }

    /** A HyStart++ that has seen one full round at {@code rtt}. */
    private static HyStartPlusPlus afterOneRoundAt(long rtt) {
        HyStartPlusPlus h = new HyStartPlusPlus();
        round(h, 8, rtt);
        return h;
    }

    @Test
    void cssBeginsOnceEightSamplesShowTheRoundMinimumRoseByTheThreshold() {
        HyStartPlusPlus h = afterOneRoundAt(20 * MS); // RttThresh = max(4 ms, min(20/8, 16)) = 4 ms
        round(h, 7, 24 * MS);
        assertThat(h.phase()).as("7 samples are not enough (N_RTT_SAMPLE = 8)").isEqualTo(Phase.SLOW_START);
        h.onAck(24 * MS);
        assertThat(h.phase()).isEqualTo(Phase.CSS);
    }

    @Test
    void theThresholdIsAnEighthOfTheLastMinimumClampedToFourAndSixteenMs() {
        long[][] cases = {{20, 4}, {80, 10}, {200, 16}}; // last round's min RTT, RttThresh (ms)
        for (long[] c : cases) {
            long last = c[0] * MS;
            long thresh = c[1] * MS;
            HyStartPlusPlus below = afterOneRoundAt(last);
            round(below, 8, last + thresh - 1);
            assertThat(below.phase()).as("%d ms + %d ms - 1 ns", c[0], c[1]).isEqualTo(Phase.SLOW_START);
            HyStartPlusPlus at = afterOneRoundAt(last);
            round(at, 8, last + thresh);
            assertThat(at.phase()).as("%d ms + %d ms", c[0], c[1]).isEqualTo(Phase.CSS);
        }
    }

    @Test
    void aRoundMinimumBelowTheBaselineMakesTheExitSpurious() {
        HyStartPlusPlus h = afterOneRoundAt(20 * MS);
        round(h, 8, 30 * MS); // CSS, baseline 30 ms
        round(h, 7, 29 * MS);
        assertThat(h.phase()).as("fewer than 8 samples decide nothing").isEqualTo(Phase.CSS);
        h.onAck(29 * MS);
        assertThat(h.phase()).isEqualTo(Phase.SLOW_START);
        round(h, 8, 29 * MS);
        assertThat(h.phase()).as("slow start again, HyStart++ included").isEqualTo(Phase.SLOW_START);
        round(h, 8, 35 * MS);
        assertThat(h.phase()).isEqualTo(Phase.CSS);
    }

    @Test
    void afterFiveRoundsOfCssSlowStartEnds() {
        HyStartPlusPlus h = afterOneRoundAt(20 * MS);
        round(h, 8, 30 * MS);
        for (int r = 1; r < HyStartPlusPlus.CSS_ROUNDS; r++) {
            assertThat(round(h, 8, 30 * MS)).as("CSS round %d", r + 1).isFalse();
        }
        assertThat(h.onRoundStart()).as("the fifth CSS round is over").isTrue();
        assertThat(h.phase()).isEqualTo(Phase.DONE);
        assertThat(h.onRoundStart()).as("only once").isFalse();
    }

    @Test
    void rttlessAcksAreNotSamples() {
        HyStartPlusPlus h = afterOneRoundAt(20 * MS);
        round(h, 20, -1);
        h.onRoundStart();
        round(h, 8, 40 * MS);
        assertThat(h.phase()).as("the round without samples left no minimum to compare with").isEqualTo(Phase.SLOW_START);
    }

    /** In CUBIC: slow start doubles per round, CSS adds a quarter of that, then ssthresh = cwnd. */
    @Test
    void cubicGrowsAQuarterAsFastInCssAndThenEntersCongestionAvoidance() {
        // 1000 segments/s at 20 ms: 20 segments fill the pipe; the third round (40) queues 20 ms
        Cubic cubic = new Cubic(0.7, 0.4, true, Cubic.SlowStartExit.PLUS_PLUS);
        SyntheticPath path = new SyntheticPath(cubic, 20 * MS, 1000, 10);
        path.rounds(2);
        assertThat(path.cwndSegments()).as("two rounds of slow start").isEqualTo(40);
        path.round();
        assertThat(cubic.hystartPlusPlusPhase()).isEqualTo(Phase.CSS);
        // the round had 8 slow-start ACKs (+1 each; the 8th grows before it is checked), then 32 in CSS (+1/4)
        assertThat(path.cwndSegments()).isEqualTo(40 + 8 + 32 / 4.0);
        double before = path.cwndSegments();
        path.round();
        assertThat(path.cwndSegments()).as("a whole CSS round: x(1 + 1/4)").isCloseTo(before * 1.25,
                org.assertj.core.data.Offset.offset(1.0));
        assertThat(cubic.ssthreshBytes()).isEqualTo(Long.MAX_VALUE);
        path.rounds(3);
        path.round(); // its round start ends the fifth CSS round
        assertThat(cubic.hystartPlusPlusPhase()).isEqualTo(Phase.DONE);
        assertThat(cubic.ssthreshBytes()).as("ssthresh = cwnd at the end of CSS").isLessThan(Long.MAX_VALUE);
    }

    /** A loss ends HyStart++: the slow start after a timeout is the standard one. */
    @Test
    void aLossEndsHyStartPlusPlusForTheConnection() {
        Cubic cubic = new Cubic(0.7, 0.4, true, Cubic.SlowStartExit.PLUS_PLUS);
        SyntheticPath path = new SyntheticPath(cubic, 20 * MS, Double.POSITIVE_INFINITY, 10);
        path.rounds(2);
        path.loss(CongestionSignal.RTO);
        assertThat(cubic.hystartPlusPlusPhase()).isEqualTo(Phase.DONE);
    }

    @Test
    void theParameterChoosesTheExit() {
        assertThat(((Cubic) CongestionControls.create("cubic:hystart=pp")).hystartPlusPlusPhase())
                .isEqualTo(Phase.SLOW_START);
        assertThat(((Cubic) CongestionControls.create("cubic")).hystartPlusPlusPhase()).as("classic by default").isNull();
        assertThatThrownBy(() -> CongestionControls.create("cubic:hystart=maybe"))
                .hasMessageContaining("hystart").hasMessageContaining("on|off|pp");
    }
}
