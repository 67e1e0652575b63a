package io.tcplab.stack.spurious;

/**
 * A retransmission that just left, as a spurious-loss detector hears of it. One reused instance
 * per connection, filled by the sender before each call; read it during the call only.
 */
public final class SentRetransmission {
    /** {@link #tsVal()} when timestamps (RFC 7323) are off. */
    public static final long NO_TIMESTAMP = -1;

    private long seq;
    private int length;
    private long tsVal = NO_TIMESTAMP;
    private boolean onlyOneOutstanding;

    /** The first sequence number it carries. */
    public long seq() {
        return seq;
    }

    /** Its sequence length (a FIN counts one). */
    public int length() {
        return length;
    }

    /** The TSval it carries (unsigned), or {@link #NO_TIMESTAMP}. */
    public long tsVal() {
        return tsVal;
    }

    /** No other retransmission was outstanding when it left. */
    public boolean onlyOneOutstanding() {
        return onlyOneOutstanding;
    }

    public SentRetransmission seq(long seq) {
        this.seq = seq;
        return this;
    }

    public SentRetransmission length(int length) {
        this.length = length;
        return this;
    }

    public SentRetransmission tsVal(long tsVal) {
        this.tsVal = tsVal;
        return this;
    }

    public SentRetransmission onlyOneOutstanding(boolean onlyOneOutstanding) {
        this.onlyOneOutstanding = onlyOneOutstanding;
        return this;
    }
}
