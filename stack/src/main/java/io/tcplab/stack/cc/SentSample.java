package io.tcplab.stack.cc;

/**
 * One segment leaving the sender. The stack reuses one instance per connection:
 * read it during the call, do not keep it.
 */
public class SentSample {
    protected long nowNanos;
    protected int bytes;
    protected long inflightAfter;
    protected boolean retransmit;
    protected boolean appLimited;
    protected long deliveredTotal;

    public long nowNanos() { return nowNanos; }
    /** Payload bytes in the segment. */
    public int bytes() { return bytes; }
    /** Bytes in flight after this segment was sent. */
    public long inflightAfter() { return inflightAfter; }
    public boolean retransmit() { return retransmit; }
    /** The sender had no more data to send when this segment left. */
    public boolean appLimited() { return appLimited; }
    /** Bytes delivered (cumulatively or selectively acknowledged) when the segment left. */
    public long deliveredTotal() { return deliveredTotal; }
}
