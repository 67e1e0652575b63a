package io.tcplab.stack.recovery;

import static org.assertj.core.api.Assertions.assertThat;

import io.tcplab.stack.loss.AckResult;
import org.junit.jupiter.api.Test;

/**
 * TEB (docs/stack.md#teb) worked by hand through a standalone view: k = 2, backoff 2, double drops
 * on evidence; the latest RTT is 10 ms, so a first transmission is lost 20 ms after it left and a
 * retransmission 40 ms after it was resent.
 */
class TimerBasedRetransmitTest {
    private static final long MS = 1_000_000L;

    private final StandaloneDetectorContext view = new StandaloneDetectorContext(1000);
    private final LossDetector teb = LossDetectors.factory("teb").create(view);

    TimerBasedRetransmitTest() {
        view.rtt(10 * MS, 10 * MS, 10 * MS);
    }

    private void send(long seq, long atNanos) {
        view.send(seq, 1000, atNanos);
        teb.onSent(atNanos, true);
    }

    private LossVerdict timer(long atNanos, AckResult marks) {
        LossVerdict verdict = view.verdict(marks);
        teb.onTimer(atNanos, verdict);
        return verdict;
    }

    @Test
    void aFirstTransmissionIsLostKTimesTheLatestRttAfterItLeft() {
        send(1, 0);
        assertThat(teb.deadline()).isEqualTo(20 * MS);
        AckResult early = new AckResult();
        timer(20 * MS - 1, early);
        assertThat(early.newlyLostBytes).isZero();
        AckResult due = new AckResult();
        LossVerdict verdict = timer(20 * MS, due);
        assertThat(due.newlyLostBytes).isEqualTo(1000);
        assertThat(verdict.lostRetransmissionSentAt()).as("an original: no double drop").isEqualTo(-1);
    }

    @Test
    void aLongerLatestRttMovesThePendingDeadline() {
        send(1, 0);
        view.rtt(10 * MS, 10 * MS, 30 * MS);
        AckResult marks = new AckResult();
        timer(20 * MS, marks);
        assertThat(marks.newlyLostBytes).isZero();
        assertThat(teb.deadline()).isEqualTo(60 * MS);
    }

    @Test
    void aRetransmissionOvertakenByALaterOriginalIsLostAtItsBackedOffDeadlineAndIsADoubleDrop() {
        retransmitTheFirstSegmentAt20ms();
        send(2001, 22 * MS);
        AckResult evidence = view.acknowledge(32 * MS, 1, 1001, 3001); // 2001, sent after the resend, arrived
        LossVerdict onAck = view.verdict(evidence);
        teb.onAck(32 * MS, evidence, onAck);
        assertThat(evidence.newlyLostBytes).isZero();
        // the scan stops at the first segment younger than 2 x 10 ms, so it looks again at 40 ms
        assertThat(teb.deadline()).isEqualTo(40 * MS);
        AckResult notYet = new AckResult();
        timer(40 * MS, notYet);
        assertThat(notYet.newlyLostBytes).isZero();
        assertThat(teb.deadline()).as("the resend's own: 20 ms + 2 x 10 ms x 2").isEqualTo(60 * MS);

        AckResult marks = new AckResult();
        LossVerdict verdict = timer(60 * MS, marks);
        assertThat(marks.newlyLostBytes).isEqualTo(1000);
        assertThat(verdict.lostRetransmissionSentAt()).isEqualTo(20 * MS);
    }

    @Test
    void withoutEvidenceARetransmissionIsLeftToTheRto() {
        retransmitTheFirstSegmentAt20ms();
        AckResult marks = new AckResult();
        LossVerdict verdict = timer(100 * MS, marks);
        assertThat(marks.newlyLostBytes).isZero();
        assertThat(verdict.lostRetransmissionSentAt()).isEqualTo(-1);
        assertThat(teb.deadline()).isEqualTo(LossDetector.NONE);
    }

    /** Segment 1 is lost at 20 ms (1001 was SACKed at 11 ms) and resent at once. */
    private void retransmitTheFirstSegmentAt20ms() {
        send(1, 0);
        send(1001, MS);
        AckResult sacked = view.acknowledge(11 * MS, 1, 1001, 2001);
        teb.onAck(11 * MS, sacked, view.verdict(sacked));
        AckResult lost = new AckResult();
        timer(20 * MS, lost);
        assertThat(lost.newlyLostBytes).isEqualTo(1000);
        view.scoreboard().onRetransmit(1, 20 * MS);
    }
}
