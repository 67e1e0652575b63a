package io.tcplab.cc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.tcplab.stack.cc.CongestionSignal;
import org.junit.jupiter.api.Test;

/** HighSpeed against RFC 3649 §5's a(w), b(w) and the Linux table. */
class HighSpeedTest {
    private static final long MS = 1_000_000L;

    static double rfcB(double w) {
        return (0.1 - 0.5) * (Math.log(w) - Math.log(38)) / (Math.log(83000) - Math.log(38)) + 0.5;
    }

    static double rfcA(double w) {
        double p = 0.078 / Math.pow(w, 1.2);
        double b = rfcB(w);
        return w * w * p * 2 * b / (2 - b);
    }

    /**
     * The Linux table against RFC 3649's formulas: b(w) within 0.015, a(w) within 1 segment or
     * 6% (the table steps by whole segments and its rows are upper bounds).
     */
    @org.junit.jupiter.params.ParameterizedTest
    @org.junit.jupiter.params.provider.ValueSource(ints = {100, 300, 1000, 3000, 10000, 30000, 80000})
    void tableMatchesTheRfcFormulas(int w) {
        assertThat(HighSpeed.b(w)).as("b(%d)", w).isCloseTo(rfcB(w), within(0.015));
        assertThat((double) HighSpeed.a(w)).as("a(%d)", w).isCloseTo(rfcA(w), within(Math.max(1, 0.06 * rfcA(w))));
    }

    @Test
    void standardTcpAtOrBelowLowWindow() {
        assertThat(HighSpeed.a(38)).isEqualTo(1);
        assertThat(HighSpeed.b(38)).isEqualTo(0.5);
        assertThat(HighSpeed.a(39)).isEqualTo(2);
        assertThat(HighSpeed.a(1_000_000)).isEqualTo(72);
    }

    /** In congestion avoidance the window grows a(w) per RTT and loses b(w)·w on loss (exact, integer). */
    @Test
    void growthPerRttAndDecreaseFollowTheTable() {
        SyntheticPath path = new SyntheticPath(new HighSpeed(), 10 * MS, Double.POSITIVE_INFINITY, 1000);
        path.loss(CongestionSignal.DUPTHRESH_LOSS);
        assertThat(path.cwndSegments()).isEqualTo(1000 - 1000 * 83 / 256);
        double before = path.cwndSegments();
        path.rounds(10);
        // a = 7 at 676..851 segments: 10 rounds add 70 (±1 for the partial count)
        assertThat(path.cwndSegments() - before).isCloseTo(10 * HighSpeed.a((long) before), within(1.0));
    }
}
