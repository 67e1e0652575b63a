package io.tcplab.tools.metrics;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

class LinkMetricsTest {
    // A 1 Mbit/s link sampled every 2 s: 125000 bytes/s at full rate, 250000 bytes per interval.
    private static final double ONE_MBPS = 1e6;
    private final LinkSeries link = new LinkSeries("bottleneck", ONE_MBPS,
            SampledCounter.ofCumulative(2.0, 0, 250_000, 450_000, 575_000),
            SampledCounter.ofCumulative(2.0, 0, 200, 400, 500),
            SampledCounter.ofCumulative(2.0, 0, 0, 10, 30));

    @Test
    void utilizationIsBitsCarriedOverCapacityTimesTime() {
        // [0, 6 s]: 575000 bytes * 8 = 4.6e6 bits over 1e6 bit/s * 6 s = 0.7667.
        assertThat(LinkUtilization.ofLink(link, new MeasurementWindow(0, 6)).value()).isCloseTo(4.6 / 6, within(1e-12));
        // [2 s, 4 s]: 200000 bytes * 8 = 1.6e6 bits over 2e6 = 0.8.
        assertThat(LinkUtilization.ofLink(link, new MeasurementWindow(2, 4)).value()).isCloseTo(0.8, within(1e-12));
    }

    @Test
    void covOfTheBottlenecksTotalCountsEveryByteItCarried() {
        // tau = 2 s over [0, 6 s]: 250000, 200000, 125000 bytes; mean 191666.67, deviations
        // 58333.33, 8333.33, -66666.67, squares sum 7.9167e9, s = sqrt(7.9167e9 / 2) = 62915.29,
        // CoV = 0.328254.
        double mean = 575_000.0 / 3;
        double s = Math.sqrt((Math.pow(250_000 - mean, 2) + Math.pow(200_000 - mean, 2) + Math.pow(125_000 - mean, 2)) / 2);
        assertThat(ThroughputVariation.ofLink(link, new MeasurementWindow(0, 6), 2).value()).isCloseTo(s / mean, within(1e-12));
        assertThat(s / mean).isCloseTo(0.328254, within(1e-6));
        // tau = 4 s: a single window, no CoV.
        assertThat(ThroughputVariation.ofLink(link, new MeasurementWindow(0, 6), 4).value()).isNaN();
    }

    @Test
    void utilizationByTheTestedFlowsCountsOnlyTheirDeliveredBytes() {
        FlowSeries a = FlowSeries.ofCumulativeBytes("a", "reno", 2.0, 0, 100_000, 200_000, 300_000);
        FlowSeries b = FlowSeries.ofCumulativeBytes("b", "reno", 2.0, 0, 25_000, 50_000, 75_000);
        // [2 s, 6 s]: (200000 + 50000) bytes * 8 = 2e6 bits over 1e6 bit/s * 4 s = 0.5.
        assertThat(LinkUtilization.ofFlows(List.of(a, b), ONE_MBPS, new MeasurementWindow(2, 6)).value())
                .isCloseTo(0.5, within(1e-12));
    }

    @Test
    void flowsOnDifferentGridsAreRefused() {
        FlowSeries a = FlowSeries.ofCumulativeBytes("a", "reno", 2.0, 0, 1, 2);
        FlowSeries b = FlowSeries.ofCumulativeBytes("b", "reno", 1.0, 0, 1, 2, 3, 4);
        assertThatThrownBy(() -> LinkUtilization.ofFlows(List.of(a, b), ONE_MBPS, new MeasurementWindow(0, 4)))
                .hasMessage("flow b is sampled every 1.0 s but flow a every 2.0 s");
    }

    @Test
    void dropRatioIsDropsOverArrivalsInTheWindow() {
        // [0, 6 s]: 30 drops of 500 arrivals = 0.06; [2 s, 6 s]: 30 of 300 = 0.1.
        assertThat(QueueDropRatio.of(link, new MeasurementWindow(0, 6)).value()).isCloseTo(0.06, within(1e-12));
        assertThat(QueueDropRatio.of(link, new MeasurementWindow(2, 6)).value()).isCloseTo(0.1, within(1e-12));
        // [0, 2 s]: no drops in 200 arrivals.
        assertThat(QueueDropRatio.of(link, new MeasurementWindow(0, 2)).value()).isZero();
    }

    @Test
    void anIdleQueueHasADropRatioOfZero() {
        SampledCounter none = SampledCounter.ofCumulative(1.0, 0, 0);
        LinkSeries idle = new LinkSeries("idle", ONE_MBPS, none, none, none);
        assertThat(QueueDropRatio.of(idle, new MeasurementWindow(0, 1)).value()).isZero();
    }

    @Test
    void queueOccupancyOverTheSamplesInsideTheWindow() {
        SampledCounter counts = SampledCounter.ofCumulative(1.0, 0, 1, 2, 3, 4);
        LinkSeries sampled = new LinkSeries("q", ONE_MBPS, counts, counts, counts, 0, 3000, 1000, 2000, 9000);
        // Samples at 1, 2 and 3 s: 3000, 1000, 2000 -> mean 2000, max 3000.
        assertThat(QueueOccupancy.of(sampled, new MeasurementWindow(1, 3)))
                .isEqualTo(new QueueOccupancy(2000, 3000, 3));
        assertThatThrownBy(() -> QueueOccupancy.of(link, new MeasurementWindow(0, 2)))
                .hasMessage("link bottleneck has no queue-length samples");
    }
}
