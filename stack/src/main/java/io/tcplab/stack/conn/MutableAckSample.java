package io.tcplab.stack.conn;

import io.tcplab.stack.cc.AckSample;
import io.tcplab.stack.cc.CaState;

/**
 * The stack's writable side of {@link AckSample}; one per connection, refilled per ACK through
 * named setters (each returns the sample), so no value can land in its neighbour's place.
 */
final class MutableAckSample extends AckSample {
    MutableAckSample at(long now) {
        nowNanos = now;
        return this;
    }

    MutableAckSample acked(long bytes) {
        ackedBytes = bytes;
        return this;
    }

    MutableAckSample sacked(long bytes) {
        sackedBytes = bytes;
        return this;
    }

    MutableAckSample rtt(long sample, long min, long smoothed) {
        rttNanos = sample;
        minRttNanos = min;
        srttNanos = smoothed;
        return this;
    }

    MutableAckSample inflight(long before, long after) {
        priorInflight = before;
        inflight = after;
        return this;
    }

    MutableAckSample ece(boolean echoed) {
        ece = echoed;
        return this;
    }

    MutableAckSample accurateEcn(boolean on, long newlyCeBytes) {
        accurateEcn = on;
        deliveredCeBytes = newlyCeBytes;
        return this;
    }

    MutableAckSample delivered(long total, long rateBytesPerSec, long atSendOfNewest) {
        deliveredTotal = total;
        deliveryRateBytesPerSec = rateBytesPerSec;
        priorDelivered = atSendOfNewest;
        return this;
    }

    MutableAckSample lost(long total) {
        lostTotal = total;
        return this;
    }

    /** The newest delivered packet's flight: in flight after it left, and lost since; -1 each when none. */
    MutableAckSample flightOfNewest(long inFlightAfterSend, long lostSince) {
        txInFlight = inFlightAfterSend;
        lostSinceSend = lostSince;
        return this;
    }

    MutableAckSample eceDelivered(long total) {
        eceDeliveredTotal = total;
        return this;
    }

    MutableAckSample appLimited(boolean limited) {
        appLimited = limited;
        return this;
    }

    MutableAckSample cwndLimited(boolean limited) {
        cwndLimited = limited;
        return this;
    }

    MutableAckSample state(CaState state, long una) {
        caState = state;
        sndUna = una;
        return this;
    }
}
