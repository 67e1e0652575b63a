package io.tcplab.tools.experiment;

import io.tcplab.stack.recovery.TebParameters;
import io.tcplab.stack.conn.ConnectionOptions;
import io.tcplab.tools.link.Limit;
import io.tcplab.tools.link.LinkParams;
import io.tcplab.tools.link.LinkSchedule;
import java.util.List;

/**
 * One delay-spike experiment: a single bulk flow for {@code durationNanos} over a path of
 * {@code rateBitsPerSec} and {@code rttNanos} with a drop-tail {@code queue} in each direction,
 * and a spike on the links {@code direction} names at {@code spikeAtNanos} lasting
 * {@code spikeDurationNanos}, made in each of {@code kinds}, for each of {@code variants}. A
 * {@code delay} spike sets the one-way delay to {@code spikeDelayNanos}. A {@code real} run goes over TUN devices through the
 * user-space link in real time, to the kernel as receiver, instead of the emulator. On the
 * emulator the receiving end takes {@code receiver}'s options (its ACK rules: delayed and quick
 * ACKs), so that it can follow another platform than the sender, as the kernel receiver does
 * for a tcplab sender under {@code --real}.
 */
public record DelaySpikeSpec(long rateBitsPerSec, long rttNanos, Limit queue, long spikeAtNanos,
                             long spikeDurationNanos, long spikeDelayNanos, List<SpikeKind> kinds,
                             SpikeDirection direction, long durationNanos, List<Variant> variants, long seed,
                             ConnectionOptions base, TebParameters teb, boolean real, ConnectionOptions receiver) {

    public static final long SECOND = 1_000_000_000L;
    /** How long after the spike's start the "after the spike" goodput is measured. */
    public static final long WINDOW_NANOS = 5 * SECOND;

    public DelaySpikeSpec {
        kinds = List.copyOf(kinds);
        variants = List.copyOf(variants);
        if (direction == null) {
            throw new IllegalArgumentException("the spike needs a direction");
        }
        if (kinds.isEmpty() || variants.isEmpty()) {
            throw new IllegalArgumentException("at least one spike kind and one variant are needed");
        }
        if (spikeAtNanos + spikeDurationNanos >= durationNanos) {
            throw new IllegalArgumentException("the spike must end before the run does");
        }
        if (!real && variants.contains(Variant.KERNEL)) {
            throw new IllegalArgumentException("the kernel variant needs a real run");
        }
        if (receiver == null) {
            receiver = base;
        }
        if (teb == null) {
            teb = TebParameters.DEFAULT;
        }
    }

    /** The sender's options for one variant: the base with its detectors, TEB's with {@link #teb()}. */
    public ConnectionOptions options(Variant variant) {
        return variant.applyTo(base, teb);
    }

    /** The receiver follows the sender's options. */
    public DelaySpikeSpec(long rateBitsPerSec, long rttNanos, Limit queue, long spikeAtNanos, long spikeDurationNanos,
                          long spikeDelayNanos, List<SpikeKind> kinds, SpikeDirection direction, long durationNanos,
                          List<Variant> variants, long seed, ConnectionOptions base, TebParameters teb, boolean real) {
        this(rateBitsPerSec, rttNanos, queue, spikeAtNanos, spikeDurationNanos, spikeDelayNanos, kinds, direction,
                durationNanos, variants, seed, base, teb, real, null);
    }

    /** A run on the emulator. */
    public DelaySpikeSpec(long rateBitsPerSec, long rttNanos, Limit queue, long spikeAtNanos, long spikeDurationNanos,
                          long spikeDelayNanos, List<SpikeKind> kinds, SpikeDirection direction, long durationNanos,
                          List<Variant> variants, long seed, ConnectionOptions base, TebParameters teb) {
        this(rateBitsPerSec, rttNanos, queue, spikeAtNanos, spikeDurationNanos, spikeDelayNanos, kinds, direction,
                durationNanos, variants, seed, base, teb, false);
    }

    /** The data direction's one-way delay outside the spike: half the RTT. */
    public long forwardDelayNanos() {
        return rttNanos / 2;
    }

    public LinkParams forward() {
        return LinkParams.of().setRateBitsPerSec(rateBitsPerSec).setDelayNanos(forwardDelayNanos()).setQueueLimit(queue);
    }

    /** The ACK direction takes the odd nanosecond so the two halves add up to the RTT exactly. */
    public LinkParams reverse() {
        return LinkParams.of().setRateBitsPerSec(rateBitsPerSec).setDelayNanos(reverseDelayNanos()).setQueueLimit(queue);
    }

    private long reverseDelayNanos() {
        return rttNanos - rttNanos / 2;
    }

    /** The data link's changes for a spike of this kind: the spike, or none when it is on the ACK link alone. */
    public LinkSchedule forwardSchedule(SpikeKind kind) {
        return direction.data() ? kind.schedule(this, forwardDelayNanos()) : new LinkSchedule(List.of());
    }

    /** The ACK link's changes for a spike of this kind. */
    public LinkSchedule reverseSchedule(SpikeKind kind) {
        return direction.ack() ? kind.schedule(this, reverseDelayNanos()) : new LinkSchedule(List.of());
    }

    /** The end of the after-spike goodput window, clipped to the run. */
    public long windowEndNanos() {
        return Math.min(spikeAtNanos + WINDOW_NANOS, durationNanos);
    }
}
