package io.tcplab.tools.link;

import static io.tcplab.tools.link.TestPackets.ipv4;
import static org.assertj.core.api.Assertions.assertThat;

import io.netty.buffer.ByteBuf;
import org.junit.jupiter.api.Test;

/** Each counter against a scripted stream of packets whose fate is known in advance. */
class LinkCountersTest {
    private final CapturingOutput out = new CapturingOutput();

    private static LinkStats offerAll(Link link, int packets, long spacingNanos) {
        for (int i = 0; i < packets; i++) {
            ByteBuf packet = ipv4(i, 1500);
            link.offer(i * spacingNanos, packet);
            packet.release();
        }
        return link.stats();
    }

    @Test
    void lossEveryTenOverAThousandPacketsDropsExactlyAHundred() {
        LinkStats s = offerAll(out.link("l", LinkParams.of().setLossEvery(10), 1), 1000, 0);
        assertThat(s.offeredPackets()).isEqualTo(1000);
        assertThat(s.offeredBytes()).isEqualTo(1000 * 1500);
        assertThat(s.lostEvery()).isEqualTo(100);
        assertThat(s.lostRandom()).isZero();
        assertThat(s.delivered()).isEqualTo(900);
        assertThat(s.deliveredBytes()).isEqualTo(900 * 1500);
        assertThat(s.queueDropped()).isZero();
    }

    @Test
    void aPacketBothLossesPickIsCountedOnceUnderLossEvery() {
        LinkStats s = offerAll(out.link("l", LinkParams.of().setLossEvery(10).setLossProbability(0.2), 5), 1000, 0);
        assertThat(s.lostEvery()).isEqualTo(100);
        assertThat(s.lostRandom()).isBetween(130L, 230L); // 20% of the other 900, give or take 4 sigma
        assertThat(s.lostEvery() + s.lostRandom() + s.delivered()).isEqualTo(1000);
    }

    @Test
    void aQueueOverflowCountsDropsAndTheDeepestQueueIsTheLimit() {
        // 1500 B every 100 us into 10 Mbit/s (1.2 ms each): the 20-packet queue fills and overflows.
        Link link = out.link("l", LinkParams.of().setRateBitsPerSec(10_000_000).setQueueLimit(Limit.packets(20)), 1);
        LinkStats s = offerAll(link, 1000, 100_000);
        assertThat(s.queueDropped()).isPositive();
        assertThat(s.maxQueuePackets()).isEqualTo(20);
        assertThat(s.maxQueueBytes()).isEqualTo(20 * 1500);
        assertThat(s.queueDropped() + s.delivered()).isEqualTo(1000);
    }

    @Test
    void aByteLimitIsReachedExactly() {
        Link link = out.link("l", LinkParams.of().setRateBitsPerSec(10_000_000).setQueueLimit(Limit.bytes(15_000)), 1);
        LinkStats s = offerAll(link, 100, 0);
        assertThat(s.maxQueueBytes()).isEqualTo(15_000);
        assertThat(s.maxQueuePackets()).isEqualTo(10);
        assertThat(s.queueDropped()).isEqualTo(90);
    }

    @Test
    void impairmentsOnTheWireAreCountedPerPacket() {
        LinkParams all = LinkParams.of().setDelayNanos(1_000_000).setDuplicateProbability(1).setReorderProbability(1)
                .setCorruptProbability(1);
        LinkStats s = offerAll(out.link("l", all, 1), 50, 0);
        assertThat(s.duplicated()).isEqualTo(50);
        assertThat(s.reordered()).isEqualTo(50);
        assertThat(s.corrupted()).isEqualTo(50);
        assertThat(s.delivered()).isEqualTo(100);
    }

    @Test
    void wireBytesAddTheFramingAndPayloadBytesLeaveOutEveryHeader() {
        // Ten 1500-byte TCP segments with a 32-byte TCP header (timestamps): 1448 bytes of payload
        // each; with Ethernet framing each takes 1538 bytes of line. A non-TCP packet has no payload.
        Link link = out.link("l", LinkParams.of().setFraming(Framing.ETHERNET), 1);
        for (int i = 0; i < 10; i++) {
            ByteBuf segment = TestPackets.tcpv4(0x10, 1500, TestPackets.NOT_ECT, 32);
            link.offer(0, segment);
            segment.release();
        }
        ByteBuf other = ipv4(0, 100);
        link.offer(0, other);
        other.release();
        LinkCounters c = link.counters();
        assertThat(c.deliveredBytes()).isEqualTo(10 * 1500 + 100);
        assertThat(c.deliveredWireBytes()).isEqualTo(10 * 1538 + 138);
        assertThat(c.deliveredPayloadBytes()).isEqualTo(10 * 1448);
    }

    @Test
    void withoutFramingWireBytesAreTheIpBytes() {
        LinkStats s = offerAll(out.link("l", LinkParams.of(), 1), 10, 0);
        assertThat(s.deliveredBytes()).isEqualTo(15_000);
        assertThat(out.link("m", LinkParams.of(), 1).counters().deliveredWireBytes()).isZero();
    }
}
