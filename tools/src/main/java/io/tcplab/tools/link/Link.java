package io.tcplab.tools.link;

import io.netty.buffer.ByteBuf;
import io.tcplab.tools.link.aqm.DualPi2Params;
import io.tcplab.tools.link.aqm.ServedAqm;
import java.util.SplittableRandom;

/**
 * One direction of a link, independent of any clock or scheduler: it is offered a packet at a
 * time and decides its fate, handing each surviving copy to its {@link LinkOutput} with the times
 * it departs and arrives.
 *
 * <p>Order of decisions for a packet offered at {@code now}: periodic and random loss (as netem
 * does, a lost packet never takes queue space or transmitter time); RED (mark or early drop);
 * ECN step marking; drop-tail;
 * serialization behind the packets already queued; then, on the wire, corruption, jitter,
 * reordering and duplication (the duplicate arrives right after the original, at the same time).
 * Each random impairment draws from its own stream once for every packet offered while it is
 * on (jitter: for every packet that goes on the wire), so switching one on or off never changes
 * the decisions of another.
 *
 * <p>With an AQM that has queues of its own ({@link LinkParams#aqm()}: CoDel, FQ-CoDel, PIE,
 * DualPI2) a packet that survives the losses waits in the AQM instead, which may drop or mark it
 * as it arrives or leaves, and is serialized when the AQM hands it to the free transmitter (see
 * {@link AqmService}); such a link must be served on time, through its {@link ServiceTimer} or by
 * polling {@link #nextServiceNanos()}. Its random streams are the same, plus one for the AQM.
 */
public final class Link {
    private final String name;
    private final LinkParams params;
    private final PacketPool pool;
    private final LinkOutput output;
    private final LinkCounters counters = new LinkCounters();
    private final Transmitter transmitter = new Transmitter();
    private final SplittableRandom lossRandom;
    private final SplittableRandom reorderRandom;
    private final SplittableRandom duplicateRandom;
    private final SplittableRandom corruptRandom;
    private final SplittableRandom jitterRandom;
    /** When the last jittered packet arrives: a later one never arrives before it. */
    private long lastJitteredArrival = Long.MIN_VALUE;
    private final RedQueue red;
    private final ServedAqm servedAqm;
    private final AqmService aqm;
    ServiceTimer timer;
    private long periodicCount;

    /** Who wakes a link with an AQM when its next packet is due to leave the AQM. */
    @FunctionalInterface
    public interface ServiceTimer {
        /** Call {@link Link#serve} at {@code nanos} (or as soon after as possible). */
        void serveAt(long nanos);
    }

    public Link(String name, LinkParams params, long seed, PacketPool pool, LinkOutput output) {
        this.name = name;
        this.params = params;
        this.pool = pool;
        this.output = output;
        this.lossRandom = new SplittableRandom(Seeds.derive(seed, name, "loss"));
        this.reorderRandom = new SplittableRandom(Seeds.derive(seed, name, "reorder"));
        this.duplicateRandom = new SplittableRandom(Seeds.derive(seed, name, "duplicate"));
        this.corruptRandom = new SplittableRandom(Seeds.derive(seed, name, "corrupt"));
        this.jitterRandom = new SplittableRandom(Seeds.derive(seed, name, "jitter"));
        this.red = new RedQueue(new SplittableRandom(Seeds.derive(seed, name, "red")));
        this.servedAqm = params.aqm();
        this.aqm = servedAqm == null ? null : new AqmService(this, servedAqm, params.queueLimit(),
                new SplittableRandom(Seeds.derive(seed, name, "aqm")), counters, pool, transmitter);
    }

    /** Sets who is asked to {@link #serve} this link when its AQM holds packets; before the first offer. */
    public void setServiceTimer(ServiceTimer timer) {
        this.timer = timer;
    }

    /**
     * Dequeues from the AQM and sends every packet due to leave at or before {@code now}, each at
     * its own time; then asks the timer for the next one. Nothing to do without an AQM.
     */
    public void serve(long now) {
        if (aqm != null) {
            aqm.woken(now);
        }
    }

    /** When the AQM hands its next packet to the transmitter, or {@link Long#MAX_VALUE} (none, or no AQM). */
    public long nextServiceNanos() {
        return aqm == null ? Long.MAX_VALUE : aqm.nextServiceNanos();
    }

    /** The counters as a report shows them, with the queue discipline and its sojourn times. */
    public LinkStats stats() {
        String queue = servedAqm != null ? servedAqm.toString() : params.queueDiscipline();
        return counters.snapshot(queue, servedAqm instanceof DualPi2Params);
    }

    public String name() {
        return name;
    }

    /** The live settings: changes apply to packets offered afterwards. */
    public LinkParams params() {
        return params;
    }

