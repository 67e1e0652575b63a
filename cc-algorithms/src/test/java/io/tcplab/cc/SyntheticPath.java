package io.tcplab.cc;

import io.tcplab.stack.cc.CaEvent;
import io.tcplab.stack.cc.CaState;
import io.tcplab.stack.cc.CcInit;
import io.tcplab.stack.cc.CongestionControl;
import io.tcplab.stack.cc.CongestionSignal;

/**
 * A fluid one-bottleneck path on virtual time that drives an algorithm directly: each round the
 * sender sends one window; the ACKs come back spread evenly over that round's RTT, one per
 * {@code segmentsPerAck} segments. RTT = base + queue/capacity with queue = max(0, w − capacity·base)
 * segments (capacity ∞: no queue). The delivery rate is min(w/RTT, capacity). An algorithm that
 * paces sends at most pacing rate × RTT per round. Sending is ACK-clocked: each ACK lets as much
 * new data leave as it acknowledged, so in flight stays at the round's window. No losses unless a
 * test calls {@link #loss}.
 */
final class SyntheticPath {
    static final int MSS = 1000;

    final CongestionControl cc;
    /** Tests may change it (a route change). */
    long baseRttNanos;
    final double capacitySegmentsPerSec;
    int segmentsPerAck = 1;
    /** Fraction of each round's ACKs that carry ECE (DCTCP). */
    double markedFraction;

    long now;
    long round;
    long delivered;
    long lost;
    CaState state = CaState.OPEN;
    long lastRttNanos;
    private final TestAck ack = new TestAck();
    private double markCarry;

    SyntheticPath(CongestionControl cc, long baseRttNanos, double capacitySegmentsPerSec, int initialSegments) {
        this(cc, baseRttNanos, capacitySegmentsPerSec, initialSegments, 0);
    }

    /** With {@code randomSeed} as the stack's seed for the algorithm ({@link CcInit#randomSeed()}). */
    SyntheticPath(CongestionControl cc, long baseRttNanos, double capacitySegmentsPerSec, int initialSegments,
                  long randomSeed) {
        this.cc = cc;
        this.baseRttNanos = baseRttNanos;
        this.capacitySegmentsPerSec = capacitySegmentsPerSec;
        cc.init(new CcInit(MSS, (long) initialSegments * MSS, true, true, false, 0, randomSeed));
    }

    double cwndSegments() {
        return (double) cc.cwndBytes() / MSS;
    }

    /** Queue in segments for a window of {@code w} segments. */
    double queue(double w) {
        return Double.isInfinite(capacitySegmentsPerSec) ? 0
                : Math.max(0, w - capacitySegmentsPerSec * baseRttNanos / 1e9);
    }

    /** One round trip: one window out, its ACKs back. */
    void round() {
        long w = Math.max(1, cc.cwndBytes() / MSS);
        if (cc.pacingRateBytesPerSec() > 0 && lastRttNanos > 0) {
            w = Math.max(1, Math.min(w, (long) (cc.pacingRateBytesPerSec() * (lastRttNanos / 1e9)) / MSS));
        }
        long rtt = baseRttNanos + (long) (queue(w) / capacitySegmentsPerSec * 1e9);
        lastRttNanos = rtt;
        double rateSegments = Math.min(w * 1e9 / rtt, capacitySegmentsPerSec);
        long start = now;
        long deliveredWhenSent = delivered; // the whole window leaves at the round's start
        for (long sent = 0; sent < w; sent += segmentsPerAck) {
            long k = Math.min(segmentsPerAck, w - sent);
            now = start + rtt * (sent + k) / w;
            if (sent == 0) {
                cc.onRoundStart(++round, now);
            }
            delivered += k * MSS;
            markCarry += markedFraction;
            boolean ece = markCarry >= 1;
            if (ece) {
                markCarry -= 1;
            }
            cc.onAck(ack.set(now, k * MSS, rtt, baseRttNanos, w * MSS, (w - k) * MSS, ece, delivered, lost,
                    true, state, (long) (rateSegments * MSS)).priorDelivered(deliveredWhenSent));
        }
    }

    void rounds(int n) {
        for (int i = 0; i < n; i++) {
            round();
        }
    }

    /** Rounds until virtual time reaches {@code untilNanos}. */
    void runUntil(long untilNanos) {
        while (now < untilNanos) {
            round();
        }
    }

    /** A congestion episode: the signal, one round of recovery, recovery ends. */
    void loss(CongestionSignal signal) {
        long flight = cc.cwndBytes();
        cc.ssthreshOnCongestion(signal, flight, now);
        lost += MSS;
        CaState during = signal == CongestionSignal.ECN ? CaState.CWR
                : signal.collapsesWindow() ? CaState.LOSS : CaState.RECOVERY;
        setState(during);
        if (during != CaState.LOSS) {
            round();
            setState(CaState.OPEN);
            cc.onEvent(CaEvent.RECOVERY_EXIT, now);
        }
    }

    /** After a timeout, recovery ends once the retransmitted window is acknowledged. */
    void endLoss() {
        setState(CaState.OPEN);
        cc.onEvent(CaEvent.RECOVERY_EXIT, now);
    }

    void setState(CaState next) {
        if (next != state) {
            cc.onStateChange(state, next, now);
            state = next;
        }
    }
}
