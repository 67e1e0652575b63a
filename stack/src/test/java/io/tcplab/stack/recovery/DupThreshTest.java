package io.tcplab.stack.recovery;

import static org.assertj.core.api.Assertions.assertThat;

import io.tcplab.stack.loss.AckResult;
import org.junit.jupiter.api.Test;

/** RFC 6675 §4 IsLost through a standalone view: five 1000-byte segments, some SACKed above the first. */
class DupThreshTest {
    private final StandaloneDetectorContext view = new StandaloneDetectorContext(1000);
    private final LossDetector dupThresh = LossDetectors.factory("rfc6675").create(view);

    DupThreshTest() {
        for (int i = 0; i < 5; i++) {
            view.send(1 + 1000L * i, 1000, i);
        }
    }

    private AckResult ack(long... sack) {
        AckResult ack = view.acknowledge(10, 1, sack);
        dupThresh.onAck(10, ack, view.verdict(ack));
        return ack;
    }

    @Test
    void twoSegmentsSackedAboveAreNotEnough() {
        // 2000 bytes SACKed above: not more than (DupThresh - 1) x SMSS
        assertThat(ack(1001, 3001).newlyLostBytes).isZero();
        assertThat(view.scoreboard().isLost(1)).isFalse();
    }

    @Test
    void threeSegmentsSackedAboveMakeTheFirstLost() {
        assertThat(ack(1001, 4001).newlyLostBytes).isEqualTo(1000);
        assertThat(view.scoreboard().isLost(1)).isTrue();
        assertThat(view.scoreboard().isLost(4001)).isFalse();
    }

    @Test
    void duplicateAcksStartRecoveryAndNoTimerIsNeeded() {
        assertThat(dupThresh.countsDupAcks()).isTrue();
        assertThat(dupThresh.deadline()).isEqualTo(LossDetector.NONE);
        assertThat(dupThresh.signal()).isEqualTo(io.tcplab.stack.cc.CongestionSignal.DUPTHRESH_LOSS);
    }
}
