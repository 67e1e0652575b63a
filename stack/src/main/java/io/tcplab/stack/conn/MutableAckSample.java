package io.tcplab.stack.conn;

import io.tcplab.stack.cc.AckSample;
import io.tcplab.stack.cc.CaState;

/** The stack's writable side of {@link AckSample}; one per connection, refilled per ACK. */
final class MutableAckSample extends AckSample {
    void fill(long now, long acked, long sacked, long rtt, long minRtt, long srtt, long priorInflight, long inflight,
              boolean ece, long deliveredTotal, long lostTotal, long eceDeliveredTotal, boolean appLimited,
              boolean cwndLimited, CaState caState, long deliveryRate, long sndUna, long priorDelivered) {
        this.nowNanos = now;
        this.ackedBytes = acked;
        this.sackedBytes = sacked;
        this.rttNanos = rtt;
        this.minRttNanos = minRtt;
        this.srttNanos = srtt;
        this.priorInflight = priorInflight;
        this.inflight = inflight;
        this.ece = ece;
        this.deliveredTotal = deliveredTotal;
        this.lostTotal = lostTotal;
        this.eceDeliveredTotal = eceDeliveredTotal;
        this.appLimited = appLimited;
        this.cwndLimited = cwndLimited;
        this.caState = caState;
        this.deliveryRateBytesPerSec = deliveryRate;
        this.sndUna = sndUna;
        this.priorDelivered = priorDelivered;
    }
}
