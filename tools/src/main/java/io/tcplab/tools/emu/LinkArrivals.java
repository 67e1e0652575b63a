package io.tcplab.tools.emu;

import io.netty.buffer.ByteBuf;
import io.tcplab.tools.link.LinkOutput;
import io.tcplab.tools.link.LinkParams;
import io.tcplab.tools.link.PacketSummary;

/**
 * The packets on one link, between the link and the node at its far end. Packets on a link
 * nearly always arrive in the order they were handed on (each arrives its delay after it
 * leaves the transmitter, and they leave in order), so they wait here in a ring in that order
 * and only the first of them is an event in the scheduler's heap: the heap holds about one
 * event per link instead of one per packet in flight.
 *
 * <p>Each packet takes its scheduler insertion number when the link hands it on, exactly as if
 * it were scheduled then, so events run in the same order as if every packet had its own heap
 * event: by time, then by when they were scheduled. The ring is kept sorted by (arrival time,
 * insertion number); a packet that would break that order (it arrives before the last one in
 * the ring, e.g. after the delay decreased) becomes a heap event of its own, as does a
 * packet that arrives later than the link's delay says (a reordered one), so that it does not
 * hold up the packets behind it.
 */
final class LinkArrivals implements LinkOutput, EventHandler {
    private final Node to;
    private final Scheduler scheduler;
    private final LinkParams params;
    private long[] times = new long[64];
    private long[] seqs = new long[64];
    private ByteBuf[] packets = new ByteBuf[64];
    /** Each packet's {@link PacketSummary}, so that the node at the far end need not read the packet. */
    private long[] summaries = new long[64];
    private int head;
    /** Packets in the ring; the first of them is in the scheduler's heap, the others are parked. */
    private int count;
    private long lastTime;

    LinkArrivals(Node to, Scheduler scheduler, LinkParams params) {
        this.to = to;
        this.scheduler = scheduler;
        this.params = params;
    }

    @Override
    public void carry(ByteBuf copy, long departNanos, long arrivalNanos) {
        carry(copy, PacketSummary.NONE, departNanos, arrivalNanos);
    }

    @Override
    public void carry(ByteBuf copy, long summary, long departNanos, long arrivalNanos) {
        long seq = scheduler.reserveSeq();
        if (arrivalNanos - departNanos > params.delayNanos() || (count > 0 && arrivalNanos < lastTime)) {
            scheduler.scheduleReserved(arrivalNanos, seq, to, copy);
            return;
        }
        if (count == packets.length) {
            grow();
        }
        int tail = (head + count) & (packets.length - 1);
        times[tail] = arrivalNanos;
        seqs[tail] = seq;
        packets[tail] = copy;
        summaries[tail] = summary;
        lastTime = arrivalNanos;
        if (count++ == 0) {
            scheduler.scheduleReserved(arrivalNanos, seq, this, null);
        } else {
            scheduler.parked(1);
        }
    }

    /** The first packet in the ring is due: the next one takes its place in the heap. */
    @Override
    public void onEvent(long nowNanos, Object arg) {
        ByteBuf packet = packets[head];
        long summary = summaries[head];
        packets[head] = null;
        head = (head + 1) & (packets.length - 1);
        if (--count > 0) {
            scheduler.parked(-1);
            scheduler.scheduleReserved(times[head], seqs[head], this, null);
        }
        to.receive(nowNanos, packet, summary);
    }

    private void grow() {
        int capacity = packets.length * 2;
        long[] newTimes = new long[capacity];
        long[] newSeqs = new long[capacity];
        ByteBuf[] newPackets = new ByteBuf[capacity];
        long[] newSummaries = new long[capacity];
        for (int i = 0; i < count; i++) {
            int from = (head + i) & (packets.length - 1);
            newTimes[i] = times[from];
            newSeqs[i] = seqs[from];
            newPackets[i] = packets[from];
            newSummaries[i] = summaries[from];
        }
        times = newTimes;
        seqs = newSeqs;
        packets = newPackets;
        summaries = newSummaries;
        head = 0;
    }
}
