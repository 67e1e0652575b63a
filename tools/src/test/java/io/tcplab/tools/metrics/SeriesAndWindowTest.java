package io.tcplab.tools.metrics;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

class SeriesAndWindowTest {

    @Test
    void throughputOverAWindowIsBytesTimesEightOverTheWindow() {
        // 1 s samples: 0, 1000, 3000, 6000, 10000 bytes delivered by t = 0..4 s.
        FlowSeries f = FlowSeries.ofCumulativeBytes("f1", "reno", 1.0, 0, 1000, 3000, 6000, 10_000);
        // [1 s, 3 s]: 6000 - 1000 = 5000 bytes in 2 s = 5000 * 8 / 2 = 20000 bit/s.
        assertThat(f.meanThroughputBps(new MeasurementWindow(1, 3))).isEqualTo(20_000.0);
    }

    @Test
    void aWindowOffTheGridShrinksToItsWholeIntervalsAndDividesByThem() {
        FlowSeries f = FlowSeries.ofCumulativeBytes("f1", "reno", 1.0, 0, 1000, 3000, 6000, 10_000);
        // [0.5 s, 3.7 s] -> samples 1..3: 5000 bytes over 2 s (not 3.2 s) = 20000 bit/s.
        assertThat(f.meanThroughputBps(new MeasurementWindow(0.5, 3.7))).isEqualTo(20_000.0);
    }

    @Test
    void perIntervalThroughputBecomesTheSameCumulativeBytes() {
        // 8000 bit/s for 0.5 s is 500 bytes; 16000 bit/s is 1000 bytes.
        FlowSeries f = FlowSeries.ofThroughput("f1", "reno", 0.5, 8000, 16_000);
        assertThat(f.deliveredBytes().at(2)).isEqualTo(1500.0);
        assertThat(f.meanThroughputBps(new MeasurementWindow(0, 1))).isEqualTo(12_000.0);
    }

    @Test
    void gridArithmeticDoesNotLoseASampleToRounding() {
        double[] bytes = new double[300];
        java.util.Arrays.fill(bytes, 125);
        FlowSeries f = new FlowSeries("f", "g", SampledCounter.ofIntervalCounts(0.1, bytes));
        // 0.1 * 200 is 20.000000000000004 in binary; the window must still be samples 200..300.
        MeasurementWindow.SampleSpan span = new MeasurementWindow(0.1 * 200, 30).on(f.deliveredBytes());
        assertThat(span.from()).isEqualTo(200);
        assertThat(span.to()).isEqualTo(300);
        assertThat(span.seconds()).isCloseTo(10.0, within(1e-9));
    }

    @Test
    void aWarmUpThatEatsTheRunIsRefusedWithItsNumbers() {
        assertThatThrownBy(() -> MeasurementWindow.afterWarmup(200, 100))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("warm-up of 200.0 s is not shorter than the run (100.0 s): nothing is left to measure");
    }

    @Test
    void aWindowPastTheSeriesSaysWhereTheSeriesStops() {
        FlowSeries f = FlowSeries.ofCumulativeBytes("f1", "reno", 1.0, 0, 1, 2);
        assertThatThrownBy(() -> f.meanThroughputBps(new MeasurementWindow(0, 5)))
                .hasMessage("window ends at 5.0 s but the series stops at 2.0 s");
    }

    @Test
    void aWindowInsideOneIntervalHasNothingToMeasure() {
        FlowSeries f = FlowSeries.ofCumulativeBytes("f1", "reno", 1.0, 0, 1, 2);
        assertThatThrownBy(() -> f.meanThroughputBps(new MeasurementWindow(0.2, 0.8)))
                .hasMessageContaining("holds no whole sample interval");
    }

    @Test
    void aCumulativeCounterThatGoesBackwardsIsRejected() {
        assertThatThrownBy(() -> SampledCounter.ofCumulative(1.0, 0, 5, 3))
                .hasMessageContaining("never decreases");
    }

    @Test
    void linkCountersMustShareOneGrid() {
        SampledCounter threeSamples = SampledCounter.ofCumulative(1.0, 0, 1, 2);
        SampledCounter twoSamples = SampledCounter.ofCumulative(1.0, 0, 1);
        assertThatThrownBy(() -> new LinkSeries("b", 1e6, threeSamples, twoSamples, threeSamples))
                .hasMessageContaining("share one sample grid");
    }
}
