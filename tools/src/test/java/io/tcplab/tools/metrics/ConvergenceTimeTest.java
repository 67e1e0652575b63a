package io.tcplab.tools.metrics;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class ConvergenceTimeTest {
    /*
     * 1 s samples, 15 s. Flow 1 alone at 10 bytes/interval until flow 2 starts at t0 = 5 s, then
     * they trade 1 byte per interval until both carry 5:
     *   interval   0-4   5  6  7  8  9 ...
     *   flow 1      10   9  8  7  6  5
     *   flow 2       0   1  2  3  4  5
     * Jain over the 2 s window [k, k+2), (a+b)^2 / (2(a^2+b^2)) with a+b = 20:
     *   k=5: 17,3 -> 400/596 = 0.671   k=6: 15,5 -> 400/500 = 0.8   k=7: 13,7 -> 400/436 = 0.917
     *   k=8: 11,9 -> 400/404 = 0.990   k>=9: 10,10 -> 1
     */
    private static final double[] FLOW1 = {10, 10, 10, 10, 10, 9, 8, 7, 6, 5, 5, 5, 5, 5, 5};
    private static final double[] FLOW2 = {0, 0, 0, 0, 0, 1, 2, 3, 4, 5, 5, 5, 5, 5, 5};
    private final List<FlowSeries> meeting = List.of(flow("one", FLOW1), flow("two", FLOW2));

    private static FlowSeries flow(String id, double... bytesPerInterval) {
        return new FlowSeries(id, "reno", SampledCounter.ofIntervalCounts(1.0, bytesPerInterval));
    }

    @Test
    void convergesAtTheFirstWindowStartFromWhichFairnessHolds() {
        // Threshold 0.9, hold 1 s: k=7 (0.917) onwards all pass -> t = 7 s, 7 - 5 = 2 s, both ways.
        ConvergenceTime c = ConvergenceTime.of(meeting, 5, new ConvergenceCriterion(2, 0.9, 1));
        assertThat(c.settling()).isEqualTo(new ConvergenceTime.Milestone(2.0, true));
        assertThat(c.firstPassage()).isEqualTo(new ConvergenceTime.Milestone(2.0, true));
        assertThat(c.capSeconds()).isEqualTo(10.0);
    }

    @Test
    void aStricterThresholdTakesLonger() {
        // Threshold 0.95: first pass at k=8 (0.990), held through k=9 -> 8 - 5 = 3 s.
        assertThat(ConvergenceTime.of(meeting, 5, new ConvergenceCriterion(2, 0.95, 1)).settling().seconds()).isEqualTo(3.0);
    }

    @Test
    void theThresholdItselfCountsAsFair() {
        // Threshold 0.8: k=6 gives exactly 400/500 = 0.8 and k=7 passes -> 6 - 5 = 1 s.
        assertThat(ConvergenceTime.of(meeting, 5, new ConvergenceCriterion(2, 0.8, 1)).settling().seconds()).isEqualTo(1.0);
    }

    @Test
    void aLateDipRestartsTheSettlingClockButNotTheFirstPassage() {
        // 1 s windows from t0 = 0: J = 1, then 5 vs 1 -> 36/52 = 0.69, then 1, 1, 1.
        // First passage with no hold: k=0 -> 0 s. Settled only from the window after the dip: 2 s.
        List<FlowSeries> dip = List.of(flow("a", 5, 5, 5, 5, 5), flow("b", 5, 1, 5, 5, 5));
        ConvergenceTime c = ConvergenceTime.of(dip, 0, new ConvergenceCriterion(1, 0.9, 0));
        assertThat(c.firstPassage()).isEqualTo(new ConvergenceTime.Milestone(0.0, true));
        assertThat(c.settling()).isEqualTo(new ConvergenceTime.Milestone(2.0, true));
    }

    @Test
    void anUnfairWindowInsideTheHoldRestartsTheFirstPassage() {
        // As above with a 2 s hold: the first window that starts a run of three fair ones is k=2 -> 2 s.
        List<FlowSeries> dip = List.of(flow("a", 5, 5, 5, 5, 5), flow("b", 5, 1, 5, 5, 5));
        assertThat(ConvergenceTime.of(dip, 0, new ConvergenceCriterion(1, 0.9, 2)).firstPassage().seconds()).isEqualTo(2.0);
    }

    /*
     * Flows that cross and part: flow a steady at 6 per second, flow b climbing through it and on
     * to five times its rate, as a slow-starting flow that overshoots. With 1 s windows, Jain of
     * (6, x) is >= 0.8 exactly for x in [2, 18] (a third to three times 6), so k = 2..7 are fair
     * (x = 2, 4, 6, 8, 12, 18) and k >= 8 are not (x = 24, 30).
     */
    private final List<FlowSeries> crossing = List.of(
            flow("a", 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6),
            flow("b", 0, 1, 2, 4, 6, 8, 12, 18, 24, 30, 30, 30));

    @Test
    void flowsThatCrossAndPartHaveAFirstPassageButNeverSettle() {
        ConvergenceTime c = ConvergenceTime.of(crossing, 0, new ConvergenceCriterion(1, 0.8, 1));
        assertThat(c.firstPassage()).isEqualTo(new ConvergenceTime.Milestone(2.0, true));
        assertThat(c.settling()).isEqualTo(new ConvergenceTime.Milestone(12.0, false));
        assertThat(c).hasToString("settling not reached (cap 12.0 s), first passage 2.0 s");
    }

    @Test
    void theRateRatioCriterionIsStricterThanJainsAtTheSameThreshold() {
        // smaller/larger >= 0.8 holds for x in [4.8, 7.5]: only k = 4 (x = 6), a single window,
        // so with a 1 s hold the flows never even pass.
        ConvergenceTime c = ConvergenceTime.of(crossing, 0, new ConvergenceCriterion(1, 0.8, 1, FairnessMeasure.MIN_OVER_MAX));
        assertThat(c.firstPassage().reached()).isFalse();
        assertThat(c.settling().reached()).isFalse();
    }

    @Test
    void flowsThatNeverMeetReportTheRemainingTimeAsTheCap() {
        // 9 vs 1 after t0 = 5: J = 100/164 = 0.61 forever; cap = 15 - 5 = 10 s.
        double[] big = {10, 10, 10, 10, 10, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9};
        double[] small = {0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1};
        ConvergenceTime c = ConvergenceTime.of(List.of(flow("a", big), flow("b", small)), 5, ConvergenceCriterion.DEFAULT);
        assertThat(c.settling()).isEqualTo(new ConvergenceTime.Milestone(10.0, false));
        assertThat(c.firstPassage()).isEqualTo(new ConvergenceTime.Milestone(10.0, false));
    }

    @Test
    void tooLittleTimeLeftForOneWindowAndItsHoldIsNotConvergence() {
        // From t0 = 12 s only 3 s remain; a 2 s window held 2 s needs 4 s.
        ConvergenceTime c = ConvergenceTime.of(meeting, 12, new ConvergenceCriterion(2, 0.5, 2));
        assertThat(c.settling()).isEqualTo(new ConvergenceTime.Milestone(3.0, false));
        assertThat(c.firstPassage().reached()).isFalse();
    }

    @Test
    void aStartOutsideTheSeriesOrAWindowOffTheGridIsRefused() {
        assertThatThrownBy(() -> ConvergenceTime.of(meeting, 15, ConvergenceCriterion.DEFAULT))
                .hasMessageContaining("must be within the series, which end at 15.0 s");
        assertThatThrownBy(() -> ConvergenceTime.of(meeting, 5, new ConvergenceCriterion(2.5, 0.8, 0)))
                .hasMessage("convergence window of 2.5 s is not a whole number of 1.0 s sample intervals");
    }
}
