package io.tcplab.tools.link;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The sojourn histogram's percentiles, checked by hand. */
class SojournHistogramTest {
    @Test
    void belowOneTwentyEightNanosecondsEveryValueHasItsOwnBucket() {
        SojournHistogram h = new SojournHistogram();
        for (int v = 1; v <= 100; v++) {
            h.record(v);
        }
        // rank ceil(0.5 x 100) = 50 is the value 50, and so on
        assertThat(h.snapshot()).isEqualTo(new SojournHistogram.Sojourn(100, 50, 90, 99, 100));
    }

    @Test
    void largerValuesReportTheTopOfTheirSixtyFourthOfAnOctave() {
        SojournHistogram h = new SojournHistogram();
        for (int i = 0; i < 9; i++) {
            h.record(1_000_000);
        }
        h.record(20_000_000);
        // 1 ms lies in [2^19, 2^20), whose buckets are 2^13 = 8192 ns wide: 1,000,000 / 8192 = 122.07,
        // so its bucket is [999,424, 1,007,615]. p50 and p90 (ranks 5 and 9) are 1 ms: 1,007,615.
        // p99 (rank 10) is 20 ms, whose bucket [19,922,944, 20,185,087] tops out above the largest
        // value recorded, so it is that value.
        assertThat(h.snapshot()).isEqualTo(new SojournHistogram.Sojourn(10, 1_007_615, 1_007_615, 20_000_000, 20_000_000));
    }

    @Test
    void theBucketsCoverTheValuesWithoutGaps() {
        for (long v = 0; v < 1 << 20; v += 37) {
            int b = SojournHistogram.bucket(v);
            assertThat(SojournHistogram.highest(b)).isGreaterThanOrEqualTo(v);
            assertThat(b == 0 || SojournHistogram.highest(b - 1) < v).isTrue();
            assertThat(SojournHistogram.highest(b) - v).isLessThanOrEqualTo(Math.max(0, v / 64));
        }
    }

    @Test
    void anEmptyHistogramReportsZeros() {
        assertThat(new SojournHistogram().snapshot()).isEqualTo(new SojournHistogram.Sojourn(0, 0, 0, 0, 0));
    }

    /** quantilesNanos(n) is percentileNanos(k/n) for k = 1..n: exactly 25, 50, 75, 100 of 1..100. */
    @Test
    void quantilesAreThePercentilesInOnePass() {
        SojournHistogram h = new SojournHistogram();
        for (int v = 1; v <= 100; v++) {
            h.record(v);
        }
        assertThat(h.quantilesNanos(4)).containsExactly(25, 50, 75, 100);
        java.util.SplittableRandom r = new java.util.SplittableRandom(3);
        SojournHistogram wide = new SojournHistogram();
        for (int i = 0; i < 1001; i++) {
            wide.record(r.nextLong(50_000_000));
        }
        long[] q = wide.quantilesNanos(200);
        for (int k = 1; k <= 200; k++) {
            assertThat(q[k - 1]).as("k=%d", k).isEqualTo(wide.percentileNanos(k / 200.0));
        }
        assertThat(new SojournHistogram().quantilesNanos(3)).containsExactly(0, 0, 0);
    }
}
