package io.tcplab.tools.link.aqm;

import io.netty.buffer.ByteBuf;
import io.tcplab.tools.link.PacketSummary;
import io.tcplab.tools.link.TestPackets;
import java.util.ArrayList;
import java.util.List;

/**
 * Drives a {@link QueueDiscipline} by hand: packets numbered by sequence, enqueued at given
 * times, and every drop and mark recorded (a mark succeeds on ECN-capable packets, as the link's).
 */
final class AqmHarness implements AqmSink {
    record Event(int seq, Cause cause, QueueClass queue) {
    }

    final PacketSlots slots = new PacketSlots();
    final List<Event> drops = new ArrayList<>();
    final List<Event> marks = new ArrayList<>();

    /** An IPv4 packet from 10.0.0.{@code host} with this sequence number, size and ECN field. */
    static ByteBuf packet(int host, int seq, int size, int ecn) {
        return TestPackets.ipv4(new byte[] {10, 0, 0, (byte) host}, new byte[] {10, 0, 1, 1}, seq, size, ecn);
    }

    int slot(ByteBuf packet, long enqueuedAt) {
        return slots.add(packet, PacketSummary.of(packet), packet.readableBytes(), enqueuedAt, 0);
    }

    /** Enqueues packet {@code seq} of {@code size} bytes at {@code now}. */
    void enqueue(QueueDiscipline q, long now, int seq, int size, int ecn) {
        q.enqueue(now, slot(packet(1, seq, size, ecn), now));
    }

    /** Enqueues a 1500-byte Not-ECT packet {@code seq} stamped as if it had arrived at {@code enqueuedAt}. */
    void q(QueueDiscipline q, long enqueuedAt, int seq) {
        q.enqueue(enqueuedAt, slot(packet(1, seq, 1500, TestPackets.NOT_ECT), enqueuedAt));
    }

    /** The sequence number of the packet dequeued at {@code now}, or -1. */
    int dequeue(QueueDiscipline q, long now) {
        int slot = q.dequeue(now);
        if (slot == PacketSlots.NONE) {
            return -1;
        }
        int seq = TestPackets.seq(slots.packet(slot));
        slots.free(slot);
        return seq;
    }

    List<Integer> dropped() {
        return drops.stream().map(Event::seq).toList();
    }

    List<Integer> marked() {
        return marks.stream().map(Event::seq).toList();
    }

    @Override
    public void drop(int slot, Cause cause, QueueClass queue) {
        drops.add(new Event(TestPackets.seq(slots.packet(slot)), cause, queue));
        slots.free(slot);
    }

    @Override
    public boolean mark(int slot, QueueClass queue) {
        if (!PacketSummary.isEcnCapablePacket(slots.summary(slot))) {
            return false;
        }
        marks.add(new Event(TestPackets.seq(slots.packet(slot)), null, queue));
        return true;
    }
}
