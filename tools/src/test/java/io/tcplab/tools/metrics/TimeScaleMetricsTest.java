package io.tcplab.tools.metrics;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.DoubleRange;
import net.jqwik.api.constraints.Scale;
import net.jqwik.api.constraints.Size;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

class TimeScaleMetricsTest {
    /*
     * Bytes per 1 s interval, 8 s:
     *   a: 2 0 2 0 3 1 3 1
     *   b: 0 2 0 2 1 3 1 3
     *   a+b: 2 2 2 2 4 4 4 4
     * The flows alternate, so they are unfair second by second and fair over two seconds.
     */
    private static final MeasurementWindow WHOLE_RUN = new MeasurementWindow(0, 8);
    private final List<FlowSeries> alternating = List.of(
            flow("a", 2, 0, 2, 0, 3, 1, 3, 1),
            flow("b", 0, 2, 0, 2, 1, 3, 1, 3));

    private static FlowSeries flow(String id, double... bytesPerInterval) {
        return new FlowSeries(id, "reno", SampledCounter.ofIntervalCounts(1.0, bytesPerInterval));
    }

    @Test
    void jainPerWindowThenAveraged() {
        // tau = 1: four windows of {2,0} (J = 0.5) and four of {3,1} (J = 16/20 = 0.8) -> 0.65.
        assertThat(FairnessOverTimeScales.at(alternating, WHOLE_RUN, 1).value()).isCloseTo(0.65, within(1e-12));
        // tau = 2: every window holds {2,2} or {4,4} -> 1.
        TimeScaleValue two = FairnessOverTimeScales.at(alternating, WHOLE_RUN, 2);
        assertThat(two.value()).isCloseTo(1.0, within(1e-12));
        assertThat(two.windows()).isEqualTo(4);
    }

    @Test
    void aTailShorterThanTauIsDropped() {
        // tau = 3: [0,3) a=4 b=2 -> 36/40 = 0.9; [3,6) a=4 b=6 -> 100/104 = 0.961538;
        // [6,8) is only 2 s and is dropped. Mean = (0.9 + 0.961538) / 2 = 0.930769.
        TimeScaleValue three = FairnessOverTimeScales.at(alternating, WHOLE_RUN, 3);
        assertThat(three.windows()).isEqualTo(2);
        assertThat(three.value()).isCloseTo((0.9 + 100.0 / 104) / 2, within(1e-12));
    }

    @Test
    void aTauLongerThanTheWindowHasNoWindowsAndNoValue() {
        TimeScaleValue tooLong = FairnessOverTimeScales.at(alternating, WHOLE_RUN, 10);
        assertThat(tooLong.windows()).isZero();
        assertThat(tooLong.value()).isNaN();
    }

    @Test
    void theStandardScalesAreTheTablesRows() {
        assertThat(TimeScales.standardSeconds()).containsExactly(1, 5, 10, 20, 40, 80, 160);
        assertThat(FairnessOverTimeScales.over(alternating, WHOLE_RUN, 1, 2)).extracting(TimeScaleValue::tauSeconds)
                .containsExactly(1.0, 2.0);
    }

    @Test
    void covOfAKnownSeries() {
        // {2,4,4,4,5,5,7,9}: mean 5, squared deviations 9+1+1+1+0+0+4+16 = 32,
        // s = sqrt(32/7) = 2.138090, CoV = 2.138090 / 5 = 0.427618.
        assertThat(ThroughputVariation.of(2, 4, 4, 4, 5, 5, 7, 9)).isCloseTo(Math.sqrt(32.0 / 7) / 5, within(1e-12));
    }

    @Test
    void covOfTheAggregateThroughput() {
        // tau = 1: totals 2,2,2,2,4,4,4,4: mean 3, squared deviations 8 * 1, s = sqrt(8/7), CoV = 0.356348.
        assertThat(ThroughputVariation.ofAggregate(alternating, WHOLE_RUN, 1).value())
                .isCloseTo(Math.sqrt(8.0 / 7) / 3, within(1e-12));
        // tau = 4: totals 8, 16: mean 12, s = sqrt(16 + 16) = 5.656854, CoV = 0.471405.
        assertThat(ThroughputVariation.ofAggregate(alternating, WHOLE_RUN, 4).value())
                .isCloseTo(Math.sqrt(32) / 12, within(1e-12));
    }

    @Test
    void covAfterAWarmUpUsesOnlyTheWindowsAfterIt() {
        // [2 s, 8 s], tau = 2: totals 4, 8, 8: mean 20/3, squared deviations 64/9 + 16/9 + 16/9 = 96/9,
        // s = sqrt(96/9 / 2) = 2.309401, CoV = 2.309401 / (20/3) = 0.346410.
        TimeScaleValue cov = ThroughputVariation.ofAggregate(alternating, MeasurementWindow.afterWarmup(2, 8), 2);
        assertThat(cov.windows()).isEqualTo(3);
        assertThat(cov.value()).isCloseTo(Math.sqrt(48.0 / 9) / (20.0 / 3), within(1e-12));
    }

    @Test
    void meanOfThePerFlowCovs() {
        // a: 2 0 2 0 3 1 3 1, mean 1.5, squared deviations 4 * 2.25 + 4 * 0.25 = 10, s = sqrt(10/7),
        // CoV = 0.796819; b has the same deviations, so the mean of the two is 0.796819.
        assertThat(ThroughputVariation.meanOfFlows(alternating, WHOLE_RUN, 1).value())
                .isCloseTo(Math.sqrt(10.0 / 7) / 1.5, within(1e-12));
    }

    @Test
    void oneWindowOrNoThroughputHasNoCov() {
        assertThat(ThroughputVariation.ofAggregate(alternating, WHOLE_RUN, 8).value()).isNaN();
        FlowSeries idle = flow("idle", 0, 0, 0, 0);
        assertThat(ThroughputVariation.ofFlow(idle, new MeasurementWindow(0, 4), 1).value()).isNaN();
    }

    @Test
    void aTauOffTheSampleGridIsRefused() {
        assertThatThrownBy(() -> FairnessOverTimeScales.at(alternating, WHOLE_RUN, 1.5))
                .hasMessage("time scale of 1.5 s is not a whole number of 1.0 s sample intervals");
    }

    @Property
    void covDoesNotDependOnTheUnit(@ForAll @Size(min = 2, max = 30) List<@DoubleRange(min = 1, max = 1e6) Double> xs,
                                   @ForAll @DoubleRange(min = 1e-3, max = 1e6) @Scale(6) double scale) {
        ScaleInvariance.check(ThroughputVariation::of, xs, scale);
    }

    @Property
    void jainOverTimeScalesStaysWithinOneOverNAndOne(
            @ForAll @Size(min = 4, max = 40) List<@DoubleRange(min = 0, max = 1e6) Double> a,
            @ForAll @DoubleRange(min = 0, max = 1e6) double bPerInterval) {
        double[] bytesA = a.stream().mapToDouble(Double::doubleValue).toArray();
        double[] bytesB = new double[bytesA.length];
        java.util.Arrays.fill(bytesB, bPerInterval);
        List<FlowSeries> flows = List.of(flow("a", bytesA), flow("b", bytesB));
        double j = FairnessOverTimeScales.at(flows, new MeasurementWindow(0, bytesA.length), 2).value();
        assertThat(j).isBetween(0.5 - 1e-12, 1.0 + 1e-12);
    }
}
