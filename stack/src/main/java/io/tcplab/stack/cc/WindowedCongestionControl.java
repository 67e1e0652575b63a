package io.tcplab.stack.cc;

/**
 * The window bookkeeping every loss-based algorithm shares: slow start with appropriate byte
 * counting (RFC 3465, L = 2 SMSS) or as {@link GrowthCounting} says otherwise (ACKs; segments
 * without a per-ACK limit); the window after a congestion signal, the restart window after idle (RFC 5681
 * §4.1), and the undo snapshot. Subclasses supply the decrease ({@link #reducedSsthresh}) and the
 * congestion-avoidance increase ({@link #congestionAvoidance}).
 */
public abstract class WindowedCongestionControl implements CongestionControl {
    protected int mss;
    protected long initialWindow;
    protected long cwnd;
    protected long ssthresh = Long.MAX_VALUE;

    private final GrowthCounting counting;
    private long priorCwnd;
    private long priorSsthresh = Long.MAX_VALUE;
    /** {@link #additiveIncrease}'s count: acknowledged bytes, or ACKs when counting ACKs. */
    private long aiCount;
    private double growthCarry;

    /** Byte counting (RFC 3465). */
    protected WindowedCongestionControl() {
        this(GrowthCounting.BYTES);
    }

    protected WindowedCongestionControl(GrowthCounting counting) {
        this.counting = counting;
    }

    @Override
    public void init(CcInit init) {
        mss = init.mss();
        initialWindow = init.initialWindow();
        cwnd = initialWindow;
        ssthresh = Long.MAX_VALUE;
    }

    @Override
    public long cwndBytes() {
        return cwnd;
    }

    @Override
    public long ssthreshBytes() {
        return ssthresh;
    }

    @Override
    public void onAck(AckSample sample) {
        observe(sample);
        if (!mayGrow(sample)) {
            return;
        }
        long acked = sample.newlyDeliveredBytes();
        if (cwnd < ssthresh) {
            slowStartAck(sample, acked);
            return;
        }
        congestionAvoidance(sample, acked);
    }

    /** The growth of one slow-start ACK: {@link #slowStart}; an algorithm may temper it (HyStart++'s CSS). */
    protected void slowStartAck(AckSample sample, long ackedBytes) {
        slowStart(ackedBytes);
    }

    /**
     * RFC 7661: no growth while not using the window; recovery holds cwnd at ssthresh; and
     * RFC 5681 §3.1: grow on ACKs of new data, not on duplicate ACKs (RFC 3042 §2).
     */
    protected static boolean mayGrow(AckSample sample) {
        return sample.cwndLimited() && sample.caState() != CaState.RECOVERY && sample.caState() != CaState.CWR
                && sample.ackedBytes() > 0;
    }

    /**
     * RFC 5681 eq. 2 with RFC 3465's limit L = 2*SMSS per ACK; counting ACKs, one segment per ACK
     * however much it acknowledges (pre-RFC 3465 Linux tcp_slow_start); counting segments, all it
     * acknowledges (today's Linux tcp_slow_start). Never past ssthresh (Linux
     * 2.6.24 tests cwnd <= ssthresh and so lets one more segment through; RFC 5681's cwnd < ssthresh
     * is kept here).
     */
    protected final void slowStart(long ackedBytes) {
        long increase = switch (counting) {
            case ACKS -> mss;
            case SEGMENTS -> ackedBytes;
            case BYTES -> Math.min(ackedBytes, 2L * mss);
        };
        cwnd = Math.min(cwnd + increase, ssthresh);
    }

    /** Every ACK passes here first, for algorithms that track RTT or delivery. */
    protected void observe(AckSample sample) {
    }

    /** Grow the window in congestion avoidance; {@code acked} is newly delivered bytes. */
    protected abstract void congestionAvoidance(AckSample sample, long acked);

