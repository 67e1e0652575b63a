package io.tcplab.tools.metrics;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

class SummaryTest {

    @Test
    void oneToFive() {
        // mean 3; squared deviations 4+1+0+1+4 = 10, variance 10/4 = 2.5, s = 1.581139;
        // t(0.975, 4) = 2.776445; half-width 2.776445 * 1.581139 / sqrt(5) = 1.963243.
        Summary s = Summary.of(3, 1, 4, 5, 2);
        assertThat(s.n()).isEqualTo(5);
        assertThat(s.mean()).isEqualTo(3.0);
        assertThat(s.variance()).isCloseTo(2.5, within(1e-12));
        assertThat(s.standardDeviation()).isCloseTo(1.581139, within(1e-6));
        assertThat(s.median()).isEqualTo(3.0);
        assertThat(s.ci95().halfWidth()).isCloseTo(1.963243, within(1e-6));
        assertThat(s.ci95().low()).isCloseTo(3 - 1.963243, within(1e-6));
        assertThat(s.ci95().high()).isCloseTo(3 + 1.963243, within(1e-6));
        assertThat(s.ci95().method()).isEqualTo(IntervalMethod.STUDENT_T);
    }

    @Test
    void theMedianOfAnEvenCountIsTheMeanOfTheMiddleTwo() {
        // sorted 1 2 3 4 -> (2 + 3) / 2
        assertThat(Summary.of(4, 1, 3, 2).median()).isEqualTo(2.5);
    }

    @Test
    void aSingleValueHasNoSpreadAndNoInterval() {
        Summary s = Summary.of(7);
        assertThat(s.mean()).isEqualTo(7.0);
        assertThat(s.median()).isEqualTo(7.0);
        assertThat(s.variance()).isNaN();
        assertThat(s.standardDeviation()).isNaN();
        assertThat(s.ci95().low()).isNaN();
    }

    @Test
    void nothingOrNonFiniteValuesAreRefused() {
        assertThatThrownBy(Summary::of).hasMessage("summary statistics need at least one value");
        assertThatThrownBy(() -> Summary.of(1, Double.NaN)).hasMessageContaining("value 1 is NaN");
    }

    @Test
    void theNormalIntervalReproducesSeed001() {
        // Seed 001, 10 ECN and SACK streams: mean 15.745, s = 1.620924475, n = 40 samples;
        // 1.959964 * 1.620924475 / sqrt(40) = 0.502322 -> (15.243 ; 16.247) as published.
        ConfidenceInterval normal = ConfidenceInterval.ofMean(15.745, 1.620924475, 40, IntervalMethod.NORMAL);
        assertThat(normal.low()).isCloseTo(15.243, within(5e-4));
        assertThat(normal.high()).isCloseTo(16.247, within(5e-4));
        // Student's t(0.975, 39) = 2.022691 widens it: half-width 0.518396 -> (15.227 ; 16.263).
        ConfidenceInterval t = ConfidenceInterval.ofMean(15.745, 1.620924475, 40, IntervalMethod.STUDENT_T);
        assertThat(t.halfWidth()).isCloseTo(0.518396, within(1e-6));
    }

    @Test
    void tQuantilesFromTheTableAndBeyondIt() {
        assertThat(StudentT.quantile975(1)).isEqualTo(12.706205);
        assertThat(StudentT.quantile975(4)).isEqualTo(2.776445);
        assertThat(StudentT.quantile975(30)).isEqualTo(2.042272);
        // Exact values (to 7 decimals): t(0.975, 31) = 2.0395134, t(0.975, 39) = 2.0226909, t(0.975, 120) = 1.9799304.
        assertThat(StudentT.quantile975(31)).isCloseTo(2.0395134, within(1e-7));
        assertThat(StudentT.quantile975(39)).isCloseTo(2.0226909, within(1e-7));
        assertThat(StudentT.quantile975(120)).isCloseTo(1.9799304, within(1e-7));
        assertThatThrownBy(() -> StudentT.quantile975(0)).hasMessageContaining("at least 1 degree of freedom");
    }

    @Property
    void tQuantilesFallTowardsTheNormalOne(@ForAll @IntRange(min = 1, max = 10_000) int df) {
        assertThat(StudentT.quantile975(df)).isGreaterThan(StudentT.quantile975(df + 1));
        assertThat(StudentT.quantile975(df)).isGreaterThan(StudentT.NORMAL_975);
    }
}
