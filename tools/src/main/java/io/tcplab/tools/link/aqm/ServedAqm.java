package io.tcplab.tools.link.aqm;

import io.tcplab.tools.link.Limit;
import java.util.SplittableRandom;

/**
 * An AQM with queues of its own ({@link QueueDiscipline}), which the link serves whenever its
 * transmitter is free: CoDel, FQ-CoDel, PIE and DualPI2. (Drop-tail and RED decide as packets
 * arrive and keep the link's single FIFO.)
 */
public sealed interface ServedAqm extends AqmSpec permits CoDelParams, FqCoDelParams, PieParams, DualPi2Params {
    /**
     * A fresh discipline: {@code limit} is the link's queue limit ({@link Limit#NONE} for the
     * AQM's own default); its random draws come from {@code random}, seeded from the link's seed.
     */
    QueueDiscipline create(PacketSlots slots, AqmSink sink, Limit limit, SplittableRandom random);

    /** The limit when the link has none: Linux's default for the same qdisc. */
    Limit defaultLimit();

    /** {@code limit}, or this AQM's default when it is {@link Limit#NONE}. */
    default Limit limitOr(Limit limit) {
        return limit.equals(Limit.NONE) ? defaultLimit() : limit;
    }
}
