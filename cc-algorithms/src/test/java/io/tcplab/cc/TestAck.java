package io.tcplab.cc;

import io.tcplab.stack.cc.AckSample;
import io.tcplab.stack.cc.CaState;

/** An AckSample a test can fill field by field (the stack's own MutableAckSample is package-private). */
final class TestAck extends AckSample {
    TestAck set(long now, long acked, long rtt, long minRtt, long priorInflight, long inflight, boolean ece,
                long delivered, long lost, boolean cwndLimited, CaState state, long rate) {
        nowNanos = now;
        ackedBytes = acked;
        sackedBytes = 0;
        rttNanos = rtt;
        minRttNanos = minRtt;
        srttNanos = rtt;
        this.priorInflight = priorInflight;
        this.inflight = inflight;
        this.ece = ece;
        deliveredTotal = delivered;
        lostTotal = lost;
        this.cwndLimited = cwndLimited;
        caState = state;
        deliveryRateBytesPerSec = rate;
        return this;
    }

    /** The delivered total when the newest packet this ACK delivered was sent. */
    TestAck priorDelivered(long bytes) {
        priorDelivered = bytes;
        return this;
    }

    /** Accurate ECN feedback: this ACK newly reported {@code ceBytes} CE-marked bytes (RFC 9768). */
    TestAck accurateEcn(long ceBytes) {
        accurateEcn = true;
        deliveredCeBytes = ceBytes;
        return this;
    }

    /** No Accurate ECN feedback (classic ECN or none): undoes {@link #accurateEcn}. */
    TestAck classicEcn() {
        accurateEcn = false;
        deliveredCeBytes = 0;
        return this;
    }

    TestAck appLimited(boolean on) {
        appLimited = on;
        return this;
    }

    /** The newest delivered packet's flight: in flight after it left, and lost since (-1 each: unknown). */
    TestAck flight(long inFlightAfterSend, long lostSince) {
        txInFlight = inFlightAfterSend;
        lostSinceSend = lostSince;
        return this;
    }
}
