package io.tcplab.tools.experiment;

import io.tcplab.tools.link.LinkSchedule;
import java.util.List;
import java.util.Locale;

/**
 * How the spike is made on a link ({@link SpikeDirection} says which): a {@code stall} holds the
 * link and releases its queue in order (an outage); a {@code delay} change raises the one-way
 * delay for the spike and lowers it again, per packet, so packets sent after it ends overtake
 * those still under way.
 */
public enum SpikeKind {
    STALL, DELAY;

    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The schedule of this kind of spike on one of {@code spec}'s links, whose delay is otherwise {@code linkDelayNanos}. */
    LinkSchedule schedule(DelaySpikeSpec spec, long linkDelayNanos) {
        long end = spec.spikeAtNanos() + spec.spikeDurationNanos();
        return new LinkSchedule(switch (this) {
            case STALL -> List.of(new LinkSchedule.Change(spec.spikeAtNanos(), LinkSchedule.STALL,
                    spec.spikeDurationNanos() + "ns"));
            case DELAY -> List.of(
                    new LinkSchedule.Change(spec.spikeAtNanos(), "delay", spec.spikeDelayNanos() + "ns"),
                    new LinkSchedule.Change(end, "delay", linkDelayNanos + "ns"));
        });
    }

    public static SpikeKind byLabel(String label) {
        for (SpikeKind k : values()) {
            if (k.label().equals(label.trim().toLowerCase(Locale.ROOT))) {
                return k;
            }
        }
        throw new IllegalArgumentException("unknown spike kind '" + label + "': expected stall or delay");
    }
}
