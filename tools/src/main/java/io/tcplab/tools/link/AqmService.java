package io.tcplab.tools.link;

import io.netty.buffer.ByteBuf;
import io.tcplab.tools.link.aqm.AqmSink;
import io.tcplab.tools.link.aqm.PacketSlots;
import io.tcplab.tools.link.aqm.QueueClass;
import io.tcplab.tools.link.aqm.QueueDiscipline;
import io.tcplab.tools.link.aqm.ServedAqm;
import java.util.SplittableRandom;

/**
 * A link's AQM and its service: packets wait in the {@link QueueDiscipline}, and each time the
 * transmitter is free the next one is dequeued, at that exact time, and serialized. The link
 * must be served at those times, so it asks its {@link Link.ServiceTimer} (the emulator schedules
 * an event) or is polled ({@link Link#nextServiceNanos()}, the real-time bridge); every offer
 * first serves what was due before it, so the AQM sees arrivals and departures in time order
 * whoever drives it. The drop and mark counters are the link's; nothing is allocated per packet.
 *
 * <p>The random decisions the link makes for the wire (corruption, reordering, duplication) are
 * drawn when a packet is offered, as without an AQM, and travel with it in its slot.
 */
final class AqmService implements AqmSink {
    private static final long REORDER = 1L << 63;
    private static final long DUPLICATE = 1L << 62;
    private static final long CORRUPT = 1L << 61;
    /** Not a wire decision: the packet arrived with the L4S identifier, whatever marks it gets here. */
    private static final long ARRIVED_L4S = 1L << 60;
    private static final long CORRUPT_BIT = (1L << 40) - 1;

    private final Link link;
    private final ServedAqm aqm;
    private final LinkCounters counters;
    private final PacketPool pool;
    private final Transmitter transmitter;
    private final PacketSlots slots = new PacketSlots();
    private final QueueDiscipline discipline;
    /** When the discipline last went from empty to holding a packet. */
    private long busySince;
    private boolean wakePending;
    /** The link's queue limit the discipline last took, to see a schedule change it. */
    private Limit linkLimit;

    AqmService(Link link, ServedAqm aqm, Limit limit, SplittableRandom random, LinkCounters counters, PacketPool pool,
               Transmitter transmitter) {
        this.link = link;
        this.aqm = aqm;
        this.counters = counters;
        this.pool = pool;
        this.transmitter = transmitter;
        this.linkLimit = limit;
        this.discipline = aqm.create(slots, this, limit, random);
    }

    /**
     * Queues a packet the link owns now under the link's current queue limit; the wire decisions
     * are those {@link #wire} packs.
     */
    void offer(long now, ByteBuf packet, long summary, int size, long wireDecisions, Limit limit) {
        serve(now);
        if (limit != linkLimit) {
            linkLimit = limit;
            discipline.setLimit(aqm.limitOr(limit));
        }
        if (discipline.isEmpty()) {
            busySince = now;
        }
        long arrival = EcnClassCounters.isL4s(summary) ? ARRIVED_L4S : 0;
        discipline.enqueue(now, slots.add(packet, summary, size, now, wireDecisions | arrival));
        transmitter.drain(now);
        long queued = transmitter.packets() + (long) discipline.packets();
        counters.maxQueuePackets = Math.max(counters.maxQueuePackets, queued);
        counters.maxQueueBytes = Math.max(counters.maxQueueBytes, transmitter.bytes() + discipline.bytes());
        serve(now);
    }

    /** Dequeues and sends every packet due to leave at or before {@code now}, each at its own time. */
    void serve(long now) {
        while (!discipline.isEmpty()) {
            long at = readyAt();
            if (at - now > 0) {
                break;
            }
            int slot = discipline.dequeue(at);
            if (slot == PacketSlots.NONE) {
                break;
            }
            send(at, slot);
        }
        if (!discipline.isEmpty() && !wakePending && link.timer != null) {
            wakePending = true;
            link.timer.serveAt(readyAt());
        }
    }

    /** The timer asked for by {@link #serve} went off. */
    void woken(long now) {
        wakePending = false;
        serve(now);
    }

    /** When the next packet will be dequeued, or {@link Long#MAX_VALUE} when none waits. */
    long nextServiceNanos() {
        return discipline.isEmpty() ? Long.MAX_VALUE : readyAt();
    }

    int packets() {
        return discipline.packets();
    }

    long bytes() {
        return discipline.bytes();
    }

    private long readyAt() {
        long free = transmitter.freeAt();
        return free - busySince > 0 ? free : busySince;
    }

    private void send(long at, int slot) {
        ByteBuf packet = slots.packet(slot);
        long summary = slots.summary(slot);
        int size = slots.size(slot);
        long decisions = slots.wireDecisions(slot);
        counters.sojourn.record(at - slots.enqueuedAt(slot));
        counters.byEcnClass.left((decisions & ARRIVED_L4S) != 0, at - slots.enqueuedAt(slot));
        slots.free(slot);
        transmitter.drain(at);
        link.transmit(at, packet, summary, size, (decisions & CORRUPT) != 0, decisions & CORRUPT_BIT,
                (decisions & REORDER) != 0, (decisions & DUPLICATE) != 0);
    }

    /** The link's decisions for the wire, packed to travel in the packet's slot. */
    static long wire(boolean corrupt, long corruptBit, boolean reorder, boolean duplicate) {
        return (corrupt ? CORRUPT | corruptBit : 0) | (reorder ? REORDER : 0) | (duplicate ? DUPLICATE : 0);
    }

    @Override
    public void drop(int slot, Cause cause, QueueClass queue) {
        boolean ecnCapable = PacketSummary.isEcnCapablePacket(slots.summary(slot));
        counters.queueDropped++;
        counters.byEcnClass.dropped((slots.wireDecisions(slot) & ARRIVED_L4S) != 0);
        if (cause == Cause.CONTROL) {
            counters.earlyDropped++;
        }
        if (ecnCapable) {
            counters.ectDropped++;
        }
        if (queue == QueueClass.L4S) {
            counters.l4sDropped++;
        } else if (queue == QueueClass.CLASSIC) {
            counters.classicDropped++;
        }
        pool.release(slots.packet(slot));
        slots.free(slot);
    }

    @Override
    public boolean mark(int slot, QueueClass queue) {
        if (!IpPackets.markCe(slots.packet(slot))) {
            return false;
        }
        counters.byEcnClass.marked((slots.wireDecisions(slot) & ARRIVED_L4S) != 0);
        slots.setSummary(slot, PacketSummary.markedCe(slots.summary(slot)));
        counters.ceMarked++;
        if (queue == QueueClass.L4S) {
            counters.l4sMarked++;
        } else if (queue == QueueClass.CLASSIC) {
            counters.classicMarked++;
        }
        return true;
    }
}
