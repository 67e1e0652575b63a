package io.tcplab.stack.cc;

/**
 * Reno (RFC 5681 §3.1–§3.2): halve on congestion, one segment per window of acknowledged bytes in
 * congestion avoidance (byte counting, §3.1 "recommended"), matching Linux tcp_reno_cong_avoid
 * and tcp_reno_ssthresh = max(cwnd/2, 2); {@code reno:count=acks} counts ACKs instead, as Linux did
 * with tcp_abc = 0 ({@link GrowthCounting}). The loss-recovery part (RFC 6675 with SACK, RFC 6582
 * NewReno without) lives in the stack, not here.
 */
public final class Reno extends WindowedCongestionControl {

    public Reno() {
        this(GrowthCounting.BYTES);
    }

    Reno(GrowthCounting counting) {
        super(counting);
    }

    @Override
    public String name() {
        return "reno";
    }

    @Override
    protected void congestionAvoidance(AckSample sample, long acked) {
        additiveIncrease(acked, cwnd / mss);
    }

    @Override
    protected long reducedSsthresh(CongestionSignal signal, long inflightBytes, long nowNanos) {
        // RFC 5681 eq. 4 says FlightSize/2, Linux cwnd/2; the stack passes min(FlightSize, cwnd),
        // which is both whenever the window was in use.
        return inflightBytes / 2;
    }

    /**
     * Nothing private to restore: Reno's whole state is cwnd and ssthresh, which the base class
     * already restored from its snapshot, and the additive-increase counter, which is a fraction of
     * one segment and belongs to no particular episode.
     */
    @Override
    protected void undoPrivateState(UndoCause cause, long nowNanos) {
    }

    /** Registers {@code reno}. */
    public static final class Provider implements CongestionControlProvider {
        @Override
        public String name() {
            return "reno";
        }

        @Override
        public CongestionControl create(CcParameters parameters) {
            return new Reno(GrowthCounting.read(parameters));
        }

        @Override
        public String source() {
            return "RFC 5681 §3, Linux tcp_reno_cong_avoid/tcp_reno_ssthresh (count=acks: tcp_abc = 0, Linux <= 2.6.x)";
        }
    }
}
