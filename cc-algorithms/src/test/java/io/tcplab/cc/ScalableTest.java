package io.tcplab.cc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.tcplab.stack.cc.CongestionSignal;
import org.junit.jupiter.api.Test;

/** Scalable TCP: ×0.875 on loss, +0.01 per acknowledged segment above the legacy window of 100. */
class ScalableTest {
    private static final long MS = 1_000_000L;

    @Test
    void lossKeepsSevenEighths() {
        SyntheticPath path = new SyntheticPath(new Scalable(0.01, 0.125), 10 * MS, Double.POSITIVE_INFINITY, 1000);
        path.loss(CongestionSignal.DUPTHRESH_LOSS);
        assertThat(path.cwndSegments()).isEqualTo(875);
    }

    /** MIMD: +1% per RTT (±1 segment for the counter carried between rounds). */
    @Test
    void growsOneHundredthPerAckedSegment() {
        SyntheticPath path = new SyntheticPath(new Scalable(0.01, 0.125), 10 * MS, Double.POSITIVE_INFINITY, 1000);
        path.loss(CongestionSignal.DUPTHRESH_LOSS);
        double w = path.cwndSegments();
        path.round();
        assertThat(path.cwndSegments() - w).isCloseTo(w * 0.01, within(1.0));
        // 50 rounds of +1%: compound growth
        path.rounds(50);
        assertThat(path.cwndSegments()).isCloseTo(w * 1.01 * Math.pow(1.01, 50), within(w * 0.02));
    }

    @Test
    void renoBelowTheLegacyWindow() {
        SyntheticPath path = new SyntheticPath(new Scalable(0.01, 0.125), 10 * MS, Double.POSITIVE_INFINITY, 80);
        path.loss(CongestionSignal.DUPTHRESH_LOSS);
        double w = path.cwndSegments();
        path.rounds(10);
        assertThat(path.cwndSegments() - w).isCloseTo(10, within(1.0));
    }
}
