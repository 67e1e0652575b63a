package io.tcplab.stack.conn;

/** What PRR (RFC 6937) allows per ACK once pipe is at or below ssthresh, and how it starts. */
public enum PrrBound {
    /**
     * RFC 6937 §3 slow-start reduction bound on every ACK: MIN(ssthresh − pipe,
     * MAX(prr_delivered − prr_out, DeliveredData) + MSS), RecoverFS = FlightSize, and RFC 6675's
     * fast retransmit sent on entry before the first quota.
     */
    SSRB,
    /**
     * Linux's tcp_cwnd_reduction (net/ipv4/tcp_input.c, 6.x): packet conservation,
     * MAX(prr_delivered − prr_out, DeliveredData), with the extra MSS only on an ACK that advanced
     * SND.UNA and marked nothing newly lost; RecoverFS is cwnd at entry (prior_cwnd); the fast
     * retransmit is part of the first ACK's quota (at least one segment while prr_out is 0).
     */
    LINUX
}
