package io.tcplab.tools.link.aqm;

import io.tcplab.tools.link.Limit;
import java.util.List;
import java.util.SplittableRandom;

/**
 * FQ-CoDel (RFC 8290). Defaults as RFC 8290 §5.2 gives them (and Linux's fq_codel_init(), v6.6):
 * interval 100 ms and target 5 ms in every flow queue's CoDel (§5.2.1, §5.2.2), 1024 flow
 * queues (§5.2.5), ECN on (§5.2.6); the quantum is 1500 B, one IP MTU, where §5.2.4's 1514 B
 * is one Ethernet frame of that MTU: this link counts IP bytes.
 */
public record FqCoDelParams(long targetNanos, long intervalNanos, boolean ecn, int quantumBytes, int flows)
        implements ServedAqm {
    private static final Limit DEFAULT_LIMIT = Limit.packets(10240);
    static final List<String> KEYS = List.of("target", "interval", "ecn", "quantum", "flows");
    public static final int DEFAULT_QUANTUM = 1500;
    public static final int DEFAULT_FLOWS = 1024;

    public FqCoDelParams {
        if (quantumBytes < 1 || flows < 1) {
            throw new IllegalArgumentException("fq_codel quantum and flows must be positive");
        }
    }

    static FqCoDelParams parse(AqmKeys k) {
        return new FqCoDelParams(k.duration("target", CoDelParams.DEFAULT_TARGET, 1),
                k.duration("interval", CoDelParams.DEFAULT_INTERVAL, 1), k.onOff("ecn", true),
                k.bytes("quantum", DEFAULT_QUANTUM, 1, 1 << 20), k.count("flows", DEFAULT_FLOWS, 1, 65536));
    }

    /** The CoDel each flow queue runs. */
    CoDelParams codel() {
        return new CoDelParams(targetNanos, intervalNanos, ecn);
    }

    @Override
    public String name() {
        return "fq_codel";
    }

    @Override
    public QueueDiscipline create(PacketSlots slots, AqmSink sink, Limit limit, SplittableRandom random) {
        return new FqCoDelQueue(this, slots, sink, limitOr(limit), random.nextLong());
    }

    /** RFC 8290 §5.2.3's (and Linux's) packet limit: 10240 packets. */
    @Override
    public Limit defaultLimit() {
        return DEFAULT_LIMIT;
    }

    @Override
    public String toString() {
        return "fq_codel:target=" + AqmKeys.duration(targetNanos) + ",interval=" + AqmKeys.duration(intervalNanos)
                + ",ecn=" + (ecn ? "on" : "off") + ",quantum=" + quantumBytes + "B,flows=" + flows;
    }
}
