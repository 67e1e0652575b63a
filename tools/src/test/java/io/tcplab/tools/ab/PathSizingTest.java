package io.tcplab.tools.ab;

import static org.assertj.core.api.Assertions.assertThat;

import io.tcplab.tools.link.Limit;
import io.tcplab.tools.link.LinkParams;
import org.junit.jupiter.api.Test;

/** The buffers and device queues of an A/B path follow from its rate, RTT and queue. */
class PathSizingTest {
    private static final long MS = 1_000_000L;

    private static PathSizing of(long rate, long rttMillis, Limit queue, int mtu) {
        LinkParams f = LinkParams.of().setRateBitsPerSec(rate).setDelayNanos(rttMillis * MS / 2).setQueueLimit(queue);
        LinkParams r = LinkParams.of().setRateBitsPerSec(rate).setDelayNanos(rttMillis * MS / 2).setQueueLimit(queue);
        return PathSizing.of(f, r, mtu);
    }

    @Test
    void issue16sDeepPathGetsFourWindowsOfBufferAndARingForTwiceIt() {
        PathSizing s = of(200_000_000L, 82, Limit.bytes(2_000_000), 1500);
        assertThat(s.windowBytes()).isEqualTo(2_050_000 + 2_000_000);
        assertThat(s.socketBufferBytes()).isEqualTo(4 * 4_050_000);
        // every packet of a full receive window, and a retransmission of each: 16.2 MB / 1460 B, twice
        assertThat(s.deviceQueuePackets()).isEqualTo(2 * 11_096);
    }

    @Test
    void oneGigabitAndA20MegabyteBdpStayUnderTheKernelsRingCeiling() {
        PathSizing s = of(1_000_000_000L, 160, Limit.bytes(20_000_000), 1500);
        assertThat(s.windowBytes()).isEqualTo(40_000_000);
        assertThat(s.socketBufferBytes()).isEqualTo(160_000_000);
        assertThat(s.deviceQueuePackets()).isEqualTo(2 * 109_590).isLessThan(1 << 19);
    }

    @Test
    void aShallowPathKeepsTheKernelsDefaultSendBufferAsTheFloor() {
        PathSizing s = of(100_000_000L, 20, Limit.bytes(250_000), 1500);
        assertThat(s.socketBufferBytes()).isEqualTo(4 << 20);
        assertThat(s.deviceQueuePackets()).isGreaterThan(500); // the kernel's TUN default, too small
    }

    @Test
    void aQueueInPacketsCountsFullPacketsAndNoBoundGetsTheCeiling() {
        assertThat(of(100_000_000L, 40, Limit.packets(1000), 1500).windowBytes()).isEqualTo(500_000 + 1_500_000);
        PathSizing unlimited = of(0, 40, Limit.NONE, 1500);
        assertThat(unlimited.socketBufferBytes()).isEqualTo(PathSizing.MAX_BUFFER);
        assertThat(unlimited.deviceQueuePackets()).isLessThanOrEqualTo(PathSizing.MAX_RING);
        assertThat(of(0, 40, Limit.NONE, 68).deviceQueuePackets()).isEqualTo(PathSizing.MAX_RING);
    }

    @Test
    void aDeviceCrossedByManyFlowsHoldsEachOnesWindowWithinTheCeiling() {
        PathSizing s = of(100_000_000L, 40, Limit.bytes(500_000), 1500);
        assertThat(s.deviceQueuePackets(1)).isEqualTo(s.deviceQueuePackets());
        assertThat(s.deviceQueuePackets(4)).isEqualTo(4 * s.deviceQueuePackets());
        assertThat(s.deviceQueuePackets(1000)).isEqualTo(PathSizing.MAX_RING);
        assertThat(PathSizing.ofWindow(1_000_000, 1500)).isEqualTo(of(100_000_000L, 40, Limit.bytes(500_000), 1500));
    }
}
