package io.tcplab.tools.cccheck;

import io.tcplab.cc.Dctcp;
import io.tcplab.stack.cc.CongestionControl;
import io.tcplab.stack.cc.CongestionControls;
import io.tcplab.stack.conn.ConnectionOptions;
import io.tcplab.tools.link.Limit;
import io.tcplab.tools.link.LinkCounters;
import io.tcplab.tools.link.LinkParams;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * DCTCP against the steady-state analysis of its paper (Alizadeh et al., "Data Center TCP
 * (DCTCP)", SIGCOMM 2010, §3.3): N flows with one RTT through a bottleneck of capacity C whose
 * queue marks CE on arrival above K packets. Each window saws between (W*+1)(1−α/2) and W*+1,
 * with the critical window W* = (C·RTT + K)/N; the fraction of marked packets then solves
 * α²(1 − α/4) = (2W*+1)/(W*+1)² ≈ 2/W*, so α ≈ √(2/W*); the queue peaks at
 * Q_max = N(W*+1) − C·RTT = K + N and swings by A = N(W*+1)α/2 ≈ ½·√(2N(C·RTT + K)).
 *
 * <p>The path: 1 Gbit/s, 1 ms base RTT, so C·RTT = 83⅓ packets of 1500 bytes (1448 of payload
 * with timestamps), K = 20 packets, a buffer that never overflows; the flows start together. The
 * model's window grows one packet per RTT on an ACK per packet, so the receivers of the check
 * acknowledge every segment (no delayed ACK); with delayed ACKs each ACK releases two packets at
 * once and α comes out lower (docs/cc-loss-based.md). Measured from 0.5 s to 3 s: α is each sender's own estimate (sampled every RTT, averaged over
 * time and flows), the marked fraction is CE marks per packet at the queue, and the queue, sampled
 * every 4 µs (a third of a packet time), gives its peak and swing as the mean of the largest and
 * of the largest less the smallest sample in each 10-RTT window, longer than the model's sawtooth
 * period of (W*+1)α/2 RTTs (5 to 7 here).
 */
final class DctcpCheck {
    private static final long MS = 1_000_000L;
    private static final long RATE = 1_000_000_000L;
    private static final long RTT = MS;
    private static final int PACKET = 1500;
    /** C·RTT in packets. */
    static final double PIPE = RATE / 8.0 * RTT / 1e9 / PACKET;
    static final int K = 20;
    private static final long FROM = 500 * MS;
    private static final long TO = 3000 * MS;
    private static final long SAMPLE = 4_000;
    private static final int WINDOW_SAMPLES = (int) (10 * RTT / SAMPLE);
    /**
     * α against the marked fraction it estimates: with exact echo the two differ only by the
     * EWMA's lag and by weighting windows rather than packets, well under 5%.
     */
    static final double EXACT_ECHO = 0.05;

    /** What one run measured; α and the marked fraction as fractions, the queue in packets. */
    record Measured(double alpha, double markedFraction, double queueMax, double amplitude) {
    }

    private DctcpCheck() {
    }

    /** W* = (C·RTT + K)/N. */
    static double criticalWindow(int flows) {
        return (PIPE + K) / flows;
    }

    /**
     * Runs {@code flows} DCTCP senders whose receivers use {@code receiverOptions} (their own
     * algorithm and CE echo), and measures them.
     */
    static Measured run(int flows, ConnectionOptions receiverOptions) {
        List<Dctcp> senders = new ArrayList<>();
        ConnectionOptions options = ConnectionOptions.builder().congestionControl(() -> {
            CongestionControl cc = CongestionControls.create("dctcp");
            senders.add((Dctcp) cc);
            return cc;
        }).sendBufferBytes(4 << 20).receiveBufferBytes(4 << 20).build();
        senders.clear(); // the builder made one to learn its name
        LinkParams forward = LinkParams.of().setRateBitsPerSec(RATE).setDelayNanos(RTT / 2)
                .setQueueLimit(Limit.packets(2000)).setEcnThreshold(Limit.packets(K));
        LinkParams reverse = LinkParams.of().setDelayNanos(RTT / 2).setQueueLimit(Limit.NONE);
        FlowBench bench = new FlowBench(flows, forward, reverse, options, receiverOptions, i -> null);
        QueueSampler queue = new QueueSampler(bench, FROM, TO, SAMPLE);
        double[] alphaSum = new double[1];
        int[] alphaSamples = new int[1];
        bench.every(FROM, TO, RTT, () -> {
            for (Dctcp d : senders) {
                alphaSum[0] += d.alpha();
                alphaSamples[0]++;
            }
        });
        LinkCounters counters = bench.bottleneck().counters();
        long[] atFrom = new long[2];
        bench.network().at(FROM, () -> {
            atFrom[0] = counters.ceMarked();
            atFrom[1] = counters.offeredPackets();
        });
        bench.runUntil(TO);
        double marked = (double) (counters.ceMarked() - atFrom[0]) / (counters.offeredPackets() - atFrom[1]);
        return new Measured(alphaSum[0] / alphaSamples[0], marked, queue.meanOfMaximaPackets(WINDOW_SAMPLES),
                queue.meanRangePackets(WINDOW_SAMPLES));
    }

    /**
     * The rows of {@code tcplab cc check dctcp} for N flows, both ends DCTCP (exact echo agreed),
     * the receivers acknowledging every segment as the model does.
     */
    static List<CheckRow> rows(int flows) {
        Measured m = run(flows, ConnectionOptions.builder().congestionControl("dctcp").delayedAck(false).build());
        double w = criticalWindow(flows);
        String n = String.format(Locale.ROOT, "%d flow%s", flows, flows == 1 ? "" : "s");
        return List.of(
                new CheckRow("dctcp", "alpha, " + n, Math.sqrt(2 / w), m.alpha(), CcChecks.DETERMINISTIC,
                        String.format(Locale.ROOT, "sqrt(2/W*), W* = (C*RTT+K)/N = %.1f, K = %d", w, K)),
                new CheckRow("dctcp", "alpha = CE fraction, " + n, m.markedFraction(), m.alpha(), EXACT_ECHO,
                        "model: CE marks per packet at the queue (exact echo)"),
                new CheckRow("dctcp", "queue peak (pkts), " + n, K + flows, m.queueMax(), CcChecks.DETERMINISTIC,
                        "K + N"),
                new CheckRow("dctcp", "queue swing (pkts), " + n, 0.5 * Math.sqrt(2 * flows * (PIPE + K)),
                        m.amplitude(), CcChecks.DETERMINISTIC, "A = 1/2 sqrt(2N(C*RTT+K))"));
    }
}
