package io.tcplab.tools.link.aqm;

import io.netty.buffer.ByteBuf;
import java.util.Arrays;

/**
 * The packets an AQM holds, one slot each, in parallel arrays: the buffer, its
 * {@link io.tcplab.tools.link.PacketSummary}, its size, when it was enqueued (for sojourn times)
 * and what the link decided for it on the wire (an opaque number the link packs). A slot is
 * linked into one FIFO at a time through {@link #next}. Slots come from a free list and the arrays
 * grow by doubling, so once grown to the most packets ever held, holding one allocates nothing.
 */
public final class PacketSlots {
    public static final int NONE = -1;

    private ByteBuf[] packets = new ByteBuf[64];
    private long[] summaries = new long[64];
    private long[] enqueuedAt = new long[64];
    private long[] wire = new long[64];
    private int[] sizes = new int[64];
    /** The next slot in the same FIFO, or the next free slot while free. */
    int[] next = new int[64];
    private int free = NONE;
    private int used;

    /** Takes a free slot for {@code packet}; the caller links it into a queue. */
    public int add(ByteBuf packet, long summary, int size, long nowNanos, long wireDecisions) {
        int slot;
        if (free != NONE) {
            slot = free;
            free = next[slot];
        } else {
            if (used == packets.length) {
                grow();
            }
            slot = used++;
        }
        packets[slot] = packet;
        summaries[slot] = summary;
        sizes[slot] = size;
        enqueuedAt[slot] = nowNanos;
        wire[slot] = wireDecisions;
        next[slot] = NONE;
        return slot;
    }

    /** Gives the slot back; its buffer is now the caller's business. */
    public void free(int slot) {
        packets[slot] = null;
        next[slot] = free;
        free = slot;
    }

    public ByteBuf packet(int slot) {
        return packets[slot];
    }

    public long summary(int slot) {
        return summaries[slot];
    }

    public void setSummary(int slot, long summary) {
        summaries[slot] = summary;
    }

    public int size(int slot) {
        return sizes[slot];
    }

    public long enqueuedAt(int slot) {
        return enqueuedAt[slot];
    }

    public long wireDecisions(int slot) {
        return wire[slot];
    }

    private void grow() {
        int n = packets.length * 2;
        packets = Arrays.copyOf(packets, n);
        summaries = Arrays.copyOf(summaries, n);
        enqueuedAt = Arrays.copyOf(enqueuedAt, n);
        wire = Arrays.copyOf(wire, n);
        sizes = Arrays.copyOf(sizes, n);
        next = Arrays.copyOf(next, n);
    }
}
