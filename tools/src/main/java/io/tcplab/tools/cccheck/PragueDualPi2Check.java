package io.tcplab.tools.cccheck;

import io.tcplab.stack.conn.ConnectionOptions;
import io.tcplab.stack.conn.EcnMode;
import io.tcplab.tools.link.EcnClassCounters;
import io.tcplab.tools.link.Limit;
import io.tcplab.tools.link.LinkParams;
import io.tcplab.tools.link.aqm.AqmSpec;
import java.util.List;
import java.util.Locale;

/**
 * TCP Prague under DualPI2 (RFC 9332, the link's defaults: Linux sch_dualpi2's). Beside a CUBIC
 * flow (no ECN), which holds PI2's base probability p' where the classic queue meets its 15 ms
 * target, the L4S queue marks Prague's packets with the coupled p_CL = k·p' (§2.1), drawn packet
 * by packet, besides the native step at 1 ms of sojourn (§2.4). RTT 30 ms, above Prague's 25 ms
 * RTT-independence target, so a round trip is the model's round; 40 and 120 Mbit/s, the L4S team's
 * rates (L4STeam/l4sdemo experiments/start_experiments.sh); measured from 10 s to 30 s.
 * <ul>
 * <li>CE marks on Prague's packets per round trip (the round trip the base RTT plus the L queue's
 *     median sojourn): marks drawn independently make the wait for the next one after CWR a whole
 *     mean gap, 1/m RTT, so m/2 = 1 + 1/m and m = 1 + √3 = 2.73 (docs/cc-prague.md); the same at
 *     both rates (RFC 9332 §1.2's scalable property);</li>
 * <li>the L queue's 99th-percentile sojourn at most the step threshold, 1 ms, and two packet
 *     times: past the step every L packet is marked, and a flow that answers as DCTCP does peaks
 *     at K + N packets, N = 1 flow here (SIGCOMM 2010 §3.3), the sojourn counting the packet on
 *     the wire as well;</li>
 * <li>alone at 120 Mbit/s, where nothing else fills the link, utilization at least 95 % with that
 *     same L queue: full throughput at low delay, L4S's point (RFC 9330 §1).</li>
 * </ul>
 */
final class PragueDualPi2Check {
    private static final long MS = 1_000_000L;
    static final long RTT = 30 * MS;
    static final long FROM = 10_000 * MS;
    static final long TO = 30_000 * MS;
    /** The step threshold of the L queue (Linux sch_dualpi2's default, as the link's). */
    static final double STEP_MS = 1;
    static final double MARKS_PER_RTT = 1 + Math.sqrt(3);
    static final String DUALPI2 = "dualpi2";

    /** What one run measured; the L queue's sojourns in ms. */
    record Measured(long rateBitsPerSec, boolean withClassic, double marksPerRtt, double l4sP50Ms, double l4sP99Ms,
                    double utilization, double l4sOverClassic) {
    }

    private PragueDualPi2Check() {
    }

    static List<CheckRow> run() {
        Measured slow = run("prague", 40_000_000L, DUALPI2, true);
        Measured fast = run("prague", 120_000_000L, DUALPI2, true);
        Measured alone = run("prague", 120_000_000L, DUALPI2, false);
        return List.of(marksRow("prague", slow), marksRow("prague", fast), invarianceRow("prague", slow, fast),
                queueRow("prague", slow), queueRow("prague", fast), queueRow("prague", alone),
                utilizationRow("prague", alone));
    }

    static CheckRow marksRow(String algorithm, Measured m) {
        return new CheckRow(algorithm, "CE marks per RTT, " + mbit(m) + ", DualPI2", MARKS_PER_RTT, m.marksPerRtt(),
                CcChecks.DETERMINISTIC, String.format(Locale.ROOT, "1+sqrt(3): coupled marks drawn per packet, a "
                        + "response per RTT of CWR; L4S/classic goodput %.2f", m.l4sOverClassic()));
    }

