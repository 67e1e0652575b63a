package io.tcplab.cc;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Vegas keeps its own queue between α = 2 and β = 4 segments. */
class VegasTest {
    private static final long MS = 1_000_000L;

    /**
     * 1000 segments/s, 50 ms: BDP 50 segments. After convergence diff = w·(rtt−base)/base, which on
     * this path is the queue, stays in [α, β]. Tolerance: +1 segment above β, for the +1 step a
     * round at diff just below α makes.
     */
    @Test
    void queueStaysBetweenAlphaAndBeta() {
        SyntheticPath path = new SyntheticPath(new Vegas(2, 4, 1), 50 * MS, 1000, 10);
        path.rounds(150);
        for (int i = 0; i < 50; i++) {
            path.round();
            double queue = path.queue(path.cwndSegments());
            assertThat(queue).as("round %d", i).isBetween(2.0 - 1, 4.0 + 1);
        }
    }

    /**
     * Slow start ends in the first round whose queue exceeds γ, at cwnd·baseRTT/rtt + 1. As in
     * Linux, cwnd doubled during that round, so this is at most 2·BDP + 1 = 101 segments.
     */
    @Test
    void slowStartEndsWhenTheQueueExceedsGamma() {
        SyntheticPath path = new SyntheticPath(new Vegas(2, 4, 1), 50 * MS, 1000, 10);
        path.rounds(5); // 10, 20, 40, 80 (queue 30 > γ), then the exit
        assertThat(path.cc.ssthreshBytes()).isLessThan(Long.MAX_VALUE);
        assertThat(path.cc.cwndBytes() / 1000).isBetween(50L, 101L);
    }
}
