package io.tcplab.tools.scenario;

import static org.assertj.core.api.Assertions.assertThat;

import io.tcplab.tools.link.Limit;
import io.tcplab.tools.link.LinkParams;
import org.junit.jupiter.api.Test;

/**
 * What the congestion-control SPI promises an algorithm, checked on a real emulated transfer:
 * every segment reported as sent, RTT and min RTT, monotone delivered/lost totals, one round
 * start per round trip, one congestion signal per episode, and undo when an episode was spurious.
 */
class CongestionControlSpiTest {
    private static TransferResult run(LinkParams forward) {
        LinkParams reverse = new LinkParams().setRateBitsPerSec(100_000_000L).setDelayNanos(10_000_000L);
        TransferSpec spec = new TransferSpec(8 << 20, forward, reverse, null, 3,
                TransferSpecs.options(8 << 20).toBuilder().congestionControl("recording").build(), -1, 600_000_000_000L);
        RecordingReno.INSTANCES.clear();
        TransferResult r = TransferRunner.run(spec, null);
        assertThat(r.streamsEqual()).isTrue();
        return r;
    }

    private static LinkParams path() {
        return new LinkParams().setRateBitsPerSec(100_000_000L).setDelayNanos(10_000_000L)
                .setQueueLimit(Limit.bytes(256 * 1024));
    }

    @Test
    void theAlgorithmHearsEverySegmentAndEveryRound() {
        TransferResult r = run(path().setLossEvery(500));
        RecordingReno cc = RecordingReno.dataSender();
        assertThat(cc.packetsSent).isEqualTo(r.segmentsSent() + r.segmentsRetransmitted());
        assertThat(cc.retransmissionsSent).isEqualTo(r.segmentsRetransmitted());
        assertThat(cc.minRttSeen).isBetween(20_000_000L, 21_000_000L); // 20 ms of propagation plus serialization
        assertThat(cc.deliveredEverWentBack).isFalse();
        // the run ends when the receiver has everything, before the ACKs still on their way reach the
        // sender: they cover at most the last round trip's data, at most one window
        assertThat(cc.maxDeliveredTotal).isBetween((8L << 20) - r.finalCwndBytes(), (8L << 20) + 1);
        assertThat(cc.maxLostTotal).isPositive();
        // one round per round trip: the transfer took simulatedSeconds at an RTT of at least 20 ms
        double roundTrips = r.simulatedSeconds() / 0.020;
        assertThat((double) cc.rounds).isBetween(roundTrips * 0.3, roundTrips * 1.05);
        assertThat(cc.lastRound).isEqualTo(cc.rounds);
        assertThat(cc.congestionSignals).isEqualTo(r.fastRecoveries() + r.rtoCount());
    }

    @Test
    void aSpuriousRetransmissionIsUndone() {
        TransferResult r = run(path().setReorderProbability(0.02).setReorderDelayNanos(5_000_000L));
        RecordingReno cc = RecordingReno.dataSender();
        assertThat(r.spuriousUndos()).isPositive();
        assertThat(cc.undos).isEqualTo(r.spuriousUndos());
    }
}
