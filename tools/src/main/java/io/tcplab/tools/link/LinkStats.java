package io.tcplab.tools.link;

import java.util.Locale;

/**
 * What one link did, frozen for a report: packets offered to it, dropped by drop-tail, dropped by
 * random loss and by periodic loss, corrupted, extra copies made, held back for reordering,
 * CE-marked, handed on (duplicates included), and the deepest its queue got; of the bytes handed
 * on, also those that took line rate with their framing and the TCP payload among them.
 */
public record LinkStats(long offeredPackets, long offeredBytes, long queueDropped, long lostRandom, long lostEvery,
                        long corrupted, long duplicated, long reordered, long ceMarked, long delivered,
                        long deliveredBytes, long maxQueuePackets, long maxQueueBytes, long deliveredWireBytes,
                        long deliveredPayloadBytes) {

    /** One line: {@code offered 1200 (1800000 B), delivered 1188 (...), queue-dropped 0, ...}. */
    public String line() {
        return String.format(Locale.ROOT,
                "offered %d (%d B), delivered %d (%d B), queue-dropped %d, lost %d (loss) + %d (loss-every), "
                        + "corrupted %d, duplicated %d, reordered %d, CE-marked %d, max queue %d p / %d B",
                offeredPackets, offeredBytes, delivered, deliveredBytes, queueDropped, lostRandom, lostEvery,
                corrupted, duplicated, reordered, ceMarked, maxQueuePackets, maxQueueBytes);
    }
}
