package io.tcplab.cc;

import static org.assertj.core.api.Assertions.assertThat;

import io.tcplab.stack.cc.CongestionSignal;
import io.tcplab.stack.cc.UndoCause;
import org.junit.jupiter.api.Test;

/** BIC against Linux tcp_bic.c's binary search and constants. */
class BicTest {
    private static final long MS = 1_000_000L;

    private static SyntheticPath afterLossAt(int w) {
        SyntheticPath path = new SyntheticPath(new Bic(true), 10 * MS, Double.POSITIVE_INFINITY, w);
        path.loss(CongestionSignal.DUPTHRESH_LOSS);
        return path;
    }

    @Test
    void lossKeepsEightTenthsAboveLowWindowAndHalvesBelow() {
        assertThat(afterLossAt(200).cwndSegments()).isEqualTo(200 * 819 / 1024); // 159
        assertThat(afterLossAt(14).cwndSegments()).isEqualTo(7);
    }

    /**
     * After a loss at 200 the window climbs towards last_max by a quarter of the distance per RTT
     * (binary search, B = 4), capped at max_increment = 16. Linux recomputes the step on every
     * ACK as cwnd grows, so over one RTT the distance shrinks by 1 − e^(−1/B) ≈ 22%, not 25%.
     * Tolerance: +1/−1.5 segments per round (Linux's integer dist = floor((max − cwnd)/B) and
     * cnt = cwnd/dist both round the step down).
     */
    @Test
    void binarySearchStepsAreAQuarterOfTheDistance() {
        SyntheticPath path = afterLossAt(200);
        for (int r = 0; r < 6; r++) {
            double before = path.cwndSegments();
            double dist = (200 - before) / 4;
            path.round();
            double step = path.cwndSegments() - before;
            double expected = dist > 16 ? 16 : dist <= 1 ? 0.2 : (200 - before) * (1 - Math.exp(-1.0 / 4));
            assertThat(step).as("round %d from %.0f", r, before).isBetween(expected - 1.5, expected + 1);
        }
    }

    /** Max probing past last_max: slow (+B/smooth_part... ) then up to +16 per RTT. */
    @Test
    void maxProbingAcceleratesPastTheOldMaximum() {
        assertThat(Bic.cnt(202, 200)).isEqualTo(202 * 20 / 4); // within B of last_max: +0.2 per RTT
        assertThat(Bic.cnt(220, 200)).isEqualTo(220 * 3 / 20); // (cwnd − max)/3 per RTT
        assertThat(Bic.cnt(300, 200)).isEqualTo(300 / 16); // +16 per RTT
        assertThat(Bic.cnt(10, 200)).isEqualTo(10); // Reno at or below low_window
        assertThat(Bic.cnt(1000, 0)).isEqualTo(20); // no loss yet: at least 5% per RTT
    }

    @Test
    void fastConvergenceAndUndo() {
        SyntheticPath path = afterLossAt(200);
        Bic bic = (Bic) path.cc;
        assertThat(bic.lastMaxCwnd()).isEqualTo(200);
        path.rounds(2);
        long w = path.cc.cwndBytes() / 1000;
        path.cc.ssthreshOnCongestion(CongestionSignal.DUPTHRESH_LOSS, path.cc.cwndBytes(), path.now);
        assertThat(bic.lastMaxCwnd()).isEqualTo(w * (1024 + 819) / 2048);
        path.cc.undo(UndoCause.SPURIOUS_RETRANSMIT, 0, path.now);
        assertThat(bic.lastMaxCwnd()).isEqualTo(200);
        assertThat(path.cc.cwndBytes() / 1000).isEqualTo(w);
    }
}
