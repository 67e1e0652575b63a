package io.tcplab.tools.link;

import java.util.Locale;

/**
 * What one link did, frozen for a report: packets offered to it, dropped by its queue (overflow
 * and the AQM's drops together, then {@code aqmDropped} of them by the AQM), dropped by random
 * loss and by periodic loss, corrupted, extra copies made, held back for reordering, CE-marked,
 * handed on (duplicates included), and the deepest its queue got; of the bytes handed on, also
 * those that took line rate with their framing and the TCP payload among them; the queue
 * discipline ({@code queue}, as {@code --aqm} writes it), the sojourn times of the packets that
 * left the queue, and for DualPI2 its two queues' marks and drops ({@code dualQueue}, else null).
 */
public record LinkStats(long offeredPackets, long offeredBytes, long queueDropped, long lostRandom, long lostEvery,
                        long corrupted, long duplicated, long reordered, long ceMarked, long delivered,
                        long deliveredBytes, long maxQueuePackets, long maxQueueBytes, long deliveredWireBytes,
                        long deliveredPayloadBytes, String queue, long aqmDropped, SojournHistogram.Sojourn sojourn,
                        DualQueue dualQueue) {

    /** DualPI2's marks and drops per queue: L4S (ECT(1) and CE) and classic. */
    public record DualQueue(long l4sMarked, long l4sDropped, long classicMarked, long classicDropped) {
    }

    /** Drops because the queue was full (drop-tail, or FQ-CoDel's drops from the fattest flow). */
    public long overflowDropped() {
        return queueDropped - aqmDropped;
    }

    /** One line: {@code offered 1200 (1800000 B), delivered 1188 (...), queue-dropped 0, ...}. */
    public String line() {
        return String.format(Locale.ROOT,
                "offered %d (%d B), delivered %d (%d B), queue-dropped %d (overflow %d, aqm %d), "
                        + "lost %d (loss) + %d (loss-every), corrupted %d, duplicated %d, reordered %d, CE-marked %d, "
                        + "max queue %d p / %d B",
                offeredPackets, offeredBytes, delivered, deliveredBytes, queueDropped, overflowDropped(), aqmDropped,
                lostRandom, lostEvery, corrupted, duplicated, reordered, ceMarked, maxQueuePackets, maxQueueBytes);
    }

    /**
     * The queue in one line: {@code codel:target=5ms,... sojourn p50 1.21 / p90 4.02 / p99 7.90 /
     * max 12.31 ms over 8123 packets}, and for DualPI2 the marks and drops of each queue.
     */
    public String queueLine() {
        String line = String.format(Locale.ROOT, "%s, sojourn p50 %.3f / p90 %.3f / p99 %.3f / max %.3f ms over %d packets",
                queue, sojourn.p50Nanos() / 1e6, sojourn.p90Nanos() / 1e6, sojourn.p99Nanos() / 1e6,
                sojourn.maxNanos() / 1e6, sojourn.count());
        if (dualQueue != null) {
            line += String.format(Locale.ROOT, "; L4S queue %d marked, %d dropped; classic queue %d marked, %d dropped",
                    dualQueue.l4sMarked(), dualQueue.l4sDropped(), dualQueue.classicMarked(), dualQueue.classicDropped());
        }
        return line;
    }
}
