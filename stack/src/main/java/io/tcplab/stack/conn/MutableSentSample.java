package io.tcplab.stack.conn;

import io.tcplab.stack.cc.SentSample;

/**
 * The stack's writable side of {@link SentSample}; one per connection, refilled per segment
 * through named setters (each returns the sample), so no value can land in its neighbour's place.
 */
final class MutableSentSample extends SentSample {
    MutableSentSample at(long now) {
        nowNanos = now;
        return this;
    }

    MutableSentSample bytes(int length) {
        bytes = length;
        return this;
    }

    MutableSentSample inflightAfter(long inflight) {
        inflightAfter = inflight;
        return this;
    }

    MutableSentSample retransmit(boolean resent) {
        retransmit = resent;
        return this;
    }

    MutableSentSample appLimited(boolean limited) {
        appLimited = limited;
        return this;
    }

    MutableSentSample deliveredTotal(long delivered) {
        deliveredTotal = delivered;
        return this;
    }
}
