package io.tcplab.tools.link.aqm;

import io.tcplab.tools.link.Limit;
import io.tcplab.tools.link.PacketSummary;
import java.util.SplittableRandom;

/**
 * PIE on one FIFO (RFC 8033). Every T_UPDATE the drop probability moves by
 * {@code alpha (qdelay - target) + beta (qdelay - qdelay_old)}, scaled down while the
 * probability is small (the auto-tuning of §4.2) and capped at +2 % per update once it is 10 %
 * or more (§5.5); it decays by 2 % per update while the queue is idle (§4.2) and stays in
 * [0, 1]. Each arrival is then dropped with that probability (§4.1), unless the burst allowance
 * is left (§4.4) or the queue is short (under half the target at the last update with the
 * probability under 20 %, or at most two MTUs queued, §4.1); an ECN-capable packet is marked
 * instead while the probability is at most mark_ecnth (§5.1).
 *
 * <p>The queue delay is each packet's own sojourn time, the timestamp method §4.3 allows, not
 * the departure-rate estimate of §5.2: this link stamps every packet anyway, and the rate
 * estimate needs measurement cycles of QUEUE_THRESHOLD bytes that make the delay lag at low
 * rates. It is the sojourn time of the last packet dequeued, and 0 once the queue is empty
 * (as Linux's pie_process_dequeue() with its default timestamps, v6.6). Not modelled: the
 * de-randomization of §5.4 and the active/inactive switching of §5.3 (both optional).
 */
final class PieQueue extends QueueDiscipline {
    static final long MEAN_PACKET = 1500;

    private final PieParams params;
    private final SplittableRandom random;
    private double dropProbability;
    private long qdelay;
    private long qdelayOld;
    private long burstAllowance;

    PieQueue(PieParams params, PacketSlots slots, AqmSink sink, Limit limit, SplittableRandom random) {
        super(slots, sink, limit, params.updateNanos(), 1);
        this.params = params;
        this.random = random;
        this.burstAllowance = params.maxBurstNanos();
    }

    @Override
    public void enqueue(long now, int slot) {
        catchUp(now);
        if (overLimitWith(slots.size(slot))) {
            sink.drop(slot, AqmSink.Cause.OVERFLOW, QueueClass.SINGLE);
            return;
        }
        if (dropEarly()) {
            boolean markable = params.ecn() && dropProbability <= params.markEcnThreshold()
                    && PacketSummary.isEcnCapablePacket(slots.summary(slot));
            if (!(markable && sink.mark(slot, QueueClass.SINGLE))) {
                sink.drop(slot, AqmSink.Cause.CONTROL, QueueClass.SINGLE);
                return;
            }
        }
        fifos.push(0, slot);
    }

    /** §4.1 and §4.4: whether an arrival is picked for dropping (or marking). */
    private boolean dropEarly() {
        if (burstAllowance > 0) {
            return false;
        }
        if (qdelayOld < params.targetNanos() / 2 && dropProbability < 0.2 || fifos.bytes(0) <= 2 * MEAN_PACKET) {
            return false;
        }
        return dropProbability > 0 && random.nextDouble() < dropProbability;
    }

    @Override
    public int dequeue(long now) {
        catchUp(now);
        int slot = fifos.pop(0);
        if (slot != PacketSlots.NONE) {
            qdelay = fifos.packets(0) == 0 ? 0 : now - slots.enqueuedAt(slot);
        }
        return slot;
    }

    /** §4.2, §4.4, §5.5: the drop probability and burst allowance at time {@code at}. */
    @Override
    protected void update(long at) {
        double current = qdelay / 1e9;
        double old = qdelayOld / 1e9;
        double p = params.alpha() * (current - params.targetNanos() / 1e9) + params.beta() * (current - old);
        p /= autoTuningDivisor(dropProbability);
        if (dropProbability >= 0.1 && p > 0.02) {
            p = 0.02;
        }
        dropProbability += p;
        if (qdelay == 0 && qdelayOld == 0) {
            dropProbability *= 0.98;
        }
        dropProbability = Math.min(1, Math.max(0, dropProbability));
        boolean lowDelay = qdelay < params.targetNanos() / 2 && qdelayOld < params.targetNanos() / 2;
        qdelayOld = qdelay;
        burstAllowance = Math.max(0, burstAllowance - params.updateNanos());
        if (dropProbability == 0 && lowDelay) {
            burstAllowance = params.maxBurstNanos();
        }
    }

    /** §4.2: the smaller the probability, the smaller its steps, so it can settle at low values. */
    static double autoTuningDivisor(double p) {
        if (p < 0.000001) {
            return 2048;
        } else if (p < 0.00001) {
            return 512;
        } else if (p < 0.0001) {
            return 128;
        } else if (p < 0.001) {
            return 32;
        } else if (p < 0.01) {
            return 8;
        } else if (p < 0.1) {
            return 2;
        }
        return 1;
    }

    double dropProbability() {
        return dropProbability;
    }

    long burstAllowance() {
        return burstAllowance;
    }
}
