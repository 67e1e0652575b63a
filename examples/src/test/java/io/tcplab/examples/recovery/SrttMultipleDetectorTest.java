package io.tcplab.examples.recovery;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tcplab.stack.loss.AckResult;
import io.tcplab.stack.recovery.LossDetector;
import io.tcplab.stack.recovery.LossDetectors;
import io.tcplab.stack.recovery.LossVerdict;
import io.tcplab.stack.recovery.StandaloneDetectorContext;
import org.junit.jupiter.api.Test;

/**
 * The max(k × SRTT, min) rule worked by hand on virtual time (ms). SRTT is 10 ms, k = 2 and the
 * floor 10 ms, so a first transmission is lost 20 ms after it left.
 */
class SrttMultipleDetectorTest {
    private static final long MS = 1_000_000L;

    private final StandaloneDetectorContext view = new StandaloneDetectorContext(1000);
    private final LossDetector detector = LossDetectors.factory("srtt-multiple:k=2").create(view);

    /** SRTT, and with it min and latest RTT, in nanoseconds. */
    private void srtt(long nanos) {
        view.rtt(nanos, nanos, nanos);
    }

    private void send(long seq, long atMs) {
        view.send(seq, 1000, atMs * MS);
        detector.onSent(atMs * MS, true);
    }

    @Test
    void theDeadlineArmedIsTheSendTimePlusKTimesSrtt() {
        srtt(10 * MS);
        send(1, 0);
        assertThat(detector.deadline()).isEqualTo(20 * MS);
        send(1001, 10);
        assertThat(detector.deadline()).as("the oldest segment's deadline stays").isEqualTo(20 * MS);
    }

    @Test
    void onlySegmentsOlderThanKTimesSrttAreLost() { // three 1000-byte segments leave at 0, 10 and 30 ms
        srtt(10 * MS);
        send(1, 0);
        send(1001, 10);
        send(2001, 30);

        AckResult out = new AckResult();
        detector.onTimer(25 * MS, view.verdict(out)); // 1 is 25 ms old; 1001 is 15 ms and 2001 not yet 20 ms
        assertThat(out.newlyLostBytes).isEqualTo(1000);
        assertThat(view.scoreboard().isLost(1)).isTrue();
        assertThat(view.scoreboard().isLost(1001)).isFalse();
        assertThat(view.scoreboard().isLost(2001)).isFalse();
        assertThat(detector.deadline()).as("1001's: 10 + 2 x 10 ms").isEqualTo(30 * MS);
    }

    @Test
    void aSegmentExactlyKTimesSrttOldIsLost() {
        srtt(10 * MS);
        send(1, 0);
        AckResult out = new AckResult();
        detector.onTimer(20 * MS - 1, view.verdict(out));
        assertThat(out.newlyLostBytes).isZero();
        detector.onTimer(20 * MS, view.verdict(out));
        assertThat(out.newlyLostBytes).isEqualTo(1000);
        assertThat(detector.deadline()).isEqualTo(LossDetector.NONE);
    }

    @Test
    void theRuleFollowsSrttWhenItChanges() {
        srtt(10 * MS);
        send(1, 0);
        srtt(5 * MS); // a new sample moves every pending deadline at once
        AckResult out = new AckResult();
        detector.onAck(12 * MS, out, view.verdict(out));
        assertThat(out.newlyLostBytes).isEqualTo(1000);
    }

    @Test
    void aRetransmissionIsLeftToTheRto() {
        srtt(10 * MS);
        send(1, 0);
        send(1001, 1);
        AckResult out = new AckResult();
        detector.onTimer(20 * MS, view.verdict(out));
        assertThat(view.scoreboard().isLost(1)).isTrue();
        view.scoreboard().onRetransmit(1, 20 * MS);

        AckResult later = new AckResult();
        LossVerdict verdict = view.verdict(later);
        detector.onTimer(100 * MS, verdict); // the retransmission is 80 ms old, 1001 99 ms
        assertThat(later.newlyLostBytes).as("1001 only").isEqualTo(1000);
        assertThat(verdict.lostRetransmissionSentAt()).as("no double drop").isEqualTo(-1);
        assertThat(verdict.probeAsked()).isFalse();
        assertThat(view.scoreboard().isLost(1001)).isTrue();
        assertThat(view.scoreboard().txCountOf(1)).isEqualTo(2);
        assertThat(detector.deadline()).isEqualTo(LossDetector.NONE);
    }

    @Test
    void withoutAnRttSampleNothingIsLostAndNoTimerIsArmed() {
        send(1, 0);
        assertThat(detector.deadline()).isEqualTo(LossDetector.NONE);
        AckResult out = new AckResult();
        detector.onAck(10_000 * MS, out, view.verdict(out));
        assertThat(out.newlyLostBytes).isZero();
        assertThat(detector.deadline()).isEqualTo(LossDetector.NONE);
    }

    @Test
    void kDefaultsToTwoAndScalesTheDeadline() {
        srtt(10 * MS);
        LossDetector byDefault = LossDetectors.factory("srtt-multiple").create(view);
        LossDetector three = LossDetectors.factory("srtt-multiple:k=3.5").create(view);
        view.send(1, 1000, 0);
        byDefault.onSent(0, true);
        three.onSent(0, true);
        assertThat(byDefault.deadline()).isEqualTo(20 * MS);
        assertThat(three.deadline()).isEqualTo(35 * MS);
    }

    @Test
    void aShortSrttMeetsTheFloor() {
        srtt(MS); // 2 x 1 ms is under the 10 ms floor
        send(1, 0);
        assertThat(detector.deadline()).isEqualTo(10 * MS);
        LossDetector noFloor = LossDetectors.factory("srtt-multiple:k=2,min=0").create(view);
        noFloor.onSent(0, true);
        assertThat(noFloor.deadline()).isEqualTo(2 * MS);
        AckResult out = new AckResult();
        detector.onTimer(9 * MS, view.verdict(out));
        assertThat(out.newlyLostBytes).isZero();
        noFloor.onTimer(9 * MS, view.verdict(out));
        assertThat(out.newlyLostBytes).isEqualTo(1000);
    }

    @Test
    void theProviderIsFoundByItsSpecAndRefusesABadK() {
        assertThat(LossDetectors.names()).contains("srtt-multiple", "rack");
        assertThat(LossDetectors.accepted()).contains("srtt-multiple[:k=2 [1, 16], min=10 [0, 60000]]");
        assertThatThrownBy(() -> LossDetectors.factory("srtt-multiple:k=0.5"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("k").hasMessageContaining("[1, 16]").hasMessageNotContaining("\n");
        assertThatThrownBy(() -> LossDetectors.factory("srtt-multiple:n=2"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("n");
    }
}
