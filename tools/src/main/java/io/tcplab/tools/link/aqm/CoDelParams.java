package io.tcplab.tools.link.aqm;

import io.tcplab.tools.link.Limit;
import java.util.List;
import java.util.SplittableRandom;

/**
 * CoDel (RFC 8289) on the link's one queue. Defaults: target 5 ms and interval 100 ms (RFC 8289
 * §5.3's constants); ECN off, as Linux's sch_codel (include/net/codel.h codel_params_init(), v6.6)
 * — with {@code ecn=on} an ECN-capable packet is marked where it would be dropped.
 */
public record CoDelParams(long targetNanos, long intervalNanos, boolean ecn) implements ServedAqm {
    private static final Limit DEFAULT_LIMIT = Limit.packets(1000);
    static final List<String> KEYS = List.of("target", "interval", "ecn");
    public static final long DEFAULT_TARGET = 5_000_000;
    public static final long DEFAULT_INTERVAL = 100_000_000;

    public CoDelParams {
        if (targetNanos < 1 || intervalNanos < 1) {
            throw new IllegalArgumentException("codel target and interval must be positive");
        }
    }

    static CoDelParams parse(AqmKeys k) {
        return new CoDelParams(k.duration("target", DEFAULT_TARGET, 1), k.duration("interval", DEFAULT_INTERVAL, 1),
                k.onOff("ecn", false));
    }

    @Override
    public String name() {
        return "codel";
    }

    @Override
    public QueueDiscipline create(PacketSlots slots, AqmSink sink, Limit limit, SplittableRandom random) {
        return new CoDelQueue(this, slots, sink, limitOr(limit));
    }

    /** Linux's sch_codel limit: 1000 packets. */
    @Override
    public Limit defaultLimit() {
        return DEFAULT_LIMIT;
    }

    @Override
    public String toString() {
        return "codel:target=" + AqmKeys.duration(targetNanos) + ",interval=" + AqmKeys.duration(intervalNanos)
                + ",ecn=" + (ecn ? "on" : "off");
    }
}
