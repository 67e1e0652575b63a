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
        // Threshold 0.9, hold 1 s: k=7 (0.917) and k=8 (0.990) both pass -> t = 7 s, 7 - 5 = 2 s.
        ConvergenceTime c = ConvergenceTime.of(meeting, 5, new ConvergenceCriterion(2, 0.9, 1));
        assertThat(c.converged()).isTrue();
        assertThat(c.seconds()).isEqualTo(2.0);
        assertThat(c.capSeconds()).isEqualTo(10.0);
    }

    @Test
    void aStricterThresholdTakesLonger() {
        // Threshold 0.95: first pass at k=8 (0.990), held through k=9 -> 8 - 5 = 3 s.
        assertThat(ConvergenceTime.of(meeting, 5, new ConvergenceCriterion(2, 0.95, 1)).seconds()).isEqualTo(3.0);
    }

    @Test
    void theThresholdItselfCountsAsFair() {
        // Threshold 0.8: k=6 gives exactly 400/500 = 0.8 and k=7 passes -> 6 - 5 = 1 s.
        assertThat(ConvergenceTime.of(meeting, 5, new ConvergenceCriterion(2, 0.8, 1)).seconds()).isEqualTo(1.0);
    }

    @Test
    void anUnfairWindowInsideTheHoldRestartsIt() {
        // 1 s windows from t0 = 0: J = 1, then 5 vs 1 -> 36/52 = 0.69, then 1, 1, 1.
        // With a 2 s hold the first window that starts a run of three fair ones is k=2 -> 2 s.
        List<FlowSeries> dip = List.of(flow("a", 5, 5, 5, 5, 5), flow("b", 5, 1, 5, 5, 5));
        assertThat(ConvergenceTime.of(dip, 0, new ConvergenceCriterion(1, 0.9, 2)).seconds()).isEqualTo(2.0);
    }

    @Test
    void flowsThatNeverMeetReportTheRemainingTimeAsTheCap() {
        // 9 vs 1 after t0 = 5: J = 100/164 = 0.61 forever; cap = 15 - 5 = 10 s.
        double[] big = {10, 10, 10, 10, 10, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9};
        double[] small = {0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1};
        ConvergenceTime c = ConvergenceTime.of(List.of(flow("a", big), flow("b", small)), 5, ConvergenceCriterion.DEFAULT);
        assertThat(c.converged()).isFalse();
        assertThat(c.seconds()).isEqualTo(10.0);
        assertThat(c).hasToString("not converged (cap 10.0 s)");
    }

    @Test
    void tooLittleTimeLeftForOneWindowAndItsHoldIsNotConvergence() {
        // From t0 = 12 s only 3 s remain; a 2 s window held 2 s needs 4 s.
        ConvergenceTime c = ConvergenceTime.of(meeting, 12, new ConvergenceCriterion(2, 0.5, 2));
        assertThat(c.converged()).isFalse();
        assertThat(c.seconds()).isEqualTo(3.0);
    }

    @Test
    void aStartOutsideTheSeriesOrAWindowOffTheGridIsRefused() {
        assertThatThrownBy(() -> ConvergenceTime.of(meeting, 15, ConvergenceCriterion.DEFAULT))
                .hasMessageContaining("must be within the series, which end at 15.0 s");
        assertThatThrownBy(() -> ConvergenceTime.of(meeting, 5, new ConvergenceCriterion(2.5, 0.8, 0)))
                .hasMessage("convergence window of 2.5 s is not a whole number of 1.0 s sample intervals");
    }
}
