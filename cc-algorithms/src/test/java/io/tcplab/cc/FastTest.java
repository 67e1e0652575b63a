package io.tcplab.cc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

/** FAST converges to its fixed point w(1 − baseRTT/RTT) = α: α of its packets queued. */
class FastTest {
    private static final long MS = 1_000_000L;

    /** Tolerance 5% of α (integer windows) after 60 rounds from IW 10. */
    @Test
    void queueConvergesToAlpha() {
        for (double alpha : new double[] {10, 20, 50}) {
            SyntheticPath path = new SyntheticPath(new Fast(alpha, 0.5), 50 * MS, 1000, 10);
            path.rounds(60);
            assertThat(path.queue(path.cwndSegments())).as("alpha %s", alpha).isCloseTo(alpha, within(alpha * 0.05 + 1));
        }
    }

    /** With an empty queue the update is the 2w cap: the window doubles each RTT. */
    @Test
    void doublesWhileTheQueueIsEmpty() {
        SyntheticPath path = new SyntheticPath(new Fast(20, 0.5), 50 * MS, Double.POSITIVE_INFINITY, 10);
        path.rounds(2); // the first round has no samples yet
        double w = path.cwndSegments();
        path.round();
        assertThat(path.cwndSegments()).isCloseTo(Math.min(2 * w, 0.5 * w + 0.5 * (w + 20)), within(1.0));
    }
}
