package io.tcplab.tools.scenario;

import static org.assertj.core.api.Assertions.assertThat;

import io.tcplab.tools.link.Limit;
import io.tcplab.tools.link.LinkStats;
import org.junit.jupiter.api.Test;

/** A transfer reports each emulated link's counters by name, and they add up. */
class TransferLinkCountersTest {
    private static final long BYTES = 4L << 20;

    @Test
    void lossEveryDropsExactlyEveryNthDataPacketAndTheAcksGoThrough() {
        TransferResult r = TransferRunner.run(TransferSpecs.spec(BYTES, p -> p.setLossEvery(10)), null);
        assertThat(r.complete()).isTrue();
        assertThat(r.links()).containsOnlyKeys("forward", "reverse");
        LinkStats forward = r.links().get("forward");
        assertThat(forward.lostEvery()).isEqualTo(forward.offeredPackets() / 10).isPositive();
        assertThat(forward.lostRandom()).isZero();
        assertThat(forward.delivered()).isEqualTo(forward.offeredPackets() - forward.lostEvery() - forward.queueDropped());
        assertThat(forward.offeredPackets()).isEqualTo(r.dataPacketsEmulated());
        LinkStats reverse = r.links().get("reverse");
        assertThat(reverse.offeredPackets()).isPositive();
        assertThat(reverse.lostEvery() + reverse.lostRandom() + reverse.queueDropped()).isZero();
    }

    @Test
    void slowStartIntoAShortQueueOverflowsItToTheLimit() {
        TransferResult r = TransferRunner.run(TransferSpecs.spec(BYTES, p -> p.setQueueLimit(Limit.packets(20))), null);
        assertThat(r.complete()).isTrue();
        LinkStats forward = r.links().get("forward");
        assertThat(forward.queueDropped()).isPositive();
        assertThat(forward.maxQueuePackets()).isEqualTo(20);
        assertThat(r.segmentsRetransmitted()).isGreaterThanOrEqualTo(forward.queueDropped());
    }
}
