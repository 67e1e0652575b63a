package io.tcplab.tools.cccheck;

import io.tcplab.stack.conn.ConnectionOptions;
import io.tcplab.stack.trace.TraceEvent;
import io.tcplab.tools.link.Limit;
import io.tcplab.tools.link.LinkParams;

/**
 * One flow, one congestion event: a path without a standing queue drops every
 * {@code lossEvery}-th packet until the sender enters recovery the first time, then nothing
 * more. Slow start ends with that loss at a window of about {@code lossEvery} segments; what
 * follows is the algorithm's window after one loss, free of further events. The link's rate is
 * set so that the largest window of the run ({@code peak}) fills 80% of the RTT: it never builds
 * a standing queue, but it spreads each window's packets, and so the ACKs, over most of the RTT.
 * (An unlimited link keeps slow start's bursts: every window's ACKs arrive as one clump per RTT
 * and the window moves in steps.)
 */
final class OneLoss {
    static final int MSS = 1000;
    static final long RTT = 100_000_000L; // 100 ms: CUBIC's cubic region, H-TCP's RTT scaling = 1
    private static final int WIRE_BYTES = MSS + 100; // a segment with its headers, rounded up

    private OneLoss() {
    }

    /**
     * Runs {@code spec} until {@code afterNanos} past the end of the first recovery (or
     * {@code limitNanos} of virtual time) and returns the sender's window trace.
     */
    static CwndTrace run(String spec, int lossEvery, int peak, long afterNanos, long limitNanos) {
        return run(spec, RTT, lossEvery, peak, afterNanos, limitNanos);
    }

    /** The same on a path of round-trip time {@code rttNanos}. */
    static CwndTrace run(String spec, long rttNanos, int lossEvery, int peak, long afterNanos, long limitNanos) {
        long rate = (long) (peak * WIRE_BYTES * 8 / (0.8 * rttNanos / 1e9));
        LinkParams forward = LinkParams.of().setRateBitsPerSec(rate).setDelayNanos(rttNanos / 2)
                .setQueueLimit(Limit.NONE).setLossEvery(lossEvery);
        LinkParams reverse = LinkParams.of().setDelayNanos(rttNanos / 2).setQueueLimit(Limit.NONE);
        ConnectionOptions options = ConnectionOptions.builder().congestionControl(spec).mss(MSS + 40)
                .sendBufferBytes(16 << 20).receiveBufferBytes(16 << 20).build();
        CwndTrace trace = new CwndTrace(MSS);
        FlowBench[] bench = new FlowBench[1];
        bench[0] = new FlowBench(1, forward, reverse, options, i -> r -> {
            if (r.event == TraceEvent.RECOVERY_ENTER) {
                bench[0].bottleneck().params().setLossEvery(0); // one congestion event only
            }
            trace.onTrace(r);
        });
        long step = 100_000_000L;
        for (long t = step; t <= limitNanos; t += step) {
            bench[0].runUntil(t);
            if (trace.exitTime(0) >= 0 && t >= trace.exitTime(0) + afterNanos) {
                break;
            }
        }
        return trace;
    }
}
