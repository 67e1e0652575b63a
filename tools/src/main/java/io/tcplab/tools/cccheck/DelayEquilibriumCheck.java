package io.tcplab.tools.cccheck;

import io.tcplab.stack.conn.ConnectionOptions;
import io.tcplab.tools.link.Limit;
import io.tcplab.tools.link.LinkParams;
import java.util.Locale;

/**
 * Delay-based equilibrium (REFERENCE.md §2, §1.9, §1.10): N flows of one algorithm, started
 * together, through one bottleneck (20 Mbit/s, 20 ms, a buffer that never overflows) keep a
 * queue of their own packets: FAST's fixed point w(1 − baseRTT/RTT) = α leaves α per flow (FAST
 * uses the mean RTT, so the time-averaged queue is compared), Vegas holds diff between α = 2 and
 * β = 4 (Vegas uses each round's smallest RTT, so the smallest queue of each 20 ms is compared).
 * The queue is sampled every millisecond over the last 10 s of a 20 s run and divided by N.
 *
 * <p>Both models assume baseRTT is the empty path's. N flows that each open with a burst of 10
 * segments queue 10·N packets before any of them has measured the empty path, and keep the
 * too-large baseRTT for good (the known baseRTT error of Vegas and FAST). The flows here open
 * with 2 segments and pace, as the models' fluid flows do.
 */
final class DelayEquilibriumCheck {
    private static final long MS = 1_000_000L;
    private static final long RATE = 20_000_000L;
    private static final long RTT = 20 * MS;
    private static final long END = 20_000 * MS;

    private DelayEquilibriumCheck() {
    }

    private static QueueSampler run(String spec, int flows) {
        LinkParams forward = LinkParams.of().setRateBitsPerSec(RATE).setDelayNanos(RTT / 2)
                .setQueueLimit(Limit.packets(2000));
        LinkParams reverse = LinkParams.of().setDelayNanos(RTT / 2).setQueueLimit(Limit.NONE);
        ConnectionOptions options = ConnectionOptions.builder().congestionControl(spec)
                .sendBufferBytes(4 << 20).receiveBufferBytes(4 << 20).initialWindowSegments(2).pacing(true).build();
        FlowBench bench = new FlowBench(flows, forward, reverse, options, i -> null);
        QueueSampler queue = new QueueSampler(bench, END / 2, END, MS);
        bench.runUntil(END);
        return queue;
    }

    /** Mean bottleneck queue per flow, in packets. */
    static double meanQueuePerFlow(String spec, int flows) {
        return run(spec, flows).meanPackets() / flows;
    }

    private static String name(int flows) {
        return String.format(Locale.ROOT, "queue per flow, %d flow%s", flows, flows == 1 ? "" : "s");
    }

    /** FAST: α packets per flow, within 10% (the fixed point is exact; deterministic run). */
    static CheckRow fast(int flows, double alpha) {
        double q = meanQueuePerFlow(String.format(Locale.ROOT, "fast:alpha=%.0f", alpha), flows);
        return new CheckRow("fast", name(flows), alpha, q, CcChecks.DETERMINISTIC,
                "mean queue = alpha per flow (ToN 2006 equilibrium)");
    }

    /** Vegas: between α = 2 and β = 4 per flow, i.e. 3 ± 1: the tolerance is that band (33%). */
    static CheckRow vegas(int flows) {
        double q = run("vegas", flows).meanOfMinimaPackets((int) (RTT / MS)) / flows;
        return new CheckRow("vegas", name(flows), 3, q, 1.0 / 3,
                "per-RTT smallest queue in [alpha=2, beta=4] (tcp_vegas.c)");
    }
}
