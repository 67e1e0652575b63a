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
    long ceMarked;
    long earlyDropped;
    long ectDropped;
    long ectAboveMaxDropped;
    long maxQueuePackets;
    long maxQueueBytes;

    public long offeredPackets() {
        return offeredPackets;
    }

    public long offeredBytes() {
        return offeredBytes;
    }

    /** Packets the queue refused: drop-tail because it was full, plus RED's early drops. */
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

    public long ceMarked() {
        return ceMarked;
    }

    /** Packets RED dropped early (counted in {@link #queueDropped()} too). */
    public long earlyDropped() {
        return earlyDropped;
    }

    /** Queue drops (tail or RED) of ECN-capable packets (ECT or CE): zero when ECN fully replaces dropping. */
    public long ectDropped() {
        return ectDropped;
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

    /** The counters as they are now, as a value for reports. */
    public LinkStats snapshot() {
        return new LinkStats(offeredPackets, offeredBytes, queueDropped, lostRandom, lostEvery, corrupted, duplicated,
                reordered, ceMarked, delivered, deliveredBytes, maxQueuePackets, maxQueueBytes);
    }

    @Override
    public String toString() {
        return "offered=" + offeredPackets + " (" + offeredBytes + "B) queueDropped=" + queueDropped
                + " lost=" + lost() + " corrupted=" + corrupted + " duplicated=" + duplicated
                + " reordered=" + reordered + " delivered=" + delivered + " (" + deliveredBytes + "B)"
                + " ceMarked=" + ceMarked + " maxQueue=" + maxQueuePackets + "p/" + maxQueueBytes + "B";
    }
}
