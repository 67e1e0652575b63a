package io.tcplab.tools.link.aqm;

import io.tcplab.tools.link.Limit;
import io.tcplab.tools.link.PacketSummary;
import java.util.SplittableRandom;

/**
 * The DualQ Coupled AQM with PI2 (RFC 9332). Packets whose IP ECN field is ECT(1) or CE go to
 * the L4S queue, the rest (Not-ECT, ECT(0)) to the classic queue (§2.3, the ECN field only).
 * Every Tupdate the base probability moves by {@code alpha (qdelay - target) + beta (qdelay -
 * qdelay_old)} and stays in [0, 1] (PI2, Appendix A.1); the classic queue drops, or marks if
 * ECN-capable, with p_C = p'² (§2.1), while the L4S queue marks with p_L = max(p'_L, p_CL),
 * the coupled p_CL = k p' (§2.1) combined with its native step marking p'_L, 1 when the
 * packet's sojourn time is above the step threshold (§2.4). Overload (§4.2.3,
 * Appendix A.2): once p_CL reaches 1, L4S packets are first dropped with p_C like classic ones,
 * and classic packets are dropped even if ECN-capable once p_C reaches 1/k².
 *
 * <p>As Linux's sch_dualpi2.c (commit 92b9c2b7a88c): the PI2 controller sees the larger of the
 * two queues' head sojourn times (Appendix A.1's core uses the classic queue's alone); no packet
 * is dropped or marked by PI2 while less than two MTUs stay queued; and the scheduler is a
 * weighted round robin on bytes giving the classic queue {@code c_weight} % when both queues
 * have packets, so the L4S queue has priority without starving the classic one (§2.2, §4.2.2).
 */
final class DualPi2Queue extends QueueDiscipline {
    static final int L4S = 0;
    static final int CLASSIC = 1;
    private static final long MTU = 1500;

    private final DualPi2Params params;
    private final SplittableRandom random;
    private final int wc;
    private final int wl;
    /** The WRR credit: the L4S queue goes next while it is at most 0 (dualpi2 c_protection). */
    private long credit;
    /** p', the base probability of PI2. */
    private double base;
    private long qdelayOld;

    DualPi2Queue(DualPi2Params params, PacketSlots slots, AqmSink sink, Limit limit, SplittableRandom random) {
        super(slots, sink, limit, params.updateNanos(), 2);
        this.params = params;
        this.random = random;
        this.wc = params.classicWeightPercent();
        this.wl = 100 - wc;
        this.credit = initialCredit();
    }

    /** §2.3: the L4S identifier is ECT(1) or CE, i.e. the low bit of the ECN field set. */
    static int classify(long summary) {
        return (PacketSummary.ecnField(summary) & 1) == 1 ? L4S : CLASSIC;
    }

    @Override
    public void enqueue(long now, int slot) {
        catchUp(now);
        int queue = classify(slots.summary(slot));
        if (overLimitWith(slots.size(slot))) {
            sink.drop(slot, AqmSink.Cause.OVERFLOW, queueClass(queue));
            return;
        }
        fifos.push(queue, slot);
    }

    @Override
    public int dequeue(long now) {
        catchUp(now);
        while (true) {
            int queue = schedule();
            if (queue < 0) {
                credit = initialCredit();
                return PacketSlots.NONE;
            }
            int slot = fifos.pop(queue);
            long change = queue == L4S ? (fifos.packets(CLASSIC) > 0 ? wc : 0) : (fifos.packets(L4S) > 0 ? -wl : 0);
            boolean ok = queue == L4S ? l4sMayLeave(now, slot) : classicMayLeave(slot);
            if (ok) {
                credit += change * slots.size(slot);
                return slot;
            }
        }
    }

    /** The queue to serve: L4S while its credit allows or the classic queue is empty. */
    private int schedule() {
        boolean l = fifos.packets(L4S) > 0;
        boolean c = fifos.packets(CLASSIC) > 0;
        if (l && (!c || credit <= 0)) {
            return L4S;
        }
        return c ? CLASSIC : -1;
    }

    private boolean l4sMayLeave(long now, int slot) {
        double coupled = coupledProbability();
        if (fifos.totalBytes() >= 2 * MTU && coupled >= 1) {
            if (pick(base) && pick(base)) { // overload: classic drop first, p_C = p'^2
                sink.drop(slot, AqmSink.Cause.CONTROL, QueueClass.L4S);
                return false;
            }
            sink.mark(slot, QueueClass.L4S);
            return true;
        }
        boolean step = now - slots.enqueuedAt(slot) > params.stepNanos();
        boolean coupledPick = fifos.totalBytes() >= 2 * MTU && pick(coupled);
        if (step || coupledPick) {
            sink.mark(slot, QueueClass.L4S);
        }
        return true;
    }

    private boolean classicMayLeave(int slot) {
        if (fifos.totalBytes() < 2 * MTU || !(pick(base) && pick(base))) { // p_C = p'^2: two draws under p'
            return true;
        }
        boolean overload = classicProbability() >= Math.min(1, 1 / (params.k() * params.k()));
        if (!overload && sink.mark(slot, QueueClass.CLASSIC)) {
            return true;
        }
        sink.drop(slot, AqmSink.Cause.CONTROL, QueueClass.CLASSIC);
        return false;
    }

    /** True with probability {@code p}; draws only when the answer is not certain. */
    private boolean pick(double p) {
        return p >= 1 || p > 0 && random.nextDouble() < p;
    }

    /** PI2's update of p' at time {@code at} (Appendix A.1 dualpi2_update). */
    @Override
    protected void update(long at) {
        long qdelay = Math.max(headSojourn(L4S, at), headSojourn(CLASSIC, at));
        base += params.alpha() * (qdelay - params.targetNanos()) / 1e9 + params.beta() * (qdelay - qdelayOld) / 1e9;
        base = Math.min(1, Math.max(0, base));
        qdelayOld = qdelay;
    }

    private long headSojourn(int queue, long at) {
        int head = fifos.peek(queue);
        return head == PacketSlots.NONE ? 0 : at - slots.enqueuedAt(head);
    }

    private long initialCredit() {
        return MTU * (wc - wl);
    }

    private static QueueClass queueClass(int queue) {
        return queue == L4S ? QueueClass.L4S : QueueClass.CLASSIC;
    }

    /** p', PI2's base probability. */
    double baseProbability() {
        return base;
    }

    /** p_C = p'^2, the classic queue's drop (or mark) probability (§2.1). */
    double classicProbability() {
        return base * base;
    }

    /** p_CL = k p', the L4S queue's coupled marking probability (§2.1); 1 or more is overload. */
    double coupledProbability() {
        return params.k() * base;
    }
}
