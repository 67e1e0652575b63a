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

class JainIndexTest {

    @Test
    void equalSharesAreFair() {
        // (1 + 1)^2 / (2 * (1 + 1)) = 4 / 4 = 1
        assertThat(JainIndex.of(1, 1)).isEqualTo(1.0);
    }

    @Test
    void oneFlowTakingEverythingOfTwoIsOneHalf() {
        // (1 + 0)^2 / (2 * 1) = 0.5
        assertThat(JainIndex.of(1, 0)).isEqualTo(0.5);
    }

    @Test
    void threeUnequalFlows() {
        // (10 + 20 + 30)^2 = 3600; 3 * (100 + 400 + 900) = 4200; 3600 / 4200 = 0.857142...
        assertThat(JainIndex.of(10, 20, 30)).isCloseTo(6.0 / 7.0, within(1e-12));
    }

    @Test
    void aSingleFlowIsTriviallyFair() {
        assertThat(JainIndex.of(42)).isEqualTo(1.0);
    }

    @Test
    void flowsThatAllGotNothingCountAsTreatedAlike() {
        assertThat(JainIndex.of(0, 0, 0)).isEqualTo(1.0);
    }

    @Test
    void noFlowsOrNegativeThroughputAreRefused() {
        assertThatThrownBy(JainIndex::of).hasMessageContaining("at least one flow");
        assertThatThrownBy(() -> JainIndex.of(1, -1)).hasMessageContaining("throughput 1 is -1.0");
    }

    @Test
    void overFlowsMeanThroughputInAWindow() {
        // Over [2 s, 4 s]: flow a delivers 2000 bytes, flow b 6000 bytes; J of {2000, 6000}
        // = 8000^2 / (2 * (4e6 + 36e6)) = 64e6 / 80e6 = 0.8 (bytes and bit/s give the same J).
        FlowSeries a = FlowSeries.ofCumulativeBytes("a", "reno", 1.0, 0, 0, 1000, 2000, 3000);
        FlowSeries b = FlowSeries.ofCumulativeBytes("b", "cubic", 1.0, 0, 0, 0, 3000, 6000);
        assertThat(JainIndex.ofMeanThroughput(List.of(a, b), new MeasurementWindow(2, 4))).isCloseTo(0.8, within(1e-12));
    }

    @Property
    void liesBetweenOneOverNAndOne(@ForAll @Size(min = 1, max = 20) List<@DoubleRange(min = 0, max = 1e10) Double> xs) {
        double[] x = xs.stream().mapToDouble(Double::doubleValue).toArray();
        double j = JainIndex.of(x);
        assertThat(j).isBetween(1.0 / x.length - 1e-12, 1.0 + 1e-12);
    }

    @Property
    void doesNotDependOnTheUnit(@ForAll @Size(min = 1, max = 20) List<@DoubleRange(min = 0, max = 1e6) Double> xs,
                                @ForAll @DoubleRange(min = 1e-3, max = 1e6) @Scale(6) double scale) {
        ScaleInvariance.check(JainIndex::of, xs, scale);
    }
}
