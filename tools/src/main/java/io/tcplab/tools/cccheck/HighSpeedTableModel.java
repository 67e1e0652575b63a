package io.tcplab.tools.cccheck;

import io.tcplab.cc.HighSpeed;

/**
 * A fluid model of HighSpeed TCP as Linux's table defines it, under deterministic loss: the
 * window grows by a(w)/w per acknowledged segment with a(w) the table row of the current
 * window (RFC 3649 §5's "per ACK" rule), and every 1/p-th segment is lost, which takes b(w)·w
 * off the window the loss finds. Iterated to its steady cycle; the mean window is the
 * time average, segments per cycle over RTTs per cycle (each segment takes 1/w of an RTT).
 * RFC 3649's 0.12/p^0.835 is the same construction with the RFC's continuous a(w) and b(w);
 * the table's a(w) is the RFC value at each row's upper bound, held over the whole row below it,
 * i.e. rounded up, which is why this model lies above the RFC formula.
 */
final class HighSpeedTableModel {
    private static final int WARMUP_CYCLES = 200;
    private static final int CYCLES = 20;

    private HighSpeedTableModel() {
    }

    /** Mean window (segments) for loss probability {@code p}. */
    static double meanWindow(double p) {
        long every = Math.round(1 / p);
        double w = 1 / Math.sqrt(p); // any start: the cycle forgets it
        double segments = 0;
        double rtts = 0;
        for (int cycle = 0; cycle < WARMUP_CYCLES + CYCLES; cycle++) {
            for (long i = 0; i < every; i++) {
                if (cycle >= WARMUP_CYCLES) {
                    segments++;
                    rtts += 1 / w;
                }
                w += HighSpeed.a((long) w) / w;
            }
            w -= HighSpeed.b((long) w) * w;
        }
        return segments / rtts;
    }
}
