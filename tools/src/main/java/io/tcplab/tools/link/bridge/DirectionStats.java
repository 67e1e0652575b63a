package io.tcplab.tools.link.bridge;

import io.tcplab.tools.link.LinkCounters;
import java.util.Locale;

/**
 * What one direction of a {@link LinkBridge} did: the link's own counters plus what the device
 * at the far end took. {@code delivered} counts copies the link handed on (duplicates included);
 * {@code written} those the far device accepted, {@code writeDrops} those it refused, and
 * {@code inFlight} those still held for their arrival time when the snapshot was taken.
 */
public record DirectionStats(String name, long offered, long offeredBytes, long queueDropped, long lost,
                             long corrupted, long duplicated, long reordered, long delivered, long deliveredBytes,
                             long ceMarked, long maxQueuePackets, long maxQueueBytes, long written,
                             long writeDrops, long inFlight) {

    static DirectionStats of(String name, LinkCounters c, long written, long writeDrops, long inFlight) {
        return new DirectionStats(name, c.offeredPackets(), c.offeredBytes(), c.queueDropped(), c.lost(),
                c.corrupted(), c.duplicated(), c.reordered(), c.delivered(), c.deliveredBytes(), c.ceMarked(),
                c.maxQueuePackets(), c.maxQueueBytes(), written, writeDrops, inFlight);
    }

    /** One line: {@code left->right offered 1200 (1.7MB), queue-dropped 0, lost 12, ...}. */
    public String line() {
        return String.format(Locale.ROOT,
                "%s: offered %d (%d B), queue-dropped %d, lost %d, corrupted %d, duplicated %d, reordered %d, "
                        + "delivered %d (%d B), CE-marked %d, max queue %d p / %d B, written %d, write-drops %d",
                name, offered, offeredBytes, queueDropped, lost, corrupted, duplicated, reordered, delivered,
                deliveredBytes, ceMarked, maxQueuePackets, maxQueueBytes, written, writeDrops);
    }
}
