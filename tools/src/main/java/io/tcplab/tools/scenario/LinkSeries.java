package io.tcplab.tools.scenario;

import io.tcplab.tools.link.EcnClassCounters;
import io.tcplab.tools.link.LinkStats;

/**
 * One link's record of a run, sampled with the flows (sample k at {@code k × sampleNanos}).
 *
 * @param name            the link's name
 * @param rateBitsPerSec  its rate at the end (0 = unlimited)
 * @param queueBytes      bytes queued (not yet fully serialized) at each sample
 * @param queuePackets    packets queued at each sample
 * @param offered         packets offered to the queue so far, at each sample
 * @param dropped         queue drops (drop-tail and RED) so far, at each sample
 * @param deliveredBytes  bytes handed on so far, at each sample
 * @param deliveredWireBytes   the same with each packet's link-layer framing, at each sample
 * @param deliveredPayloadBytes the TCP payload among them, at each sample
 * @param ceMarked        packets CE-marked so far, at each sample
 * @param stats           all its counters at the end
 * @param earlyDropped    RED's early drops at the end
 * @param ectDropped      queue drops of ECN-capable packets at the end
 * @param ectAboveMaxDropped  of those, RED's drops at or above max ({@code above_max: drop})
 * @param measuredByEcnClass  an AQM's sojourn times, marks and drops of L4S-identified packets and
 *                            the rest over the measurement window (after the warm-up); null in real time
 */
public record LinkSeries(String name, long rateBitsPerSec, long[] queueBytes, long[] queuePackets, long[] offered,
                         long[] dropped,
                         long[] deliveredBytes, long[] deliveredWireBytes, long[] deliveredPayloadBytes, long[] ceMarked,
                         LinkStats stats, long earlyDropped, long ectDropped, long ectAboveMaxDropped,
                         EcnClassCounters.Snapshot measuredByEcnClass) {

    /** Bytes carried between samples {@code from} and {@code to} over what the rate could carry. */
    public double utilization(int from, int to, long sampleNanos) {
        if (rateBitsPerSec == 0 || to <= from) {
            return 0;
        }
        double seconds = (double) (to - from) * sampleNanos / 1e9;
        return (deliveredBytes[to] - deliveredBytes[from]) * 8 / (rateBitsPerSec * seconds);
    }

    /** Drops over packets offered, for the whole run. */
    public double dropRatio() {
        return stats.offeredPackets() == 0 ? 0 : (double) stats.queueDropped() / stats.offeredPackets();
    }
}
