package io.tcplab.tools.link;

/** What one link did so far. Only the link writes these; everyone may read them. */
public final class LinkCounters {
    long offeredPackets;
    long offeredBytes;
    long queueDropped;
    long lostRandom;
    long lostEvery;
    long corrupted;
    long duplicated;
    long reordered;
    long delivered;
    long deliveredBytes;
    long deliveredWireBytes;
    long deliveredPayloadBytes;
    long ceMarked;
    long earlyDropped;
    long ectDropped;
    long ectOffered;
    long cwrOffered;
    long ectAboveMaxDropped;
    long maxQueuePackets;
    long maxQueueBytes;
    long l4sMarked;
    long l4sDropped;
    long classicMarked;
    long classicDropped;
    final SojournHistogram sojourn = new SojournHistogram();
    final EcnClassCounters byEcnClass = new EcnClassCounters();

    public long offeredPackets() {
        return offeredPackets;
    }

    public long offeredBytes() {
        return offeredBytes;
    }

    /** Packets the queue refused or discarded: overflow (drop-tail) plus the AQM's drops ({@link #earlyDropped()}). */
    public long queueDropped() {
        return queueDropped;
    }

    /** Packets dropped by random or periodic loss. */
    public long lost() {
        return lostRandom + lostEvery;
    }

    /** Packets dropped by random loss ({@code loss}). */
    public long lostRandom() {
        return lostRandom;
    }

    /** Packets dropped by periodic loss ({@code loss-every}); a packet both would drop counts here. */
    public long lostEvery() {
        return lostEvery;
    }

    public long corrupted() {
        return corrupted;
    }

    /** Extra copies made by duplication (not counting the originals). */
    public long duplicated() {
        return duplicated;
    }

    public long reordered() {
        return reordered;
    }

    /** Copies handed on toward the far end, duplicates included; each arrives at its own time. */
    public long delivered() {
        return delivered;
    }

    public long deliveredBytes() {
        return deliveredBytes;
    }

    /** {@link #deliveredBytes()} with each packet's framing: the bytes that took line rate. */
    public long deliveredWireBytes() {
        return deliveredWireBytes;
    }

    /** The TCP payload in what was handed on (0 for other packets): goodput's share of the line. */
    public long deliveredPayloadBytes() {
        return deliveredPayloadBytes;
    }

    public long ceMarked() {
        return ceMarked;
    }

    /**
     * Packets the AQM's control law dropped — RED's early drops, CoDel's, PIE's, DualPI2's — as
     * opposed to drops because the queue was full (counted in {@link #queueDropped()} too).
     */
    public long earlyDropped() {
        return earlyDropped;
    }

    /** Queue drops (tail or RED) of ECN-capable packets (ECT or CE): zero when ECN fully replaces dropping. */
    public long ectDropped() {
        return ectDropped;
    }

    /** Packets offered ECN-capable (ECT(0), ECT(1), or CE from a queue before): their senders negotiated ECN (RFC 3168 §6.1.1). */
    public long ectOffered() {
        return ectOffered;
    }

    /** TCP segments offered with CWR (not SYNs): window reductions their senders announced (RFC 3168 §6.1.2). */
    public long cwrOffered() {
        return cwrOffered;

    }

    /** Of {@link #ectDropped()}, those RED dropped at or above max ({@code above_max: drop}). */
    public long ectAboveMaxDropped() {
        return ectAboveMaxDropped;
    }

    public long maxQueuePackets() {
        return maxQueuePackets;
    }

    public long maxQueueBytes() {
        return maxQueueBytes;
    }

    /** DualPI2 only: CE marks made in the L4S queue (native step or coupled). */
    public long l4sMarked() {
        return l4sMarked;
    }

    /** DualPI2 only: drops from the L4S queue (overflow, or classic drops in overload). */
    public long l4sDropped() {
        return l4sDropped;
    }

    public long classicMarked() {
        return classicMarked;
    }

    public long classicDropped() {
        return classicDropped;
    }

    /** A served AQM's sojourn times, marks and drops of L4S-identified packets and of the rest. */
    public EcnClassCounters byEcnClass() {
        return byEcnClass;
    }

    /** How long the packets that left the queue waited in it, from arrival to the transmitter. */
    public SojournHistogram sojourn() {
        return sojourn;
    }

    /**
     * The counters as they are now, as a value for reports: {@code queue} names the queue
     * discipline, {@code dualQueue} says whether it has an L4S and a classic queue (DualPI2).
     */
    LinkStats snapshot(String queue, boolean dualQueue) {
        LinkStats.DualQueue dual = dualQueue
                ? new LinkStats.DualQueue(l4sMarked, l4sDropped, classicMarked, classicDropped) : null;
        return new LinkStats(offeredPackets, offeredBytes, queueDropped, lostRandom, lostEvery, corrupted, duplicated,
                reordered, ceMarked, delivered, deliveredBytes, maxQueuePackets, maxQueueBytes, deliveredWireBytes,
                deliveredPayloadBytes, queue, earlyDropped, sojourn.snapshot(), dual);
    }

    @Override
    public String toString() {
        return "offered=" + offeredPackets + " (" + offeredBytes + "B) queueDropped=" + queueDropped
                + " lost=" + lost() + " corrupted=" + corrupted + " duplicated=" + duplicated
                + " reordered=" + reordered + " delivered=" + delivered + " (" + deliveredBytes + "B)"
                + " ceMarked=" + ceMarked + " maxQueue=" + maxQueuePackets + "p/" + maxQueueBytes + "B";
    }
}
