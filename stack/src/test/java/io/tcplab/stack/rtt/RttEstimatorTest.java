package io.tcplab.stack.rtt;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class RttEstimatorTest {
    private static final long MS = 1_000_000L;
    private static final long S = 1000 * MS;

    private final RttEstimator est = new RttEstimator(S, MS, 60 * S, MS);

    @Test
    void beforeAnySampleTheInitialRtoApplies() {
        assertThat(est.srtt()).isEqualTo(-1);
        assertThat(est.minRtt()).isEqualTo(-1);
        assertThat(est.latestRtt()).isEqualTo(-1);
        assertThat(est.rto()).isEqualTo(S);
    }

    @Test
    void followsRfc6298ByHand() {
        est.sample(100 * MS);                       // §2.2: SRTT=R, RTTVAR=R/2
        assertThat(est.srtt()).isEqualTo(100 * MS);
        assertThat(est.rttvar()).isEqualTo(50 * MS);
        assertThat(est.rto()).isEqualTo(300 * MS);  // 100 + 4*50

        est.sample(200 * MS);                       // RTTVAR = 3/4*50 + 1/4*|100-200| = 62.5
        assertThat(est.rttvar()).isEqualTo(62_500_000L);
        assertThat(est.srtt()).isEqualTo(112_500_000L); // 7/8*100 + 1/8*200
        assertThat(est.rto()).isEqualTo(362_500_000L);

        est.sample(80 * MS);                        // RTTVAR uses the old SRTT 112.5: (187.5+32.5)/4
        assertThat(est.rttvar()).isEqualTo(55 * MS);
        assertThat(est.srtt()).isEqualTo(108_437_500L);
        assertThat(est.rto()).isEqualTo(328_437_500L);
        assertThat(est.latestRtt()).isEqualTo(80 * MS);
        assertThat(est.minRtt()).isEqualTo(80 * MS);
    }

    @Test
    void granularityBoundsTheVarianceTerm() {
        RttEstimator coarse = new RttEstimator(S, MS, 60 * S, 100 * MS);
        coarse.sample(10 * MS);                     // 4*RTTVAR = 20ms < G = 100ms
        assertThat(coarse.rto()).isEqualTo(110 * MS);
    }

    @Test
    void rfcMinimumOfOneSecondRoundsUp() {
        RttEstimator rfc = new RttEstimator(S, S, 60 * S, MS);
        rfc.sample(100 * MS);
        assertThat(rfc.rto()).isEqualTo(S);
    }

    /**
     * A 200 ms minimum with samples of 10 ms: RFC 6298 floors the RTO, max(10 + 20, 200) = 200 ms;
     * Linux floors the variance term, 10 + max(20, 200) = 210 ms. Past the minimum they agree:
     * 100 + max(200, 200) = 300 ms either way.
     */
    @Test
    void theMinimumBoundsTheRtoOrTheVarianceTerm() {
        RttEstimator rfc = new RttEstimator(S, 200 * MS, 60 * S, MS, RtoMinimum.RTO);
        RttEstimator linux = new RttEstimator(S, 200 * MS, 60 * S, MS, RtoMinimum.VARIANCE);
        rfc.sample(10 * MS);
        linux.sample(10 * MS);
        assertThat(rfc.rto()).isEqualTo(200 * MS);
        assertThat(linux.rto()).isEqualTo(210 * MS);
        RttEstimator rfcLong = new RttEstimator(S, 200 * MS, 60 * S, MS, RtoMinimum.RTO);
        RttEstimator linuxLong = new RttEstimator(S, 200 * MS, 60 * S, MS, RtoMinimum.VARIANCE);
        rfcLong.sample(100 * MS);
        linuxLong.sample(100 * MS);
        assertThat(rfcLong.rto()).isEqualTo(300 * MS).isEqualTo(linuxLong.rto());
    }

    @Test
    void backoffDoublesUpToTheMaximumAndASampleEndsIt() {
        est.sample(100 * MS);
        est.backoff();
        assertThat(est.rto()).isEqualTo(600 * MS);
        est.backoff();
        assertThat(est.rto()).isEqualTo(1200 * MS);
        assertThat(est.backoffCount()).isEqualTo(2);
        for (int i = 0; i < 100; i++) {
            est.backoff();
        }
        assertThat(est.rto()).isEqualTo(60 * S);
        est.sample(100 * MS);
        assertThat(est.backoffCount()).isZero();
        assertThat(est.rto()).isEqualTo(250 * MS);    // RTTVAR 3/4*50 = 37.5, RTO 100 + 150
    }

    @Test
    void backoffWorksBeforeTheFirstSample() {
        est.backoff();
        assertThat(est.rto()).isEqualTo(2 * S);
    }

    @Test
    void negativeSamplesAreIgnored() {
        est.sample(-5);
        assertThat(est.srtt()).isEqualTo(-1);
    }

    @Test
    void undoRestoresTheGivenEstimateAndClearsBackoff() {
        est.sample(100 * MS);
        est.backoff();
        est.restoreForUndo(200 * MS, 25 * MS);
        assertThat(est.srtt()).isEqualTo(200 * MS);
        assertThat(est.rttvar()).isEqualTo(25 * MS);
        assertThat(est.backoffCount()).isZero();
        assertThat(est.rto()).isEqualTo(300 * MS);
    }
}