    /** The new slow-start threshold for this signal, before the two-segment floor is applied. */
    protected abstract long reducedSsthresh(CongestionSignal signal, long inflightBytes, long nowNanos);

    @Override
    public long ssthreshOnCongestion(CongestionSignal signal, long inflightBytes, long nowNanos) {
        priorCwnd = cwnd;
        priorSsthresh = ssthresh;
        ssthresh = Math.max(reducedSsthresh(signal, inflightBytes, nowNanos), 2L * mss);
        // RFC 5681 §3.1 eq. 4 and §3.2: loss window of one segment after a timeout,
        // cwnd = ssthresh for a fast retransmit (RFC 6675 §5 step 4.2), ECN (RFC 3168 §6.1.2).
        cwnd = signal.collapsesWindow() ? mss : ssthresh;
        return ssthresh;
    }

    @Override
    public void onEvent(CaEvent event, long nowNanos) {
        if (event == CaEvent.CWND_RESTART) {
            cwnd = Math.max(mss, Math.min(cwnd, initialWindow)); // RFC 5681 §4.1 restart window
        } else if (event == CaEvent.LOSS_WINDOW) {
            cwnd = mss;
        } else if (event == CaEvent.RECOVERY_EXIT && ssthresh != Long.MAX_VALUE && cwnd > ssthresh) {
            cwnd = ssthresh; // RFC 6675 / RFC 6582: leave recovery at ssthresh
        }
    }

    @Override
    public void onMssChange(int mss, long nowNanos) {
        this.mss = mss;
        cwnd = Math.max(cwnd, mss);
    }

    @Override
    public long undo(UndoCause cause, long inflightBytes, long nowNanos) {
        if (cause == UndoCause.SPURIOUS_RTO) {
            // RFC 4015 §3.1 (RESP): ssthresh = pipe_prev, cwnd = FlightSize + min(bytes_acked, IW).
            ssthresh = Math.max(priorCwnd, priorSsthresh == Long.MAX_VALUE ? priorCwnd : priorSsthresh);
            cwnd = Math.max(mss, Math.min(priorCwnd, inflightBytes + initialWindow));
        } else {
            // Linux tcp_undo_cwnd_reduction: back to where we were before the reduction.
            cwnd = Math.max(cwnd, priorCwnd);
            ssthresh = Math.max(ssthresh == Long.MAX_VALUE ? 0 : ssthresh, priorSsthresh);
        }
        undoPrivateState(cause, nowNanos);
        return cwnd;
    }

    /**
     * Restore what the algorithm saved at its last reduction (W_max, K, epoch ...). Abstract on
     * purpose: an algorithm with private state cannot forget it on undo (DESIGN.md: undo is mandatory).
     */
    protected abstract void undoPrivateState(UndoCause cause, long nowNanos);

    /**
     * Linux tcp_cong_avoid_ai: count acked segments; add one segment per {@code perSegments} acked.
     * Counting ACKs, the legacy rule of Linux 2.6.24's tcp_reno_cong_avoid (tcp_abc = 0) and
     * tcp_scalable.c: each ACK adds one to the count, and the ACK that finds it at
     * {@code perSegments} adds a segment and clears it, so one segment per perSegments + 1 ACKs.
     */
    protected final void additiveIncrease(long ackedBytes, long perSegments) {
        long per = Math.max(1, perSegments);
        if (counting == GrowthCounting.ACKS) {
            if (aiCount >= per) {
                cwnd += mss;
                aiCount = 0;
            } else {
                aiCount++;
            }
            return;
        }
        aiCount += ackedBytes;
        long threshold = per * mss;
        if (aiCount >= threshold) {
            cwnd += (aiCount / threshold) * mss;
            aiCount %= threshold;
        }
    }

    /** Adds a fraction of a window in bytes, carrying what is below one byte to the next call. */
    protected final void growBytes(double bytes) {
        growthCarry += bytes;
        long whole = (long) growthCarry;
        cwnd += whole;
        growthCarry -= whole;
    }
}
