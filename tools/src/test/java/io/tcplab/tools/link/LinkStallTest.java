package io.tcplab.tools.link;

import static io.tcplab.tools.link.TestPackets.ipv4;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.netty.buffer.ByteBuf;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class LinkStallTest {
    private static final long US = 1_000L;
    private static final long MS = 1_000_000L;
    private static final long SECOND = 1_000_000_000L;
    /** 1500 bytes at 10 Mbit/s. */
    private static final long PACKET_TIME = 1_200 * US;

    private final CapturingOutput out = new CapturingOutput();

    private static void offer(Link link, long now, int seq, int size) {
        ByteBuf packet = ipv4(seq, size);
        link.offer(now, packet);
        packet.release();
    }

    private Link tenMbit(Limit queue) {
        return out.link("l", LinkParams.of().setRateBitsPerSec(10_000_000).setDelayNanos(10 * MS).setQueueLimit(queue), 1);
    }

    @Test
    void nothingLeavesDuringTheStallAndTheQueueLeavesInOrderAtTheRateAfterIt() {
        Link link = tenMbit(Limit.NONE);
        link.stall(100 * MS, SECOND);
        // One packet every 2 ms: the link is idle between them, except for the stall.
        for (int i = 0; i < 700; i++) {
            offer(link, MS + i * 2 * MS, i, 1500);
        }
        List<Long> departs = out.carried.stream().map(CapturingOutput.Carried::depart).toList();
        assertThat(out.seqs()).containsExactlyElementsOf(IntStream.range(0, 700).boxed().toList());
        assertThat(departs).isSorted().noneMatch(d -> d > 100 * MS && d < 1100 * MS);
        assertThat(out.carried).allSatisfy(c -> assertThat(c.arrival() - c.depart()).isEqualTo(10 * MS));

        // Packet 49, offered at 99 ms, had sent 1 ms of its 1.2 ms when the stall began: the rest
        // goes at 1100 ms. The 500 offered during the stall follow back to back.
        assertThat(departs.get(48)).isEqualTo(97 * MS + PACKET_TIME);
        assertThat(departs.get(49)).isEqualTo(1100 * MS + PACKET_TIME - MS);
        assertThat(departs.get(50)).isEqualTo(departs.get(49) + PACKET_TIME);
        assertThat(departs.get(549)).isEqualTo(departs.get(49) + 500 * PACKET_TIME);
        assertThat(link.counters().maxQueuePackets()).isEqualTo(501);
        assertThat(link.counters().queueDropped()).isZero();
    }

    @Test
    void packetsOfferedDuringTheStallOverflowTheQueue() {
        Link link = tenMbit(Limit.packets(50));
        link.stall(0, SECOND);
        for (int i = 0; i < 200; i++) {
            offer(link, i * MS, i, 1500);
        }
        assertThat(out.seqs()).containsExactlyElementsOf(IntStream.range(0, 50).boxed().toList());
        assertThat(link.counters().queueDropped()).isEqualTo(150);
        assertThat(link.counters().maxQueuePackets()).isEqualTo(50);
        assertThat(link.counters().maxQueueBytes()).isEqualTo(50 * 1500);
        assertThat(out.carried.get(0).depart()).isEqualTo(SECOND + PACKET_TIME);
    }

    @Test
    void atUnlimitedRateTheWholeQueueLeavesTheInstantTheStallEnds() {
        Link link = out.link("l", LinkParams.of().setDelayNanos(5 * MS), 1);
        link.stall(10 * MS, 20 * MS);
        offer(link, 10 * MS - 1, 0, 100);
        for (int i = 1; i <= 5; i++) {
            offer(link, 10 * MS + i * MS, i, 100);
        }
        offer(link, 30 * MS, 6, 100);
        assertThat(out.carried).extracting(CapturingOutput.Carried::depart)
                .containsExactly(10 * MS - 1, 30 * MS, 30 * MS, 30 * MS, 30 * MS, 30 * MS, 30 * MS);
        assertThat(out.seqs()).containsExactly(0, 1, 2, 3, 4, 5, 6);
    }

    @Test
    void aPacketThatFinishesAsTheStallBeginsIsNotHeld() {
        Link link = tenMbit(Limit.NONE);
        link.stall(PACKET_TIME, SECOND);
        offer(link, 0, 0, 1500);
        assertThat(out.carried.get(0).depart()).isEqualTo(PACKET_TIME);
    }

    @Test
    void overlappingStallsMerge() {
        Link link = out.link("l", LinkParams.of(), 1);
        link.stall(20 * MS, 10 * MS);
        link.stall(10 * MS, 15 * MS);
        offer(link, 15 * MS, 0, 100);
        offer(link, 29 * MS, 1, 100);
        assertThat(out.carried).extracting(CapturingOutput.Carried::depart).containsExactly(30 * MS, 30 * MS);
    }

    @Test
    void aStallSetAfterPacketsAreCommittedPastItsStartIsRefused() {
        Link link = tenMbit(Limit.NONE);
        offer(link, 0, 0, 1500);
        assertThatThrownBy(() -> link.stall(PACKET_TIME - 1, MS))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("too late");
    }

    @Test
    void scheduleKeepsStallsApartFromSettings() {
        LinkSchedule schedule = LinkSchedule.parse("delay=1s@10s,stall=500ms@12s,delay=50ms@11s");
        assertThat(schedule.settings()).extracting(LinkSchedule.Change::key).containsExactly("delay", "delay");
        assertThat(schedule.stalls()).singleElement().satisfies(s -> {
            assertThat(s.atNanos()).isEqualTo(12 * SECOND);
            assertThat(s.stallNanos()).isEqualTo(500 * MS);
        });
        assertThatThrownBy(() -> schedule.stalls().get(0).applyTo(LinkParams.of()))
                .isInstanceOf(IllegalStateException.class);
    }

    @Test
    void aStallMustLastAndBeADuration() {
        assertThatThrownBy(() -> LinkSchedule.parse("stall=0s@1s")).hasMessageContaining("longer than 0");
        assertThatThrownBy(() -> LinkSchedule.parse("stall=abc@1s")).hasMessageContaining("duration");
    }
}
