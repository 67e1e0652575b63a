package io.tcplab.tools.cccheck;

import io.tcplab.stack.trace.TraceEvent;
import io.tcplab.stack.trace.TraceListener;
import io.tcplab.stack.trace.TraceRecord;

/**
 * The sender's time-averaged congestion window in segments, from the {@code skip}+1-th
 * congestion episode on, so that slow start and the first (slow-start overshoot) cycle are left
 * out: the response functions describe congestion avoidance only. Also counts timeouts, which
 * the formulas do not model.
 */
final class MeanWindow implements TraceListener {
    private final int mss;
    private final int skip;
    private int episodes;
    private long lastTime = -1;
    private long lastCwnd;
    private double area;
    private long span;
    int timeouts;

    MeanWindow(int mss, int skip) {
        this.mss = mss;
        this.skip = skip;
    }

    @Override
    public void onTrace(TraceRecord r) {
        if (lastTime >= 0 && episodes > skip) {
            area += (double) lastCwnd * (r.nowNanos - lastTime);
            span += r.nowNanos - lastTime;
        }
        lastTime = r.nowNanos;
        lastCwnd = r.cwnd;
        if (r.event == TraceEvent.RECOVERY_ENTER) {
            episodes++;
        } else if (r.event == TraceEvent.RTO) {
            timeouts++;
        }
    }

    /** Segments; NaN when fewer than skip+1 episodes happened. */
    double mean() {
        return span == 0 ? Double.NaN : area / span / mss;
    }

    int episodes() {
        return episodes;
    }
}
