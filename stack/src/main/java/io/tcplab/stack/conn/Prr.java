package io.tcplab.stack.conn;

/**
 * Proportional Rate Reduction (RFC 6937 §3) for the sending allowance during fast recovery: spread
 * the window reduction over the recovery round in proportion to delivered data, and when pipe falls
 * below ssthresh grow back no faster than slow start (the slow-start reduction bound, which Linux
 * uses). The congestion controller still owns cwnd and ssthresh; this only says how much may be
 * sent in answer to each ACK while recovering.
 */
final class Prr {
    /** FlightSize when recovery began (RecoverFS). */
    private long recoverFs;
    /** Bytes delivered to the receiver since recovery began (prr_delivered). */
    private long delivered;
    /** Bytes sent since recovery began (prr_out). */
    private long out;

    void start(long flightSize) {
        recoverFs = Math.max(1, flightSize);
        delivered = 0;
        out = 0;
    }

    void onSent(long bytes) {
        out += bytes;
    }

    /**
     * RFC 6937 §3 for one ACK that delivered {@code deliveredData} bytes: returns the window to send
     * against now, pipe + sndcnt.
     */
    long window(long deliveredData, long pipe, long ssthresh, int mss) {
        delivered += deliveredData;
        long sendCount;
        if (pipe > ssthresh) {
            // proportional part: ceil(prr_delivered * ssthresh / RecoverFS) - prr_out, rounded up to
            // whole segments as Linux counts it, so that a sub-segment share is not lost to rounding
            long share = (delivered * ssthresh + recoverFs - 1) / recoverFs;
            sendCount = (share + mss - 1) / mss * mss - out;
        } else {
            // PRR-SSRB: at most slow start, and never above ssthresh
            long limit = Math.max(delivered - out, deliveredData) + mss;
            sendCount = Math.min(ssthresh - pipe, limit);
        }
        return pipe + Math.max(sendCount, 0);
    }
}