    public LinkCounters counters() {
        return counters;
    }

    public PacketPool pool() {
        return pool;
    }

    /** Packets not yet fully serialized at {@code now}, the one on the wire and those in the AQM included. */
    public long queuedPackets(long now) {
        transmitter.drain(now);
        return transmitter.packets() + (aqm == null ? 0 : aqm.packets());
    }

    public long queuedBytes(long now) {
        transmitter.drain(now);
        return transmitter.bytes() + (aqm == null ? 0 : aqm.bytes());
    }

    /** How long the link has had nothing to send at {@code now}, or 0 while it is sending. */
    public long idleNanos(long now) {
        transmitter.drain(now);
        return transmitter.idleNanos(now);
    }

    /**
     * Holds the link for {@code durationNanos} from {@code fromNanos}: nothing leaves the
     * transmitter meanwhile; packets offered meanwhile queue (drop-tail still applies) and, with
     * those already queued, leave in order once it ends. Packets already on the wire still
     * arrive. Must be set before any packet is committed to leave after {@code fromNanos}, i.e.
     * ahead of the run, as {@link LinkSchedule} stalls are.
     */
    public void stall(long fromNanos, long durationNanos) {
        transmitter.stall(fromNanos, durationNanos);
    }

    /** Offers a packet at {@code now}; {@code packet} is only read, and only during the call. */
    public void offer(long now, ByteBuf packet) {
        offer(now, packet, PacketSummary.NONE, false);
    }

    /** {@link #offer(long, ByteBuf)} of a packet whose {@link PacketSummary} the caller has made. */
    public void offer(long now, ByteBuf packet, long summary) {
        offer(now, packet, summary, false);
    }

    /**
     * Offers a packet held in a buffer from this link's {@link #pool()}, and takes the buffer
     * over: the link hands it on as the copy (or gives it back to the pool if the packet is
     * dropped), so the caller must not touch it afterwards. Same decisions as {@link #offer}.
     */
    public void offerOwned(long now, ByteBuf pooledPacket) {
        offer(now, pooledPacket, PacketSummary.NONE, true);
    }

    /**
     * {@link #offerOwned(long, ByteBuf)} with the packet's {@link PacketSummary} (or
     * {@link PacketSummary#NONE}): the link decides from the summary without reading the packet.
     */
    public void offerOwned(long now, ByteBuf pooledPacket, long summary) {
        offer(now, pooledPacket, summary, true);
    }

    private void offer(long now, ByteBuf packet, long givenSummary, boolean owned) {
        LinkParams p = params;
        long summary = PacketSummary.ofOr(givenSummary, packet);
        int size = PacketSummary.wireLength(summary);
        boolean ecnCapable = PacketSummary.isEcnCapablePacket(summary);
        counters.offeredPackets++;
        counters.offeredBytes += size;
        if (ecnCapable) {
            counters.ectOffered++;
        }
        if (PacketSummary.isCwrSegment(summary)) {
            counters.cwrOffered++;
        }

        boolean periodicLoss = p.lossEvery() >= 2 && ++periodicCount % p.lossEvery() == 0;
        boolean randomLoss = draw(lossRandom, p.lossProbability());
        boolean reorder = draw(reorderRandom, p.reorderProbability());
        boolean duplicate = draw(duplicateRandom, p.duplicateProbability());
        boolean corrupt = draw(corruptRandom, p.corruptProbability()) && size > 0;
        long corruptBit = corrupt ? corruptRandom.nextLong(size * 8L) : 0;
        if (periodicLoss || randomLoss) {
            if (periodicLoss) {
                counters.lostEvery++;
            } else {
                counters.lostRandom++;
            }
            release(packet, owned);
            return;
        }
        if (aqm != null) {
            aqm.offer(now, owned ? packet : pool.copyOf(packet), summary, size,
                    AqmService.wire(corrupt, corruptBit, reorder, duplicate), p.queueLimit());
            return;
        }

        transmitter.drain(now);
        boolean redMark = false;
        RedParams redParams = p.red();
        if (redParams != null) {
            long queued = redParams.min().measure(transmitter.packets(), transmitter.bytes());
            RedQueue.Verdict verdict = red.arrive(redParams, queued, transmitter.idleNanos(now), p.rateBitsPerSec());
            boolean picked = verdict != RedQueue.Verdict.PASS;
            boolean markable = redParams.ecn() && ecnCapable
                    && (verdict == RedQueue.Verdict.PICK || redParams.aboveMax() == RedParams.AboveMax.MARK);
            if (picked && markable) {
                redMark = true;
            } else if (picked) {
                counters.earlyDropped++;
                if (verdict == RedQueue.Verdict.FORCED && redParams.ecn() && ecnCapable) {
                    counters.ectAboveMaxDropped++;
                }
                queueDrop(packet, ecnCapable, owned);
                return;
            }
        }
        Limit ecn = p.ecnThreshold();
        boolean overEcnThreshold = ecn != null
                && ecn.measure(transmitter.packets(), transmitter.bytes()) > ecn.value();
        Limit limit = p.queueLimit();
        if (limit.measure(transmitter.packets() + 1L, transmitter.bytes() + size) > limit.value()) {
            queueDrop(packet, ecnCapable, owned);
            return;
        }
        int wireBytes = size + p.framing().overheadBytes();
        counters.sojourn.record(Math.max(0, transmitter.freeAt() - now));
        long depart = transmitter.enqueue(now, size, wireBytes, p.rateBitsPerSec());
        counters.maxQueuePackets = Math.max(counters.maxQueuePackets, transmitter.packets());
        counters.maxQueueBytes = Math.max(counters.maxQueueBytes, transmitter.bytes());

        ByteBuf copy = owned ? packet : pool.copyOf(packet);
        if ((overEcnThreshold || redMark) && IpPackets.markCe(copy)) {
            counters.ceMarked++;
            summary = PacketSummary.markedCe(summary);
        }
        onWire(copy, summary, size, wireBytes, depart, p, corrupt, corruptBit, reorder, duplicate);
    }

