package io.tcplab.tools.link.aqm;

import io.tcplab.tools.link.Limit;

/**
 * FQ-CoDel (RFC 8290 §4): packets are hashed by flow into {@code flows} queues, each with its
 * own CoDel; a deficit round robin with quantum {@code quantum} serves the queues, those of new
 * (or newly active) flows first. A queue becomes new when its first packet arrives while it is in
 * neither list; one that runs out of deficit moves to the end of the old list; one that empties
 * leaves the lists, except that an empty new queue goes to the end of the old list while that
 * list is not empty, so a flow cannot stay new by sending a packet at a time (§4.2). When the
 * limit is exceeded the packet at the head of the queue holding the most bytes is dropped
 * (§4.1): one packet per arrival over the limit, where Linux drops up to half of that queue's
 * bytes at once to save CPU time (fq_codel_drop(), v6.6).
 */
final class FqCoDelQueue extends QueueDiscipline {
    private static final int NONE = -1;
    private static final int IN_NEW = 1;
    private static final int IN_OLD = 2;

    private final FqCoDelParams params;
    private final CoDelControl[] controls;
    private final long perturbation;
    private final int[] deficit;
    private final int[] list;
    private final int[] nextInList;
    private final int[] heads = {NONE, NONE, NONE};
    private final int[] tails = {NONE, NONE, NONE};

    FqCoDelQueue(FqCoDelParams params, PacketSlots slots, AqmSink sink, Limit limit, long perturbation) {
        super(slots, sink, limit, 0, params.flows());
        this.params = params;
        this.controls = new CoDelControl[params.flows()];
        CoDelParams codel = params.codel();
        for (int i = 0; i < controls.length; i++) {
            controls[i] = new CoDelControl(codel);
        }
        this.perturbation = perturbation;
        this.deficit = new int[params.flows()];
        this.list = new int[params.flows()];
        this.nextInList = new int[params.flows()];
    }

    @Override
    public void enqueue(long now, int slot) {
        int flow = FlowHash.queue(slots.packet(slot), perturbation, params.flows());
        fifos.push(flow, slot);
        if (list[flow] == 0) {
            append(IN_NEW, flow);
            deficit[flow] = params.quantumBytes();
        }
        if (overLimit()) {
            dropFromFattest();
        }
    }

    @Override
    public int dequeue(long now) {
        while (true) {
            int which = heads[IN_NEW] != NONE ? IN_NEW : heads[IN_OLD] != NONE ? IN_OLD : 0;
            if (which == 0) {
                return PacketSlots.NONE;
            }
            int flow = heads[which];
            if (deficit[flow] <= 0) {
                deficit[flow] += params.quantumBytes();
                removeHead(which);
                append(IN_OLD, flow);
                continue;
            }
            int slot = controls[flow].dequeue(now, this, flow);
            if (slot == PacketSlots.NONE) {
                removeHead(which);
                if (which == IN_NEW && heads[IN_OLD] != NONE) {
                    append(IN_OLD, flow);
                }
                continue;
            }
            deficit[flow] -= slots.size(slot);
            return slot;
        }
    }

    private void dropFromFattest() {
        int fattest = 0;
        for (int f = 1; f < fifos.queues(); f++) {
            if (fifos.bytes(f) > fifos.bytes(fattest)) {
                fattest = f;
            }
        }
        int slot = fifos.pop(fattest);
        sink.drop(slot, AqmSink.Cause.OVERFLOW, QueueClass.SINGLE);
    }

    private void append(int which, int flow) {
        list[flow] = which;
        nextInList[flow] = NONE;
        if (tails[which] == NONE) {
            heads[which] = flow;
        } else {
            nextInList[tails[which]] = flow;
        }
        tails[which] = flow;
    }

    private void removeHead(int which) {
        int flow = heads[which];
        heads[which] = nextInList[flow];
        if (heads[which] == NONE) {
            tails[which] = NONE;
        }
        list[flow] = 0;
    }
}
