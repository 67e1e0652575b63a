package io.tcplab.tools.cccheck;

import io.tcplab.stack.conn.ConnectionOptions;
import io.tcplab.tools.link.Limit;
import io.tcplab.tools.link.LinkParams;
import java.util.List;

/**
 * BBR v1 on 100 Mbit/s, 40 ms, a 10-BDP drop-tail buffer: one flow for 12 s, measured from
 * 2 s (after STARTUP and DRAIN). Model (Cardwell et al. 2016; tcp_bbr.c): PROBE_BW paces at
 * BtlBw·0.99 with gains [1.25, 0.75, 1×6], so the link stays busy (utilization ≥ 95%, as Linux
 * measurements report); cwnd = 2·BDP caps what can queue at one BDP, so the queueing delay is at
 * most (cwnd_gain − 1)·RTprop = 40 ms, whatever the buffer (10 BDP = 400 ms). The 1.25 phase
 * itself queues only 0.25·BDP (10 ms) for one RTT in eight.
 */
final class BbrPathCheck {
    private static final long MS = 1_000_000L;
    static final long RATE = 100_000_000L;
    static final long RTT = 40 * MS;

    private BbrPathCheck() {
    }

    static List<CheckRow> run() {
        long bdp = RATE / 8 * RTT / 1_000_000_000L;
        LinkParams forward = LinkParams.of().setRateBitsPerSec(RATE).setDelayNanos(RTT / 2)
                .setQueueLimit(Limit.bytes(10 * bdp));
        LinkParams reverse = LinkParams.of().setDelayNanos(RTT / 2).setQueueLimit(Limit.NONE);
        ConnectionOptions options = ConnectionOptions.builder().congestionControl("bbr")
                .sendBufferBytes(16 << 20).receiveBufferBytes(16 << 20).build();
        FlowBench bench = new FlowBench(1, forward, reverse, options, i -> null);
        long from = 2000 * MS;
        long to = 12_000 * MS;
        QueueSampler queue = new QueueSampler(bench, from, to, MS);
        bench.runUntil(to);
        double utilization = queue.sentBytes() * 8.0 / (RATE * ((to - from) / 1e9));
        double medianDelayMs = queue.medianBytes() * 8.0 / RATE * 1000;
        long drops = bench.bottleneck().counters().queueDropped();
        return List.of(
                new CheckRow("bbr", "utilization 100Mbit/s 40ms", 0.95, utilization, 0,
                        "at least 95% of the link (pacing 0.99 BtlBw); " + drops + " drops", CheckRow.Rule.AT_LEAST),
                new CheckRow("bbr", "median queue delay (ms)", 40, medianDelayMs, 0,
                        "at most (cwnd_gain-1)*RTprop; buffer 10 BDP = 400 ms", CheckRow.Rule.AT_MOST));
    }
}