    static CheckRow invarianceRow(String algorithm, Measured slow, Measured fast) {
        return new CheckRow(algorithm, "marks per RTT, DualPI2, " + mbit(fast) + " / " + mbit(slow), 1,
                fast.marksPerRtt() / slow.marksPerRtt(), 0.15, "scalable: invariant as the rate scales (RFC 9332 §1.2)");
    }

    static CheckRow queueRow(String algorithm, Measured m) {
        double packetMs = 1500 * 8e3 / m.rateBitsPerSec();
        return new CheckRow(algorithm, "L queue p99 sojourn (ms), " + mbit(m) + (m.withClassic() ? "" : " alone"),
                STEP_MS + 2 * packetMs, m.l4sP99Ms(), 0, String.format(Locale.ROOT,
                        "at most the 1 ms step and 2 packets (K + N, N = 1, and the one sent); p50 %.3f ms",
                        m.l4sP50Ms()), CheckRow.Rule.AT_MOST);
    }

    static CheckRow utilizationRow(String algorithm, Measured m) {
        return new CheckRow(algorithm, "utilization, " + mbit(m) + " alone, DualPI2", 0.95, m.utilization(), 0,
                String.format(Locale.ROOT, "full throughput with the L queue's p99 at %.3f ms", m.l4sP99Ms()),
                CheckRow.Rule.AT_LEAST);
    }

    private static String mbit(Measured m) {
        return m.rateBitsPerSec() / 1_000_000 + "Mbit/s";
    }

    /**
     * One flow of {@code algorithm} (AccECN both ends) through {@code aqm} at {@code rate}, beside one
     * CUBIC flow (no ECN) when {@code withClassic}.
     */
    static Measured run(String algorithm, long rate, String aqm, boolean withClassic) {
        return run(ConnectionOptions.builder().congestionControl(algorithm), rate, aqm, withClassic);
    }

    /** The same with the tested flow's options (its algorithm set) as {@code tested} gives them. */
    static Measured run(ConnectionOptions.Builder tested, long rate, String aqm, boolean withClassic) {
        LinkParams forward = LinkParams.of().setRateBitsPerSec(rate).setDelayNanos(RTT / 2).setAqm(AqmSpec.parse(aqm));
        LinkParams reverse = LinkParams.of().setDelayNanos(RTT / 2).setQueueLimit(Limit.NONE);
        ConnectionOptions l4s = tested.ecnMode(EcnMode.ACCECN).sendBufferBytes(16 << 20).receiveBufferBytes(16 << 20)
                .build();
        ConnectionOptions classic = ConnectionOptions.builder().congestionControl("cubic")
                .sendBufferBytes(16 << 20).receiveBufferBytes(16 << 20).build();
        FlowBench bench = new FlowBench(withClassic ? 2 : 1, forward, reverse, i -> i == 0 ? l4s : classic,
                i -> i == 0 ? l4s : classic, i -> null);
        QueueSampler queue = new QueueSampler(bench, FROM, TO, MS);
        EcnClassCounters byClass = bench.bottleneck().counters().byEcnClass();
        long[] delivered = new long[4];
        bench.network().at(FROM, () -> {
            byClass.restart();
            delivered[0] = bench.delivered(0);
            delivered[1] = withClassic ? bench.delivered(1) : 0;
        });
        bench.network().at(TO, () -> {
            delivered[2] = bench.delivered(0);
            delivered[3] = withClassic ? bench.delivered(1) : 0;
        });
        bench.runUntil(TO);
        EcnClassCounters.Stats lQueue = byClass.snapshot().l4s();
        double seconds = (TO - FROM) / 1e9;
        double p50Ms = lQueue.p50Nanos() / 1e6;
        double rounds = seconds / (RTT / 1e9 + p50Ms / 1e3);
        return new Measured(rate, withClassic, lQueue.marked() / rounds, p50Ms, lQueue.p99Nanos() / 1e6,
                queue.sentBytes() * 8.0 / (rate * seconds),
                (double) (delivered[2] - delivered[0]) / (delivered[3] - delivered[1]));
    }
}
