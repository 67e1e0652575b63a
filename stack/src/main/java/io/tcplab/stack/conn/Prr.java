package io.tcplab.stack.conn;

/**
 * Proportional Rate Reduction (RFC 6937 §3) for the sending allowance during fast recovery: spread
 * the window reduction over the recovery round in proportion to delivered data, and when pipe falls
 * below ssthresh grow back within the bound {@link PrrBound} names (RFC 6937's slow-start
 * reduction bound, or Linux's). The congestion controller still owns cwnd and ssthresh; this only
 * says how much may be sent in answer to each ACK while recovering.
 */
final class Prr {
    private final PrrBound bound;
    /** RecoverFS: FlightSize when recovery began (RFC 6937), or cwnd then (Linux's prior_cwnd). */
    private long recoverFs;
    /** Bytes delivered to the receiver since recovery began (prr_delivered). */
    private long delivered;
    /** Bytes sent since recovery began (prr_out). */
    private long out;

    Prr(PrrBound bound) {
        this.bound = bound;
    }

    void start(long flightSize, long cwnd) {
        recoverFs = Math.max(1, bound == PrrBound.LINUX ? cwnd : flightSize);
        delivered = 0;
        out = 0;
    }

    /** Whether the fast retransmit waits for the first ACK's quota instead of leaving on entry. */
    boolean fastRetransmitInQuota() {
        return bound == PrrBound.LINUX;
    }

    void onSent(long bytes) {
        out += bytes;
    }

    /**
     * RFC 6937 §3 for one ACK that delivered {@code deliveredData} bytes: returns the window to send
     * against now, pipe + sndcnt. {@code advancedWithoutLoss}: the ACK moved SND.UNA and marked
     * nothing newly lost (Linux's condition for the extra segment).
     */
    long window(long deliveredData, long pipe, long ssthresh, int mss, boolean advancedWithoutLoss) {
        delivered += deliveredData;
        long sendCount;
        if (pipe > ssthresh) {
            // proportional part: ceil(prr_delivered * ssthresh / RecoverFS) - prr_out, rounded up to
            // whole segments as Linux counts it, so that a sub-segment share is not lost to rounding
            long share = (delivered * ssthresh + recoverFs - 1) / recoverFs;
            sendCount = (share + mss - 1) / mss * mss - out;
        } else {
            // SSRB: at most slow start, and never above ssthresh; Linux grows only on progress
            boolean extra = bound == PrrBound.SSRB || advancedWithoutLoss;
            long limit = Math.max(delivered - out, deliveredData) + (extra ? mss : 0);
            sendCount = Math.min(ssthresh - pipe, limit);
        }
        if (bound == PrrBound.LINUX && out == 0) {
            sendCount = Math.max(sendCount, mss); // tcp_cwnd_reduction: force the fast retransmit
        }
        return pipe + Math.max(sendCount, 0);
    }
}
