package io.tcplab.tools.link.aqm;

import io.tcplab.tools.link.Limit;

/** CoDel on one FIFO (RFC 8289): tail drop at the limit, the control law as packets leave. */
final class CoDelQueue extends QueueDiscipline {
    private final CoDelControl control;

    CoDelQueue(CoDelParams params, PacketSlots slots, AqmSink sink, Limit limit) {
        super(slots, sink, limit, 0, 1);
        this.control = new CoDelControl(params);
    }

    @Override
    public void enqueue(long now, int slot) {
        if (overLimitWith(slots.size(slot))) {
            sink.drop(slot, AqmSink.Cause.OVERFLOW, QueueClass.SINGLE);
            return;
        }
        fifos.push(0, slot);
    }

    @Override
    public int dequeue(long now) {
        return control.dequeue(now, this, 0);
    }

    CoDelControl control() {
        return control;
    }
}
