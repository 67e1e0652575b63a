package io.tcplab.tools.experiment;

import java.util.List;

/**
 * One L4S coexistence cell in one run: L4S and classic flows sharing a bottleneck under one AQM.
 *
 * @param aqm              the bottleneck's queue discipline as {@code --aqm} writes it (its name and settings)
 * @param seed             the run's seed
 * @param durationSeconds  the run's length; {@code warmupSeconds} of it left out of every number
 * @param flows            each flow's goodput over the measured part
 * @param l4sOverClassic   the L4S flows' goodput over the classic flows' (NaN without one of each)
 * @param utilization      the bottleneck's utilization, every IP byte it carried
 * @param l4sQueue         the L4S-identified packets' queue (DualPI2's L queue)
 * @param classicQueue     the other packets' (DualPI2's C queue)
 * @param binSeconds       the bin of the flows' goodput series
 * @param wallSeconds      what the run cost
 */
public record L4sResult(String aqm, long seed, double durationSeconds, double warmupSeconds, List<Flow> flows,
                        double l4sOverClassic, double utilization, Queue l4sQueue, Queue classicQueue,
                        double binSeconds, double wallSeconds) implements CellResult {

    /**
     * One flow: its name and algorithm, whether its data was L4S (it arrived ECT(1) or CE), its
     * goodput in Mbit/s over the measured part and per bin (for plots), and its retransmitted
     * segments over the whole run.
     */
    public record Flow(String name, String cc, boolean l4s, double mbps, long retransmissions, double[] binnedMbps) {
    }

    /**
     * One class of packets at the bottleneck over the measured part: how many left the queue,
     * their sojourn median, 99th percentile and maximum in ms, the CE marks and drops they got,
     * and the sojourn quantiles k/n, k = 1..n, in ms (a CDF's points).
     */
    public record Queue(long packets, double p50Ms, double p99Ms, double maxMs, long marked, long dropped,
                        double[] quantilesMs) {
    }

    @Override
    public String cell() {
        return L4sExperiment.label(aqm);
    }
}
