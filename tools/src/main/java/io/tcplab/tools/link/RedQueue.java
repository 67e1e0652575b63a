package io.tcplab.tools.link;

import java.util.SplittableRandom;

/**
 * The state of RED on one link and its verdict on each arriving packet, as in Floyd &amp; Jacobson
 * 1993, §4: the average is updated on every arrival (decayed over an idle period by the number
 * of small packets that could have been sent in it), and between the thresholds the marking
 * probability {@code p_b = max_p (avg - min) / (max - min)} is spread out by the count of
 * packets since the last mark, {@code p_a = p_b / (1 - count p_b)}, so marks come at roughly
 * even intervals instead of in clusters. Holds only primitives: no allocation per packet.
 */
final class RedQueue {
    /** PICK: picked between the thresholds; FORCED: picked because the average is at or above max. */
    enum Verdict { PASS, PICK, FORCED }

    private final SplittableRandom random;
    private double average;
    /** Packets since the last pick while the average was between the thresholds; -1 outside. */
    private long count = -1;

    RedQueue(SplittableRandom random) {
        this.random = random;
    }

    double average() {
        return average;
    }

    /**
     * Updates the average for an arrival that finds {@code queued} (in the thresholds' unit) and
     * decides whether RED picks it. {@code idleNanos} is how long the queue has been empty (0
     * when it is not), {@code rateBitsPerSec} the link's rate.
     */
    Verdict arrive(RedParams p, long queued, long idleNanos, long rateBitsPerSec) {
        if (queued > 0 || idleNanos <= 0) {
            average += p.weight() * (queued - average);
        } else {
            long smallPacketNanos = Math.max(1, Transmitter.serializationNanos(p.idlePacketBytes(), rateBitsPerSec));
            double m = rateBitsPerSec == 0 ? 0 : (double) idleNanos / smallPacketNanos;
            average *= Math.pow(1 - p.weight(), m);
        }
        double min = p.min().value();
        double max = p.max().value();
        if (average < min) {
            count = -1;
            return Verdict.PASS;
        }
        if (average >= max) {
            count = 0;
            return Verdict.FORCED;
        }
        count++;
        double pb = p.maxP() * (average - min) / (max - min);
        double spread = 1 - count * pb;
        double pa = spread <= 0 ? 1 : pb / spread;
        if (random.nextDouble() < pa) {
            count = 0;
            return Verdict.PICK;
        }
        return Verdict.PASS;
    }
}
