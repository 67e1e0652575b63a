package io.tcplab.stack.conn;

import io.tcplab.stack.cc.SentSample;

/** The stack's writable side of {@link SentSample}; one per connection, refilled per segment. */
final class MutableSentSample extends SentSample {
    void fill(long now, int bytes, long inflightAfter, boolean retransmit, boolean appLimited, long deliveredTotal) {
        this.nowNanos = now;
        this.bytes = bytes;
        this.inflightAfter = inflightAfter;
        this.retransmit = retransmit;
        this.appLimited = appLimited;
        this.deliveredTotal = deliveredTotal;
    }
}
