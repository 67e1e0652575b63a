package io.tcplab.tools.link.aqm;

import io.tcplab.tools.link.Limit;
import java.util.List;
import java.util.SplittableRandom;

/**
 * DualPI2, the DualQ Coupled AQM with a PI2 base (RFC 9332). Defaults are Linux's sch_dualpi2.c
 * (dualpi2_reset_default(), commit 92b9c2b7a88c): PI2 target 15 ms, Tupdate 16 ms, alpha 0.16 Hz
 * and beta 3.2 Hz (which that file says give a 10 dB stability margin for RTTs up to 100 ms;
 * RFC 9332 Appendix A derives its example gains from the same target and RTT_max), coupling
 * factor k = 2 (RFC 9332 §2.1, Appendix A), the L queue's native step marking at 1 ms of sojourn
 * time, and the classic queue's share of the weighted round robin 10 % (c_protection).
 */
public record DualPi2Params(long targetNanos, long updateNanos, double alpha, double beta, double k,
                            long stepNanos, int classicWeightPercent) implements ServedAqm {
    private static final Limit DEFAULT_LIMIT = Limit.packets(10000);
    static final List<String> KEYS = List.of("target", "tupdate", "alpha", "beta", "k", "step", "c_weight");

    static DualPi2Params parse(AqmKeys k) {
        return new DualPi2Params(k.duration("target", 15_000_000, 1), k.duration("tupdate", 16_000_000, 1),
                k.number("alpha", 0.16, 0, 1000), k.number("beta", 3.2, 0, 1000), k.number("k", 2, 1, 255),
                k.duration("step", 1_000_000, 0), k.count("c_weight", 10, 0, 100));
    }

    @Override
    public String name() {
        return "dualpi2";
    }

    @Override
    public QueueDiscipline create(PacketSlots slots, AqmSink sink, Limit limit, SplittableRandom random) {
        return new DualPi2Queue(this, slots, sink, limitOr(limit), random);
    }

    /** Linux's sch_dualpi2 limit: 10000 packets. */
    @Override
    public Limit defaultLimit() {
        return DEFAULT_LIMIT;
    }

    @Override
    public String toString() {
        return "dualpi2:target=" + AqmKeys.duration(targetNanos) + ",tupdate=" + AqmKeys.duration(updateNanos)
                + ",alpha=" + AqmKeys.plain(alpha) + ",beta=" + AqmKeys.plain(beta) + ",k=" + AqmKeys.plain(k)
                + ",step=" + AqmKeys.duration(stepNanos) + ",c_weight=" + classicWeightPercent;
    }
}
