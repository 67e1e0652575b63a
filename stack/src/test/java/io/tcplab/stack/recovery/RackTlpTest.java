package io.tcplab.stack.recovery;

import static org.assertj.core.api.Assertions.assertThat;

import io.tcplab.stack.loss.AckResult;
import org.junit.jupiter.api.Test;

/**
 * RACK-TLP (RFC 8985) worked by hand through a standalone view, on virtual time. SRTT, min RTT and
 * the latest RTT are all 10 ms; segments are 1000 bytes.
 */
class RackTlpTest {
    private static final long MS = 1_000_000L;

    private final StandaloneDetectorContext view = new StandaloneDetectorContext(1000);
    private final LossDetector rack = LossDetectors.factory("rack").create(view);

    RackTlpTest() {
        view.rtt(10 * MS, 10 * MS, 10 * MS);
    }

    private void send(long seq, long atNanos) {
        view.send(seq, 1000, atNanos);
        rack.onSent(atNanos, true);
    }

    private AckResult ack(long atNanos, long cumulative, long... sack) {
        AckResult ack = view.acknowledge(atNanos, cumulative, sack);
        rack.onAck(atNanos, ack, view.verdict(ack));
        return ack;
    }

    @Test
    void aSegmentSentBeforeTheNewestDeliveredOneIsLostRackRttPlusTheReorderingWindowAfterItLeft() {
        send(1, 0);
        send(1001, MS);
        // §6.2: 1001 (sent at 1 ms) is SACKed at 11 ms: RACK.rtt 10 ms; one segment SACKed, so
        // reo_wnd = min(min_RTT / 4, SRTT) = 2.5 ms; segment 1 is lost at 0 + 10 + 2.5 ms
        AckResult first = ack(11 * MS, 1, 1001, 2001);
        assertThat(first.newlyLostBytes).isZero();
        assertThat(rack.deadline()).as("§6.3 the reordering timer").isEqualTo(12_500_000L);

        AckResult early = new AckResult();
        rack.onTimer(12_500_000L - 1, view.verdict(early));
        assertThat(early.newlyLostBytes).isZero();
        AckResult due = new AckResult();
        rack.onTimer(12_500_000L, view.verdict(due));
        assertThat(due.newlyLostBytes).isEqualTo(1000);
        assertThat(view.scoreboard().isLost(1)).isTrue();
    }

    @Test
    void withDupThreshSegmentsSackedTheReorderingWindowIsZero() {
        for (int i = 0; i < 4; i++) {
            send(1 + 1000L * i, i * MS);
        }
        // §6.2 step 4: three SACKed and no reordering seen: reo_wnd 0, so segment 1 (sent at 0)
        // is lost once RACK.rtt (13 - 3 = 10 ms) has passed, on this very ACK
        AckResult ack = ack(13 * MS, 1, 1001, 4001);
        assertThat(ack.newlyLostBytes).isEqualTo(1000);
    }

    @Test
    void theProbeTimeoutIsTwoSrttAndTheSenderSaysWhatItSent() {
        send(1, 0);
        assertThat(rack.deadline()).as("§7.2 one segment out: 2 SRTT + the worst-case delayed ACK")
                .isEqualTo(220 * MS);
        send(1001, 5 * MS);
        assertThat(rack.deadline()).as("2 SRTT after the last new data").isEqualTo(25 * MS);

        LossVerdict verdict = view.verdict(new AckResult());
        rack.onTimer(25 * MS, verdict);
        assertThat(verdict.probeAsked()).isTrue();
        view.scoreboard().onRetransmit(1001, 25 * MS); // the sender resent the last segment
        rack.onProbeSent(25 * MS, Probe.RETRANSMISSION);
        assertThat(rack.probes()).isEqualTo(1);
        assertThat(rack.deadline()).as("one probe outstanding at a time").isEqualTo(LossDetector.NONE);
    }

    @Test
    void aRetransmittedProbeThatRepairedALossCallsForAResponse() {
        probeTheTailAt25ms();
        send(2001, 30 * MS);
        AckResult ack = view.acknowledge(40 * MS, 3001);
        LossVerdict verdict = view.verdict(ack);
        rack.onAck(40 * MS, ack, verdict);
        assertThat(verdict.probeRepairedLossSeen()).as("§7.4.2: no D-SACK, SND.UNA beyond the probe").isTrue();
    }

    @Test
    void aProbeWhoseOriginalArrivedTooIsNoLoss() {
        probeTheTailAt25ms();
        // the D-SACK for [1001, 2001) shows both the original and the probe arrived
        AckResult dsack = view.acknowledge(35 * MS, 2001, 1001, 2001);
        LossVerdict first = view.verdict(dsack);
        rack.onAck(35 * MS, dsack, first);
        assertThat(first.probeRepairedLossSeen()).isFalse();
        send(2001, 36 * MS);
        AckResult ack = view.acknowledge(46 * MS, 3001);
        LossVerdict later = view.verdict(ack);
        rack.onAck(46 * MS, ack, later);
        assertThat(later.probeRepairedLossSeen()).as("the episode ended with the D-SACK").isFalse();
    }

    private void probeTheTailAt25ms() {
        send(1, 0);
        send(1001, 5 * MS);
        rack.onTimer(25 * MS, view.verdict(new AckResult()));
        view.scoreboard().onRetransmit(1001, 25 * MS);
        rack.onProbeSent(25 * MS, Probe.RETRANSMISSION);
    }

    @Test
    void noProbeIsAskedForInRecovery() {
        send(1, 0);
        send(1001, 5 * MS);
        view.inRecovery(true);
        LossVerdict verdict = view.verdict(new AckResult());
        rack.onTimer(25 * MS, verdict);
        assertThat(verdict.probeAsked()).isFalse();
    }
}
