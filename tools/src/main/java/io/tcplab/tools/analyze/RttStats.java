package io.tcplab.tools.analyze;

import java.util.List;
import java.util.LongSummaryStatistics;

/** Minimum, mean and maximum of a list of RTT samples in milliseconds; null without samples. */
public record RttStats(int samples, Double minMs, Double meanMs, Double maxMs) {
    static RttStats of(List<RttSample> samples) {
        if (samples.isEmpty()) {
            return new RttStats(0, null, null, null);
        }
        LongSummaryStatistics rtt = samples.stream().mapToLong(RttSample::rttNanos).summaryStatistics();
        return new RttStats(samples.size(), rtt.getMin() / 1e6, rtt.getAverage() / 1e6, rtt.getMax() / 1e6);
    }
}
