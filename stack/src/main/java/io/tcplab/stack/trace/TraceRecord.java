package io.tcplab.stack.trace;

/**
 * One trace line. The connection reuses one instance: a listener reads it during the call and
 * copies what it keeps. Sequence numbers are 64-bit, unwrapped from the ISN.
 */
public final class TraceRecord {
    public long nowNanos;
    public TraceEvent event;
    /** A constant string (a state name, a signal name) or null; never built per record. */
    public String detail;
    public long cwnd;
    public long ssthresh;
    public long srttNanos;
    public long rtoNanos;
    public long inflight;
    public long sndUna;
    public long sndNxt;
    /** For segment events: first sequence number and length of the segment. */
    public long seq;
    public int length;
}
