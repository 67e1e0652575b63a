package io.tcplab.tools.link.aqm;

/**
 * The CoDel control loop of one queue (RFC 8289 §5): its state and its dequeue. A packet whose
 * sojourn time has stayed at or above {@code target} for {@code interval} (while more than one
 * MTU is queued) is dropped, and the queue enters the dropping state, in which the next drop
 * comes {@code interval / sqrt(count)} after the last (§3.3, the control loop) until a sojourn
 * time falls below {@code target}. With ECN on, an ECN-capable packet is marked instead of
 * dropped and still leaves (as Linux's codel_dequeue() does, include/net/codel_impl.h, v6.6).
 */
final class CoDelControl {
    /** The backlog at or below which the queue never drops (§5.3, "maxpacket"): one IP MTU. */
    static final long MAX_PACKET = 1500;

    private final CoDelParams params;
    /** §5.2 first_above_time: when sojourn times will have been above target for an interval. */
    private long firstAboveTime;
    private boolean above;
    /** §5.2 drop_next: when the next drop is due in the dropping state. */
    private long dropNext;
    /** §5.2 count: drops since the dropping state was entered. */
    private long count;
    private long lastCount;
    private boolean dropping;

    CoDelControl(CoDelParams params) {
        this.params = params;
    }

    /**
     * §5.5 dequeue(): takes packets off the discipline's queue {@code queue} at {@code now} until
     * one may leave, dropping (or marking) as the control law says; the backlog it compares with
     * one MTU is the whole discipline's (for FQ-CoDel all flow queues, as Linux's
     * fq_codel_dequeue(), v6.6). Returns the slot to send, or {@link PacketSlots#NONE}.
     */
    int dequeue(long now, QueueDiscipline d, int queue) {
        SlotFifos fifos = d.fifos;
        PacketSlots slots = d.slots;
        AqmSink sink = d.sink;
        int slot = fifos.pop(queue);
        if (slot == PacketSlots.NONE) {
            above = false;
            dropping = false; // an empty queue takes us out of the dropping state
            return slot;
        }
        boolean okToDrop = okToDrop(now, slots.enqueuedAt(slot), d.bytes());
        if (dropping) {
            if (!okToDrop) {
                dropping = false; // sojourn time below target: leave the dropping state
            }
            while (dropping && now - dropNext >= 0) {
                count++;
                if (params.ecn() && sink.mark(slot, QueueClass.SINGLE)) {
                    dropNext = controlLaw(dropNext, count);
                    return slot;
                }
                sink.drop(slot, AqmSink.Cause.CONTROL, QueueClass.SINGLE);
                slot = fifos.pop(queue);
                if (slot == PacketSlots.NONE) {
                    above = false;
                    dropping = false;
                    return slot;
                }
                if (!okToDrop(now, slots.enqueuedAt(slot), d.bytes())) {
                    dropping = false;
                } else {
                    dropNext = controlLaw(dropNext, count);
                }
            }
        } else if (okToDrop) {
            if (!(params.ecn() && sink.mark(slot, QueueClass.SINGLE))) {
                sink.drop(slot, AqmSink.Cause.CONTROL, QueueClass.SINGLE);
                slot = fifos.pop(queue);
                if (slot == PacketSlots.NONE) {
                    above = false;
                } else {
                    okToDrop(now, slots.enqueuedAt(slot), d.bytes()); // dodequeue() tracks first_above_time
                }
            }
            dropping = true;
            // If the queue went above target soon after it last went below, the drop rate that
            // controlled it then is a good start now (the re-use of count, §5.5).
            long delta = count - lastCount;
            count = delta > 1 && now - dropNext < 16 * params.intervalNanos() ? delta : 1;
            dropNext = controlLaw(now, count);
            lastCount = count;
        }
        return slot;
    }

    /** §5.5 dodequeue(): whether the sojourn time has been at or above target for an interval. */
    private boolean okToDrop(long now, long enqueuedAt, long backlogBytes) {
        if (now - enqueuedAt < params.targetNanos() || backlogBytes <= MAX_PACKET) {
            above = false; // went below: stay below for at least an interval
            return false;
        }
        if (!above) {
            above = true;
            firstAboveTime = now + params.intervalNanos();
            return false;
        }
        return now - firstAboveTime >= 0;
    }

    /** §5.6 control_law(): the next drop, interval / sqrt(count) after {@code t}. */
    long controlLaw(long t, long count) {
        return t + (long) (params.intervalNanos() / Math.sqrt(count));
    }

    boolean dropping() {
        return dropping;
    }

    long count() {
        return count;
    }

    long dropNext() {
        return dropNext;
    }
}
