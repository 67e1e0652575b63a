package io.tcplab.tools.cccheck;

import io.tcplab.stack.conn.ConnectionOptions;
import io.tcplab.tools.link.Limit;
import io.tcplab.tools.link.LinkParams;
import java.util.List;
import java.util.Locale;

/**
 * BBRv3 against the goals draft-ietf-ccwg-bbr-06 states for it, on a 100 Mbit/s, 40 ms
 * bottleneck (BDP 500 kB) for 12 s, measured from 2 s:
 * <ul>
 *   <li>full throughput (§3.1): on a clean path with a 10-BDP buffer, at least 95% of the link;
 *   <li>low queue pressure (§3.2): queued data (in flight − BDP) at most 1.5 × BDP; the row takes
 *       the 95th percentile of the queue sampled every millisecond;
 *   <li>throughput under random loss below loss_thresh (§3.1: "average packet loss rates of up
 *       to 1%"): in CRUISE each lossy round lowers bw by about the loss rate p and REFILL/UP
 *       restore it, at most 63 rounds later (§5.3.3.8.3), so a cycle's mean is at least
 *       (1 − (1 − p)^63)/(63p): 0.746 at p = 1%;
 *   <li>the loss bound (§3.2: a per-round loss rate of at most loss_thresh = 2%, the average
 *       "considerably lower"): two flows in a 0.1-BDP buffer drop at most 2% of what they offer.
 * </ul>
 * Each row can fail: PathChecksTest shows CUBIC over the queue bound, Reno under the loss
 * model, BBR v1 over the 2% drop rate and bbr3 with a ProbeRTT every 200 ms under 95%.
 */
final class Bbr3PathCheck {
    private static final long MS = 1_000_000L;
    static final long RATE = 100_000_000L;
    static final long RTT = 40 * MS;
    static final long BDP = RATE / 8 * RTT / 1_000_000_000L;
    static final long FROM = 2000 * MS;
    static final long TO = 12_000 * MS;

    /** What one run measured. */
    record Measured(double utilization, double medianQueueBdp, double p95QueueBdp, double queueDropRate) {
    }

    static final double RANDOM_LOSS = 0.01;
    static final int MAX_CRUISE_ROUNDS = 63;

    private Bbr3PathCheck() {
    }

    /** The lower bound on utilization under random loss {@code p} over a cycle of {@code rounds} rounds. */
    static double cruiseDecayMean(double p, int rounds) {
        return (1 - Math.pow(1 - p, rounds)) / (rounds * p);
    }

    static List<CheckRow> run() {
        Measured clean = run("bbr3", 1, 10, 0);
        return List.of(utilizationRow("bbr3", clean), queueRow("bbr3", clean),
                lossyUtilizationRow("bbr3", run("bbr3", 1, 10, RANDOM_LOSS)),
                dropRateRow("bbr3", run("bbr3", 2, 0.1, 0)));
    }

    /** On the clean path: full throughput (§3.1). */
    static CheckRow utilizationRow(String algorithm, Measured clean) {
        return new CheckRow(algorithm, "utilization 100Mbit/s 40ms", 0.95, clean.utilization(), 0,
                "full throughput (draft §3.1); pacing 0.99 bw", CheckRow.Rule.AT_LEAST);
    }

    /** On the clean path: the queue objective (§3.2). */
    static CheckRow queueRow(String algorithm, Measured clean) {
        return new CheckRow(algorithm, "95th pct queue (BDP)", 1.5, clean.p95QueueBdp(), 0,
                String.format(Locale.ROOT, "queue objective <= 1.5 BDP (draft §3.2); median %.3f BDP",
                        clean.medianQueueBdp()), CheckRow.Rule.AT_MOST);
    }

    /** With 1% random loss: at least the mean of the CRUISE decay over 63 rounds. */
    static CheckRow lossyUtilizationRow(String algorithm, Measured lossy) {
        return new CheckRow(algorithm, "utilization, 1% random loss", cruiseDecayMean(RANDOM_LOSS, MAX_CRUISE_ROUNDS),
                lossy.utilization(), 0, "CRUISE loses p per lossy round, REFILL restores within 63 rounds "
                + "(draft §5.3.3.8.3)", CheckRow.Rule.AT_LEAST);
    }

    /** Two flows in a 0.1-BDP buffer: drops at most loss_thresh (§3.2). */
    static CheckRow dropRateRow(String algorithm, Measured shallow) {
        return new CheckRow(algorithm, "drop rate, 2 flows, 0.1-BDP buffer", 0.02, shallow.queueDropRate(), 0,
                String.format(Locale.ROOT, "loss_thresh 2%% (draft §3.2); utilization %.3f", shallow.utilization()),
                CheckRow.Rule.AT_MOST);
    }

    /**
     * {@code flows} flows of {@code algorithm} over a buffer of {@code bufferBdp} BDPs with random
     * loss {@code loss} on the bottleneck.
     */
    static Measured run(String algorithm, int flows, double bufferBdp, double loss) {
        LinkParams forward = LinkParams.of().setRateBitsPerSec(RATE).setDelayNanos(RTT / 2)
                .setQueueLimit(Limit.bytes((long) (bufferBdp * BDP))).setLossProbability(loss);
        LinkParams reverse = LinkParams.of().setDelayNanos(RTT / 2).setQueueLimit(Limit.NONE);
        ConnectionOptions options = ConnectionOptions.builder().congestionControl(algorithm)
                .sendBufferBytes(16 << 20).receiveBufferBytes(16 << 20).build();
        FlowBench bench = new FlowBench(flows, forward, reverse, options, i -> null);
        QueueSampler queue = new QueueSampler(bench, FROM, TO, MS);
        long[] offered = new long[2];
        long[] dropped = new long[2];
        bench.network().at(FROM, () -> {
            offered[0] = bench.bottleneck().counters().offeredPackets();
            dropped[0] = bench.bottleneck().counters().queueDropped();
        });
        bench.network().at(TO, () -> {
            offered[1] = bench.bottleneck().counters().offeredPackets();
            dropped[1] = bench.bottleneck().counters().queueDropped();
        });
        bench.runUntil(TO);
        double utilization = queue.sentBytes() * 8.0 / (RATE * ((TO - FROM) / 1e9));
        return new Measured(utilization, queue.medianBytes() / BDP, queue.quantileBytes(0.95) / BDP,
                (double) (dropped[1] - dropped[0]) / (offered[1] - offered[0]));
    }
}
