package io.tcplab.cc;

import io.tcplab.stack.cc.CongestionSignal;
import io.tcplab.stack.cc.UndoCause;
import io.tcplab.stack.cc.WindowedCongestionControl;

/**
 * What Vegas and FAST share: the smallest RTT seen (baseRTT), a once-per-round update flagged by
 * the stack's round start, and Reno's response to loss (halve the flight; Linux tcp_vegas uses
 * tcp_reno_ssthresh, FAST implementations fall back to it).
 */
abstract class DelayBased extends WindowedCongestionControl {
    protected long baseRtt = Long.MAX_VALUE;
    /** A round ended; the next ACK runs the per-round update. */
    protected boolean roundPending;

    @Override
    public void onRoundStart(long round, long nowNanos) {
        roundPending = true;
    }

    @Override
    protected long reducedSsthresh(CongestionSignal signal, long inflightBytes, long nowNanos) {
        return inflightBytes / 2;
    }

    /** Nothing private: baseRTT is a measurement, which the spurious reduction did not change. */
    @Override
    protected void undoPrivateState(UndoCause cause, long nowNanos) {
    }
}
