package io.tcplab.tools.metrics;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

class FairnessMeasureTest {
    @Test
    void jainsEightyPercentIsOneFlowAtAThirdOfTheOther() {
        // (3 + 1)^2 / (2 (9 + 1)) = 16/20 = 0.8, while the smaller has a third of the larger's rate.
        assertThat(FairnessMeasure.JAIN.of(new double[] {3, 1}, 2)).isCloseTo(0.8, within(1e-12));
        assertThat(FairnessMeasure.MIN_OVER_MAX.of(new double[] {3, 1}, 2)).isCloseTo(1.0 / 3, within(1e-12));
    }

    @Test
    void theSmallerAtEightyPercentOfTheLargerIsAJainIndexOf0988() {
        // (1 + 0.8)^2 / (2 (1 + 0.64)) = 3.24 / 3.28 = 0.98780...
        assertThat(FairnessMeasure.MIN_OVER_MAX.of(new double[] {10, 8}, 2)).isCloseTo(0.8, within(1e-12));
        assertThat(FairnessMeasure.JAIN.of(new double[] {10, 8}, 2)).isCloseTo(3.24 / 3.28, within(1e-12));
    }

    @Test
    void manyFlowsCompareTheSmallestWithTheLargest() {
        assertThat(FairnessMeasure.MIN_OVER_MAX.of(new double[] {4, 2, 8, 99}, 3)).isEqualTo(0.25);
        assertThat(FairnessMeasure.MIN_OVER_MAX.of(new double[] {0, 0}, 2)).isEqualTo(1.0);
    }

    @Test
    void anUnknownNameIsRefusedWithTheAllowedOnes() {
        assertThat(FairnessMeasure.of("ratio")).isEqualTo(FairnessMeasure.MIN_OVER_MAX);
        assertThatThrownBy(() -> FairnessMeasure.of("gini"))
                .hasMessage("unknown fairness measure 'gini' (allowed: jain, ratio)");
    }
}
