package io.tcplab.tools.link.aqm;

import io.tcplab.tools.link.Limit;
import java.util.List;
import java.util.SplittableRandom;

/**
 * PIE (RFC 8033). Defaults from RFC 8033 §4 and §5: QDELAY_REF (target) 15 ms, T_UPDATE 15 ms,
 * alpha 0.125 and beta 1.25 (per second of queue delay, i.e. in Hz), MAX_BURST 150 ms, and with
 * ECN marking below a drop probability of 10 % (mark_ecnth, §5.1); ECN is off by default, as in
 * Linux's sch_pie (pie_params_init(), v6.6, whose alpha 2 and beta 20 in units of 1/16 are the
 * same gains).
 */
public record PieParams(long targetNanos, long updateNanos, double alpha, double beta, long maxBurstNanos,
                        boolean ecn, double markEcnThreshold) implements ServedAqm {
    private static final Limit DEFAULT_LIMIT = Limit.packets(1000);
    static final List<String> KEYS = List.of("target", "tupdate", "alpha", "beta", "burst", "ecn", "mark_ecnth");

    static PieParams parse(AqmKeys k) {
        return new PieParams(k.duration("target", 15_000_000, 1), k.duration("tupdate", 15_000_000, 1),
                k.number("alpha", 0.125, 0, 1000), k.number("beta", 1.25, 0, 1000), k.duration("burst", 150_000_000, 0),
                k.onOff("ecn", false), k.probability("mark_ecnth", 0.1));
    }

    @Override
    public String name() {
        return "pie";
    }

    @Override
    public QueueDiscipline create(PacketSlots slots, AqmSink sink, Limit limit, SplittableRandom random) {
        return new PieQueue(this, slots, sink, limitOr(limit), random);
    }

    /** Linux's sch_pie limit: 1000 packets. */
    @Override
    public Limit defaultLimit() {
        return DEFAULT_LIMIT;
    }

    @Override
    public String toString() {
        return "pie:target=" + AqmKeys.duration(targetNanos) + ",tupdate=" + AqmKeys.duration(updateNanos)
                + ",alpha=" + AqmKeys.plain(alpha) + ",beta=" + AqmKeys.plain(beta) + ",burst="
                + AqmKeys.duration(maxBurstNanos) + ",ecn=" + (ecn ? "on" : "off") + ",mark_ecnth="
                + AqmKeys.plain(markEcnThreshold);
    }
}
