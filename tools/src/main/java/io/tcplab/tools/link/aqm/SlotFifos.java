package io.tcplab.tools.link.aqm;

/**
 * A fixed number of first-in first-out queues of {@link PacketSlots} slots, linked through the
 * slots themselves: each queue is a head, a tail, a packet count and a byte count.
 */
final class SlotFifos {
    private final PacketSlots slots;
    private final int[] head;
    private final int[] tail;
    private final int[] packets;
    private final long[] bytes;
    private int totalPackets;
    private long totalBytes;

    SlotFifos(PacketSlots slots, int queues) {
        this.slots = slots;
        this.head = new int[queues];
        this.tail = new int[queues];
        this.packets = new int[queues];
        this.bytes = new long[queues];
        java.util.Arrays.fill(head, PacketSlots.NONE);
        java.util.Arrays.fill(tail, PacketSlots.NONE);
    }

    void push(int queue, int slot) {
        slots.next[slot] = PacketSlots.NONE;
        if (tail[queue] == PacketSlots.NONE) {
            head[queue] = slot;
        } else {
            slots.next[tail[queue]] = slot;
        }
        tail[queue] = slot;
        packets[queue]++;
        bytes[queue] += slots.size(slot);
        totalPackets++;
        totalBytes += slots.size(slot);
    }

    /** The oldest slot of {@code queue}, or {@link PacketSlots#NONE}; it stays queued. */
    int peek(int queue) {
        return head[queue];
    }

    /** Unlinks and returns the oldest slot of {@code queue}, or {@link PacketSlots#NONE}. */
    int pop(int queue) {
        int slot = head[queue];
        if (slot == PacketSlots.NONE) {
            return slot;
        }
        head[queue] = slots.next[slot];
        if (head[queue] == PacketSlots.NONE) {
            tail[queue] = PacketSlots.NONE;
        }
        packets[queue]--;
        bytes[queue] -= slots.size(slot);
        totalPackets--;
        totalBytes -= slots.size(slot);
        return slot;
    }

    int packets(int queue) {
        return packets[queue];
    }

    long bytes(int queue) {
        return bytes[queue];
    }

    /** Packets in all the queues together. */
    int totalPackets() {
        return totalPackets;
    }

    long totalBytes() {
        return totalBytes;
    }

    int queues() {
        return head.length;
    }
}
