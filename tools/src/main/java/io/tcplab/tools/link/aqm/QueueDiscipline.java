package io.tcplab.tools.link.aqm;

import io.tcplab.tools.link.Limit;

/**
 * An AQM with queues of its own, between a link's arrivals and its transmitter: the link
 * {@link #enqueue}s each packet as it arrives and {@link #dequeue}s the next one whenever the
 * transmitter is free, so the AQM sees each packet's sojourn time as it leaves (RFC 8289 §3.1)
 * and may drop or mark on the way in or out, through its {@link AqmSink}.
 *
 * <p>Disciplines that update a probability every {@code tupdate} (PIE, DualPI2) have those
 * updates run by {@link #catchUp} before each enqueue and dequeue, at their own times: between two
 * events a queue changes only by its packets ageing, which each update can compute for its time,
 * so the lazy updates give what a timer would.
 */
public abstract class QueueDiscipline {
    protected final PacketSlots slots;
    protected final AqmSink sink;
    /** The discipline's FIFOs: one for CoDel and PIE, two for DualPI2, one per flow queue for FQ-CoDel. */
    final SlotFifos fifos;
    private Limit limit;
    private final long updateNanos;
    private long nextUpdate;
    private boolean started;

    protected QueueDiscipline(PacketSlots slots, AqmSink sink, Limit limit, long updateNanos, int queues) {
        this.slots = slots;
        this.sink = sink;
        this.fifos = new SlotFifos(slots, queues);
        this.limit = limit;
        this.updateNanos = updateNanos;
    }

    /** The most the queues may hold from now on (a schedule may change the link's {@code queue}). */
    public final void setLimit(Limit limit) {
        this.limit = limit;
    }

    /** Takes {@code slot}, arriving at {@code now}; it may drop this packet or another one. */
    public abstract void enqueue(long now, int slot);

    /** The packet to send at {@code now}, or {@link PacketSlots#NONE} when nothing is left. */
    public abstract int dequeue(long now);

    /** Packets held, in all queues. */
    public final int packets() {
        return fifos.totalPackets();
    }

    /** Bytes held, in all queues. */
    public final long bytes() {
        return fifos.totalBytes();
    }

    public final boolean isEmpty() {
        return packets() == 0;
    }

    /** Whether one more packet of {@code size} bytes would exceed the limit. */
    protected final boolean overLimitWith(int size) {
        return limit.measure(packets() + 1L, bytes() + size) > limit.value();
    }

    /** Whether the queue holds more than its limit (after an enqueue). */
    protected final boolean overLimit() {
        return limit.measure(packets(), bytes()) > limit.value();
    }

    /** Runs every periodic update due at or before {@code now}, each at its own time. */
    protected final void catchUp(long now) {
        if (updateNanos <= 0) {
            return;
        }
        if (!started) {
            started = true;
            nextUpdate = now + updateNanos;
            return;
        }
        while (nextUpdate - now <= 0) {
            update(nextUpdate);
            nextUpdate += updateNanos;
        }
    }

    /** One periodic update at time {@code at}; only disciplines with an update interval have them. */
    protected void update(long at) {
    }
}
