package io.tcplab.tools.ab.suite;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

/** The geometric mean of per-seed ratios and its 95 % interval, worked by hand. */
class RatioIntervalTest {
    @Test
    void threeSeedsByHand() {
        // ratios 1, 2, 4: logs 0, ln 2, 2 ln 2; mean ln 2 (ratio 2); sample sd ln 2; half-width
        // t(2) ln 2 / sqrt 3 = 4.3027 / 1.7321 ln 2 = 2.4842 ln 2, so 2^(1 -+ 2.4842) = 0.3575 .. 11.190
        RatioInterval r = RatioInterval.of(new double[] {10, 20, 40}, new double[] {10, 10, 10});
        assertThat(r.value()).isCloseTo(2.0, within(1e-12));
        assertThat(r.low()).isCloseTo(0.3575, within(1e-4));
        assertThat(r.high()).isCloseTo(11.190, within(1e-3));
        assertThat(r.seeds()).isEqualTo(3);
        assertThat(r.flagged()).isTrue();
    }

    @Test
    void turnedUpsideDownTheIntervalIsTheReciprocal() {
        RatioInterval up = RatioInterval.of(new double[] {9, 11, 13}, new double[] {10, 10, 10});
        RatioInterval down = RatioInterval.of(new double[] {10, 10, 10}, new double[] {9, 11, 13});
        assertThat(down.value()).isCloseTo(1 / up.value(), within(1e-12));
        assertThat(down.low()).isCloseTo(1 / up.high(), within(1e-12));
        assertThat(down.high()).isCloseTo(1 / up.low(), within(1e-12));
    }

    @Test
    void equalRatiosHaveNoWidth() {
        RatioInterval r = RatioInterval.of(new double[] {95, 190}, new double[] {100, 200});
        assertThat(r.value()).isCloseTo(0.95, within(1e-12));
        assertThat(r.low()).isCloseTo(0.95, within(1e-12));
        assertThat(r.high()).isCloseTo(0.95, within(1e-12));
        assertThat(r.flagged()).as("0.95 is within 10 %").isFalse();
    }

    @Test
    void oneSeedHasARatioButNoInterval() {
        RatioInterval r = RatioInterval.of(new double[] {85}, new double[] {100});
        assertThat(r.value()).isCloseTo(0.85, within(1e-12));
        assertThat(r.low()).isNaN();
        assertThat(r.high()).isNaN();
        assertThat(r.flagged()).isTrue();
    }

    @Test
    void aZeroOrMissingValueLeavesNoRatio() {
        assertThat(RatioInterval.of(new double[] {5, 3}, new double[] {0, 4}).defined()).isFalse();
        assertThat(RatioInterval.of(new double[] {0, 3}, new double[] {2, 4}).defined()).isFalse();
        assertThat(RatioInterval.of(new double[] {Double.NaN, 3}, new double[] {2, 4}).defined()).isFalse();
        assertThat(RatioInterval.undefined(3).flagged()).isFalse();
    }

    @Test
    void flaggedJustOutsideTenPercent() {
        assertThat(RatioInterval.of(new double[] {1.099}, new double[] {1}).flagged()).isFalse();
        assertThat(RatioInterval.of(new double[] {1.101}, new double[] {1}).flagged()).isTrue();
        assertThat(RatioInterval.of(new double[] {0.901}, new double[] {1}).flagged()).isFalse();
        assertThat(RatioInterval.of(new double[] {0.899}, new double[] {1}).flagged()).isTrue();
    }

    @Test
    void studentsQuantileFromTheTableAndBeyond() {
        assertThat(RatioInterval.t975(1)).isEqualTo(12.7062);
        assertThat(RatioInterval.t975(2)).isEqualTo(4.3027);
        // published values for 40 and 120 degrees of freedom: 2.0211, 1.9799
        assertThat(RatioInterval.t975(40)).isCloseTo(2.0211, within(1e-4));
        assertThat(RatioInterval.t975(120)).isCloseTo(1.9799, within(1e-4));
    }
}
