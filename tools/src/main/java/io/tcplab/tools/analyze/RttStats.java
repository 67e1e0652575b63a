package io.tcplab.tools.analyze;

import java.util.List;

/** Minimum, mean and maximum of a list of RTT samples in milliseconds; null without samples. */
public record RttStats(int samples, Double minMs, Double meanMs, Double maxMs) {
    static RttStats of(List<RttSample> samples) {
        if (samples.isEmpty()) {
            return new RttStats(0, null, null, null);
        }
        long min = Long.MAX_VALUE;
        long max = Long.MIN_VALUE;
        double sum = 0;
        for (RttSample s : samples) {
            min = Math.min(min, s.rttNanos());
            max = Math.max(max, s.rttNanos());
            sum += s.rttNanos();
        }
        return new RttStats(samples.size(), min / 1e6, sum / samples.size() / 1e6, max / 1e6);
    }
}
