package io.tcplab.tools.experiment;

import java.util.List;

/**
 * One run of seed 001's experiment in one configuration ({@code ecn} as the scenario file has it,
 * or {@code non-ecn}: every flow with ECN off).
 *
 * @param groups         each group's aggregate goodput and counts, in the file's order
 * @param aggregateMbps  all the groups together
 * @param queues         each RED queue that marks (ECN on): what it marked and dropped, by reason
 * @param ecnPathLosses  what could have cost an ECN-capable packet anywhere in the network: every
 *                       link's queue drops of ECN-capable packets, plus all its random and periodic
 *                       losses and corruptions (those do not look at the codepoint)
 */
public record EcnResult(String configuration, long seed, double durationSeconds, double warmupSeconds,
                        List<GroupRate> groups, double aggregateMbps, List<QueueCounts> queues, long ecnPathLosses,
                        double wallSeconds) implements CellResult {

    /**
     * @param flows  how many flows it has
     * @param label  e.g. "10 ECN and SACK streams", from the group's flows
     * @param path   the routers it crosses, e.g. "r0->r2"
     * @param ecn    whether its flows are ECN-capable
     * @param counts its flows' counters, summed over them (the RTT a mean)
     */
    public record GroupRate(String group, int flows, String label, String path, double mbps, boolean ecn,
                            GroupCounts counts) {
    }

    /**
     * Over a group's flows, for the whole run.
     *
     * @param ceReceived        packets that reached the group's receivers marked CE
     * @param retransmissions   segments the senders retransmitted (tail loss probes that resent one included)
     * @param tlpProbes         tail loss probes sent (RFC 8985 §7.3)
     * @param rtos              retransmission timeouts
     * @param srttMs            the senders' smoothed RTT at the end of the run, mean over the flows
     */
    public record GroupCounts(long ceReceived, long retransmissions, long tlpProbes, long rtos, double srttMs) {
    }

    /**
     * One marking RED queue over the whole run.
     *
     * @param aboveMax            {@code mark} or {@code drop}: its treatment of ECN-capable packets at or above max
     * @param maxP                its mark (or drop) probability at max, RED's max_p
     * @param ceMarked            packets it marked CE (or left CE where it would have marked)
     * @param redDropped          RED's drops: packets not ECN-capable it picked, and with {@code drop}
     *                            ECN-capable ones picked at or above max
     * @param tailDropped         drops at the drop-tail limit
     * @param ectDropped          of all its drops, those of ECN-capable packets
     * @param ectAboveMaxDropped  of those, RED's at or above max
     */
    public record QueueCounts(String link, String aboveMax, double maxP, long ceMarked, long redDropped, long tailDropped,
                              long ectDropped, long ectAboveMaxDropped) {
    }

    @Override
    public String cell() {
        return configuration;
    }

    /** The marking queues' max_p, or NaN when they have none or differ (a hand-made file). */
    public double maxP() {
        double[] values = queues.stream().mapToDouble(QueueCounts::maxP).distinct().toArray();
        return values.length == 1 ? values[0] : Double.NaN;
    }

    /**
     * The ECN groups that repaired what was never lost: with nothing on the way that could cost an
     * ECN-capable packet ({@link #ecnPathLosses} 0), an ECN flow answers marks by reducing its
     * window (RFC 3168 §6.1.2) and has nothing to retransmit beyond its tail loss probes and no
     * RTO to take. Empty when there were losses, or no such repair.
     */
    public List<GroupRate> repairsWithoutLoss() {
        if (ecnPathLosses != 0) {
            return List.of();
        }
        return groups.stream().filter(g -> g.ecn() && (g.counts().retransmissions() > g.counts().tlpProbes()
                || g.counts().rtos() > 0)).toList();
    }
}