    /** A packet the AQM hands to the transmitter at {@code now}: it is serialized, then goes on the wire. */
    void transmit(long now, ByteBuf copy, long summary, int size, boolean corrupt, long corruptBit, boolean reorder,
                  boolean duplicate) {
        LinkParams p = params;
        int wireBytes = size + p.framing().overheadBytes();
        long depart = transmitter.enqueue(now, size, wireBytes, p.rateBitsPerSec());
        onWire(copy, summary, size, wireBytes, depart, p, corrupt, corruptBit, reorder, duplicate);
    }

    /** Corruption, reordering and duplication on the wire, then the copy (and any duplicate) handed on. */
    private void onWire(ByteBuf copy, long summary, int size, int wireBytes, long depart, LinkParams p,
                        boolean corrupt, long corruptBit, boolean reorder, boolean duplicate) {
        int payload = PacketSummary.tcpPayloadLength(summary);
        if (corrupt) {
            // a payload-free packet (bytes present < size) has no checksum to catch a flipped bit: it is flagged
            if (copy.readableBytes() >= size || !IpPackets.flagCorrupt(copy)) {
                IpPackets.flipBit(copy, corruptBit % (copy.readableBytes() * 8L));
            }
            counters.corrupted++;
            payload = IpPackets.tcpPayloadLength(copy, size);
            summary = PacketSummary.of(copy); // the next hops read what the flipped bit left
        }
        long arrival = depart + p.delayNanos();
        if (p.jitterNanos() > 0) {
            arrival = Math.max(arrival + jitterRandom.nextLong(p.jitterNanos() + 1), lastJitteredArrival);
            lastJitteredArrival = arrival;
        }
        if (reorder) {
            arrival += reorderDelay(p, size);
            counters.reordered++;
        }
        ByteBuf second = duplicate ? pool.copyOf(copy) : null;
        hand(copy, summary, size, wireBytes, payload, depart, arrival);
        if (second != null) {
            counters.duplicated++;
            hand(second, summary, size, wireBytes, payload, depart, arrival);
        }
    }

    private void queueDrop(ByteBuf packet, boolean ecnCapable, boolean owned) {
        counters.queueDropped++;
        if (ecnCapable) {
            counters.ectDropped++;
        }
        release(packet, owned);
    }

    /** RED's average queue (in its thresholds' unit) as of the last packet offered; 0 without RED. */
    public double redAverage() {
        return red.average();
    }

    private void release(ByteBuf packet, boolean owned) {
        if (owned) {
            pool.release(packet);
        }
    }

    private void hand(ByteBuf copy, long summary, int size, int wireBytes, int payload, long depart, long arrival) {
        counters.delivered++;
        counters.deliveredBytes += size;
        counters.deliveredWireBytes += wireBytes;
        counters.deliveredPayloadBytes += payload;
        output.carry(copy, summary, depart, arrival);
    }

    private static boolean draw(SplittableRandom random, double probability) {
        return probability > 0 && random.nextDouble() < probability;
    }

    private static long reorderDelay(LinkParams p, int size) {
        if (p.reorderDelayNanos() >= 0) {
            return p.reorderDelayNanos();
        }
        return Math.max(p.delayNanos() / 10, 3 * Transmitter.serializationNanos(size, p.rateBitsPerSec()));
    }

    @Override
    public String toString() {
        return name + " [" + params + "] " + counters;
    }
}
