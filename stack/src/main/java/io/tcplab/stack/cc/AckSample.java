package io.tcplab.stack.cc;

/**
 * What one ACK told the sender. The stack reuses one instance per connection:
 * read it during the call, do not keep it.
 */
public class AckSample {
    protected long nowNanos;
    protected long ackedBytes;
    protected long sackedBytes;
    protected long rttNanos = -1;
    protected long minRttNanos = -1;
    protected long srttNanos = -1;
    protected long priorInflight;
    protected long inflight;
    protected boolean ece;
    protected boolean accurateEcn;
    protected long deliveredCeBytes;
    protected long deliveredTotal;
    protected long lostTotal;
    protected long eceDeliveredTotal;
    protected boolean appLimited;
    protected boolean cwndLimited;
    protected CaState caState = CaState.OPEN;
    protected long deliveryRateBytesPerSec = -1;
    protected long sndUna;
    protected long priorDelivered = -1;
    protected long txInFlight = -1;
    protected long lostSinceSend = -1;

    public long nowNanos() { return nowNanos; }
    /** Bytes newly acknowledged by the cumulative ACK (SND.UNA advance), not counting ones already SACKed. */
    public long ackedBytes() { return ackedBytes; }
    /** Bytes newly selectively acknowledged by this ACK's SACK blocks. */
    public long sackedBytes() { return sackedBytes; }
    /** Bytes newly delivered by this ACK, cumulatively or selectively. */
    public long newlyDeliveredBytes() { return ackedBytes + sackedBytes; }
    /** The RTT sample this ACK gave, or -1 when it gave none (Karn's rule). */
    public long rttNanos() { return rttNanos; }
    /** The smallest RTT seen on the connection, or -1 before the first sample. */
    public long minRttNanos() { return minRttNanos; }
    /** The smoothed RTT (RFC 6298), or -1 before the first sample. */
    public long srttNanos() { return srttNanos; }
    /** Bytes in flight before this ACK. */
    public long priorInflight() { return priorInflight; }
    /** Bytes in flight after this ACK. */
    public long inflight() { return inflight; }
    /**
     * The ACK echoed congestion: it carried ECE (RFC 3168), or under Accurate ECN its feedback
     * told of newly CE-marked packets (RFC 9768 §3.2).
     */
    public boolean ece() { return ece; }
    /**
     * The connection feeds CE marks back by Accurate ECN (RFC 9768): {@link #deliveredCeBytes()} is
     * then the extent of the marking, where RFC 3168's ECE only says that some packet was marked.
     */
    public boolean accurateEcn() { return accurateEcn; }
    /**
     * Under Accurate ECN, the CE-marked bytes this ACK newly fed back: from the AccECN option's
     * ECEB field when it carried one (RFC 9768 §3.2.3), else the newly CE-marked packets of the
     * ACE field times the SMSS (appendix A.3's estimate, an upper bound). 0 without AccECN.
     */
    public long deliveredCeBytes() { return deliveredCeBytes; }
    /** Bytes delivered over the connection's life, cumulatively or selectively acknowledged. */
    public long deliveredTotal() { return deliveredTotal; }
    /** Bytes declared lost over the connection's life. */
    public long lostTotal() { return lostTotal; }
    /** Bytes delivered by ACKs that carried ECE, over the connection's life (DCTCP's marked bytes). */
    public long eceDeliveredTotal() { return eceDeliveredTotal; }
    /** The data acknowledged was sent while the application had nothing more to send. */
    public boolean appLimited() { return appLimited; }
    /** The window, not the application or the receiver, limited sending before this ACK. */
    public boolean cwndLimited() { return cwndLimited; }
    public CaState caState() { return caState; }
    /** Delivery rate over the acknowledged segment's flight (Linux tcp_rate.c), or -1 when unknown. */
    public long deliveryRateBytesPerSec() { return deliveryRateBytesPerSec; }
    /** SND.UNA after this ACK, as a 64-bit unwrapped sequence number. */
    public long sndUna() { return sndUna; }
    /**
     * {@link #deliveredTotal()} when the most recently sent of the segments this ACK delivered left
     * (Linux rate_sample.prior_delivered), or -1 when none: a round trip ends once this reaches the
     * total delivered at the round's start (Linux bbr_update_round).
     */
    public long priorDelivered() { return priorDelivered; }

    // What the rate sample says about the flight of the newest packet this ACK delivered
    // (draft-ietf-ccwg-bbr §2.3 RS.tx_in_flight and RS.lost, §4.1.2.2 P.tx_in_flight and P.lost).

    /** Bytes in flight (the pipe) just after the newest delivered packet was sent, or -1 when none. */
    public long txInFlight() { return txInFlight; }
    /** Bytes declared lost between the newest delivered packet's send and this ACK, or -1 when none. */
    public long lostSinceSend() { return lostSinceSend; }
}
