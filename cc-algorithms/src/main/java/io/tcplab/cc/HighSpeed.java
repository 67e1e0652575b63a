package io.tcplab.cc;

import io.tcplab.stack.cc.AckSample;
import io.tcplab.stack.cc.CcParameters;
import io.tcplab.stack.cc.CongestionControl;
import io.tcplab.stack.cc.CongestionControlProvider;
import io.tcplab.stack.cc.CongestionSignal;
import io.tcplab.stack.cc.UndoCause;
import io.tcplab.stack.cc.WindowedCongestionControl;

/**
 * HighSpeed TCP, RFC 3649 §5 (response function w = 0.12/p^0.835; Low_Window 38, High_Window
 * 83000, High_Decrease 0.1), with a(w) and b(w) taken from Linux tcp_highspeed.c's
 * hstcp_aimd_vals table: row i (the first whose bound is ≥ cwnd) gives a = i + 1 segments per
 * RTT and b = md/256. Row 0 is standard TCP (a = 1, b = 0.5), so cwnd ≤ 38 behaves like Reno.
 * The increase counts acknowledged segments (RFC 3649's "per ACK" of one segment).
 */
public final class HighSpeed extends WindowedCongestionControl {
    /** Upper cwnd bound of each row (segments). */
    static final int[] BOUND = {38, 118, 221, 347, 495, 663, 851, 1058, 1284, 1529, 1793, 2076, 2378, 2699,
        3039, 3399, 3778, 4177, 4596, 5036, 5497, 5979, 6483, 7009, 7558, 8130, 8726, 9346, 9991, 10661, 11358,
        12082, 12834, 13614, 14424, 15265, 16137, 17042, 17981, 18955, 19965, 21013, 22101, 23230, 24402,
        25618, 26881, 28193, 29557, 30975, 32450, 33986, 35586, 37253, 38992, 40808, 42707, 44694, 46776,
        48961, 51258, 53677, 56230, 58932, 61799, 64851, 68113, 71617, 75401, 79517, 84035, 89053};
    /** Multiplicative decrease of each row, in 1/256. */
    static final int[] MD = {128, 112, 104, 98, 93, 89, 86, 83, 81, 78, 76, 74, 72, 71, 69, 68, 66, 65, 64,
        62, 61, 60, 59, 58, 57, 56, 55, 54, 53, 52, 52, 51, 50, 49, 48, 48, 47, 46, 45, 45, 44, 43, 43, 42, 41,
        41, 40, 39, 39, 38, 38, 37, 36, 36, 35, 35, 34, 33, 33, 32, 32, 31, 30, 30, 29, 28, 28, 27, 26, 26, 25, 24};

    private long count; // acknowledged bytes times a(w), towards the next +1 segment

    @Override
    public String name() {
        return "highspeed";
    }

    /** The table row for a window of {@code w} segments (the last row above 89053). */
    public static int row(long w) {
        int lo = 0;
        int hi = BOUND.length - 1;
        while (lo < hi) { // first row with w <= BOUND[row]
            int mid = (lo + hi) >>> 1;
            if (w <= BOUND[mid]) {
                hi = mid;
            } else {
                lo = mid + 1;
            }
        }
        return lo;
    }

    /** a(w): segments added per RTT. */
    public static int a(long w) {
        return row(w) + 1;
    }

    /** b(w): the fraction removed on loss. */
    public static double b(long w) {
        return MD[row(w)] / 256.0;
    }

    @Override
    protected void congestionAvoidance(AckSample sample, long ackedBytes) {
        // cwnd += a(w)/w per acknowledged segment (Linux: snd_cwnd_cnt += ai + 1; +1 at cwnd)
        count += ackedBytes * a(cwnd / mss);
        long perSegment = (cwnd / mss) * (long) mss;
        while (count >= perSegment) {
            count -= perSegment;
            cwnd += mss;
            perSegment = (cwnd / mss) * (long) mss;
        }
    }

    @Override
    protected long reducedSsthresh(CongestionSignal signal, long inflightBytes, long nowNanos) {
        long w = cwnd / mss;
        return (w - w * MD[row(w)] / 256) * mss; // Linux hstcp_ssthresh
    }

    /** Nothing private: a(w) and b(w) are functions of the window the base class restored. */
    @Override
    protected void undoPrivateState(UndoCause cause, long nowNanos) {
    }

    /** Registers {@code highspeed}. */
    public static final class Provider implements CongestionControlProvider {
        @Override
        public String name() {
            return "highspeed";
        }

        @Override
        public CongestionControl create(CcParameters p) {
            return new HighSpeed();
        }

        @Override
        public String source() {
            return "RFC 3649 §5; Linux tcp_highspeed.c hstcp_aimd_vals (72 rows, Low_Window 38)";
        }
    }
}
