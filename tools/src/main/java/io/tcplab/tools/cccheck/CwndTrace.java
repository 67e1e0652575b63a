package io.tcplab.tools.cccheck;

import io.tcplab.stack.trace.TraceEvent;
import io.tcplab.stack.trace.TraceListener;
import io.tcplab.stack.trace.TraceRecord;
import java.util.Arrays;

/**
 * The sender's window over time, in segments: one point each time cwnd changes, with the
 * acknowledged bytes (SND.UNA) at that moment, and the times of each recovery's entry and exit
 * with the window just before the entry. Enough to read a window's shape after a loss.
 */
final class CwndTrace implements TraceListener {
    private final int mss;
    private long[] times = new long[1024];
    private double[] cwnd = new double[1024];
    private long[] acked = new long[1024];
    private int size;
    private long lastCwnd = -1;
    private long cwndBeforeReduction = -1;
    private long lastAcked;
    private long[] lossTimes = new long[16];
    private double[] cwndAtLoss = new double[16];
    private long[] exitTimes = new long[16];
    private int losses;
    private int exits;
    int timeouts;

    CwndTrace(int mss) {
        this.mss = mss;
    }

    @Override
    public void onTrace(TraceRecord r) {
        if (r.event == TraceEvent.RECOVERY_ENTER) {
            lossTimes = grow(lossTimes, losses);
            cwndAtLoss = grow(cwndAtLoss, losses);
            lossTimes[losses] = r.nowNanos;
            cwndAtLoss[losses++] = (double) (cwndBeforeReduction < 0 ? r.cwnd : cwndBeforeReduction) / mss;
        } else if (r.event == TraceEvent.RECOVERY_EXIT) {
            exitTimes = grow(exitTimes, exits);
            exitTimes[exits++] = r.nowNanos;
        } else if (r.event == TraceEvent.RTO) {
            timeouts++;
        }
        if (r.event != TraceEvent.CA_STATE && r.event != TraceEvent.RECOVERY_ENTER) {
            cwndBeforeReduction = r.cwnd; // the reduction shows first on the CA_STATE record
        }
        lastAcked = Math.max(lastAcked, r.sndUna);
        if (r.cwnd != lastCwnd) {
            lastCwnd = r.cwnd;
            times = grow(times, size);
            cwnd = grow(cwnd, size);
            acked = grow(acked, size);
            times[size] = r.nowNanos;
            cwnd[size] = (double) r.cwnd / mss;
            acked[size++] = lastAcked;
        }
    }

    int losses() {
        return losses;
    }

    /** When the {@code i}-th recovery began (0-based). */
    long lossTime(int i) {
        return lossTimes[i];
    }

    /** The window just before the {@code i}-th recovery, segments. */
    double cwndBeforeLoss(int i) {
        return cwndAtLoss[i];
    }

    /** When the {@code i}-th recovery ended, or -1. */
    long exitTime(int i) {
        return i < exits ? exitTimes[i] : -1;
    }

    /** The window in force at {@code t} (segments), or NaN before the first point. */
    double cwndAt(long t) {
        int i = indexAt(t);
        return i < 0 ? Double.NaN : cwnd[i];
    }

    /** Acknowledged segments by {@code t} (as of the last window change at or before it). */
    double ackedSegmentsAt(long t) {
        int i = indexAt(t);
        return i < 0 ? 0 : (double) acked[i] / mss;
    }

    /** The first time at or after {@code from} when the window reached {@code w} segments, or -1. */
    long firstTimeAtLeast(long from, double w) {
        for (int i = Math.max(0, indexAt(from)); i < size; i++) {
            if (cwnd[i] >= w && times[i] >= from) {
                return times[i];
            }
        }
        return -1;
    }

    int points() {
        return size;
    }

    long time(int i) {
        return times[i];
    }

    double cwnd(int i) {
        return cwnd[i];
    }

    private int indexAt(long t) {
        int i = Arrays.binarySearch(times, 0, size, t);
        if (i < 0) {
            i = -i - 2;
        } else {
            while (i + 1 < size && times[i + 1] == t) {
                i++;
            }
        }
        return i;
    }

    private static long[] grow(long[] a, int n) {
        return n < a.length ? a : Arrays.copyOf(a, a.length * 2);
    }

    private static double[] grow(double[] a, int n) {
        return n < a.length ? a : Arrays.copyOf(a, a.length * 2);
    }
}
