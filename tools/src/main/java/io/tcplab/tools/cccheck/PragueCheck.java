package io.tcplab.tools.cccheck;

import io.tcplab.stack.conn.ConnectionOptions;
import io.tcplab.stack.conn.EcnMode;
import io.tcplab.tools.link.Limit;
import io.tcplab.tools.link.LinkCounters;
import io.tcplab.tools.link.LinkParams;
import io.tcplab.tools.link.RedParams;
import java.util.List;
import java.util.Locale;

/**
 * TCP Prague's marks per round trip under a second random marker, RED with ECN, as a check of the
 * model behind the DualPI2 rows ({@link PragueDualPi2Check}): RED spreads its picks evenly where
 * DualPI2's coupled marks are drawn independently, and the model says how much that changes the
 * number. One Prague flow over AccECN, RTT 30 ms (above the 25 ms RTT-independence target, so a
 * round trip is the round of the model), 50 Mbit/s, RED min 10, max 210 packets, max_p 0.1, whose
 * probability the flow drives to where its window and the marking balance; measured from 15 s to
 * 30 s, the round trip the base RTT plus the mean queueing delay (the queue sampled every ms).
 */
final class PragueCheck {
    private static final long MS = 1_000_000L;
    static final long RTT = 30 * MS;
    static final long FROM = 15_000 * MS;
    static final long TO = 30_000 * MS;

    /** What one run measured. */
    record Measured(long rateBitsPerSec, double marksPerRtt, double utilization, double meanQueueMs) {
    }

    private PragueCheck() {
    }

    static List<CheckRow> run() {
        Measured red = run("prague", 50_000_000L);
        return List.of(marksRow("prague", red), utilizationRow("prague", red));
    }

    /**
     * The marks per round trip of the model: a response (cwnd·α/2, α ≈ the marked fraction p, so
     * m/2 segments for m marks per RTT) once per cycle, a cycle being the round trip of CWR in which
     * marks get no response (RFC 3168 §6.1.2) plus the wait for the next mark, over which the
     * window grows a segment per RTT. RED spreads its picks evenly: with its count, the gap
     * between two is uniform on [1, 2/p] packets (Floyd &amp; Jacobson 1993 §7), so the wait
     * after CWR is the residual of such a gap, 2/3 of a mean gap, 2/(3m) RTT. Balance:
     * m/2 = 1 + 2/(3m), m = 1 + √(7/3) = 2.53.
     */
    static final double RED_MARKS_PER_RTT = 1 + Math.sqrt(7.0 / 3);

    static CheckRow marksRow(String algorithm, Measured m) {
        return new CheckRow(algorithm, "CE marks per RTT, " + mbit(m) + ", RED", RED_MARKS_PER_RTT, m.marksPerRtt(),
                CcChecks.DETERMINISTIC, String.format(Locale.ROOT,
                "1+sqrt(7/3): about 2 (RFC 9332 §1.2) with a response per RTT of CWR and the wait for a mark; "
                        + "queue %.2f ms", m.meanQueueMs()));
    }

    static CheckRow utilizationRow(String algorithm, Measured m) {
        return new CheckRow(algorithm, "utilization, " + mbit(m) + ", RED", 0.95, m.utilization(), 0,
                "full throughput under the marker", CheckRow.Rule.AT_LEAST);
    }

    private static String mbit(Measured m) {
        return m.rateBitsPerSec() / 1_000_000 + "Mbit/s";
    }

    /** One flow of {@code algorithm} (AccECN both ends) through RED at {@code rate}. */
    static Measured run(String algorithm, long rate) {
        RedParams red = new RedParams(Limit.packets(10), Limit.packets(210), 0.1, 0.002, true,
                RedParams.AboveMax.MARK, RedParams.DEFAULT_IDLE_PACKET_BYTES);
        LinkParams forward = LinkParams.of().setRateBitsPerSec(rate).setDelayNanos(RTT / 2)
                .setQueueLimit(Limit.packets(2000)).setRed(red);
        LinkParams reverse = LinkParams.of().setDelayNanos(RTT / 2).setQueueLimit(Limit.NONE);
        ConnectionOptions options = ConnectionOptions.builder().congestionControl(algorithm).ecnMode(EcnMode.ACCECN)
                .sendBufferBytes(16 << 20).receiveBufferBytes(16 << 20).build();
        FlowBench bench = new FlowBench(1, forward, reverse, options, i -> null);
        QueueSampler queue = new QueueSampler(bench, FROM, TO, MS);
        LinkCounters counters = bench.bottleneck().counters();
        long[] marks = new long[2];
        bench.network().at(FROM, () -> marks[0] = counters.ceMarked());
        bench.network().at(TO, () -> marks[1] = counters.ceMarked());
        bench.runUntil(TO);
        double seconds = (TO - FROM) / 1e9;
        double queueSeconds = queue.meanBytes() * 8 / rate;
        double rounds = seconds / (RTT / 1e9 + queueSeconds);
        return new Measured(rate, (marks[1] - marks[0]) / rounds, queue.sentBytes() * 8.0 / (rate * seconds),
                queueSeconds * 1000);
    }
}
