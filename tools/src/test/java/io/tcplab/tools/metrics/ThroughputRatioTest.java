package io.tcplab.tools.metrics;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

class ThroughputRatioTest {
    private static final MeasurementWindow FIRST_TWO_SECONDS = new MeasurementWindow(0, 2);

    // Bytes per 1 s interval: sack-1 1000 + 1000, sack-2 500 + 500, cubic 3000 + 3000.
    private final FlowSeries sack1 = FlowSeries.ofCumulativeBytes("sack-1", "sack", 1.0, 0, 1000, 2000);
    private final FlowSeries sack2 = FlowSeries.ofCumulativeBytes("sack-2", "sack", 1.0, 0, 500, 1000);
    private final FlowSeries cubic = FlowSeries.ofCumulativeBytes("cubic-1", "cubic", 1.0, 0, 3000, 6000);
    private final List<FlowSeries> flows = List.of(sack1, cubic, sack2);

    @Test
    void friendlinessIsStandardTcpOverTheHighSpeedProtocol() {
        // sack: (2000 + 1000) bytes * 8 / 2 s = 12000 bit/s; cubic: 6000 * 8 / 2 = 24000 bit/s.
        ThroughputRatio r = ThroughputRatio.friendliness(flows, "sack", "cubic", FIRST_TWO_SECONDS);
        assertThat(r.numeratorBps()).isEqualTo(12_000.0);
        assertThat(r.denominatorBps()).isEqualTo(24_000.0);
        assertThat(r.value()).isEqualTo(0.5);
        assertThat(r.inverse()).isEqualTo(2.0);
        assertThat(r).hasToString("sack/cubic = 0.5");
    }

    @Test
    void betweenTwoFlowsTheFirstArgumentIsTheNumerator() {
        // sack-1 8000 bit/s over cubic-1 24000 bit/s = 1/3.
        ThroughputRatio r = ThroughputRatio.ofFlows(sack1, cubic, FIRST_TWO_SECONDS);
        assertThat(r.value()).isCloseTo(1.0 / 3, within(1e-12));
        assertThat(r.numerator()).isEqualTo("sack-1");
    }

    @Test
    void smallerOverLargerIsTheSameWhicheverFlowLeads() {
        // 8000 and 24000 bit/s either way round: 1/3; a ratio of 3 in one direction is 1/3 in the other.
        assertThat(ThroughputRatio.ofFlows(sack1, cubic, FIRST_TWO_SECONDS).smallerOverLarger()).isCloseTo(1.0 / 3, within(1e-12));
        assertThat(ThroughputRatio.ofFlows(cubic, sack1, FIRST_TWO_SECONDS).smallerOverLarger()).isCloseTo(1.0 / 3, within(1e-12));
        assertThat(ThroughputRatio.ofFlows(cubic, sack1, FIRST_TWO_SECONDS).value()).isCloseTo(3.0, within(1e-12));
    }

    @Test
    void aStarvedDenominatorShowsAsInfinityNotANumberPulledFromTheAir() {
        FlowSeries starved = FlowSeries.ofCumulativeBytes("s", "stcp", 1.0, 0, 0, 0);
        assertThat(ThroughputRatio.ofFlows(sack1, starved, FIRST_TWO_SECONDS).value()).isInfinite();
        assertThat(ThroughputRatio.ofFlows(starved, starved, FIRST_TWO_SECONDS).value()).isNaN();
    }

    @Test
    void anAbsentGroupIsNamed() {
        assertThatThrownBy(() -> ThroughputRatio.ofGroups(flows, "reno", "cubic", FIRST_TWO_SECONDS))
                .hasMessage("no flow is in group \"reno\"");
    }

    @Test
    void groupsAreSummedInTheOrderTheyFirstAppear() {
        Map<String, Double> byGroup = GroupThroughput.byGroup(flows, FIRST_TWO_SECONDS);
        assertThat(byGroup).containsExactly(Map.entry("sack", 12_000.0), Map.entry("cubic", 24_000.0));
        assertThat(GroupThroughput.totalBps(flows, FIRST_TWO_SECONDS)).isEqualTo(36_000.0);
    }
}
