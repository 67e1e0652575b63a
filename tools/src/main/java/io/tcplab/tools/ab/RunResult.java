package io.tcplab.tools.ab;

import io.tcplab.tools.link.LinkStats;
import java.util.List;

/**
 * One side of an A/B run: who sent ({@code kernel} or {@code tcplab}) with which algorithm, how
 * many bytes the receiver counted in how long (from the sender's connect to the receiver's EOF),
 * the sender's retransmitted segments, its final congestion window, the samples taken on the way,
 * and what the path did to its packets: how many entered the link left to right, how many the
 * link dropped (queue overflow plus random loss), what was lost outside the link (which must be
 * nothing), and ECN.
 */
public record RunResult(String sender, String congestionControl, long bytes, long durationNanos, long retransmits,
                        long finalCwndBytes, int mss, List<Sample> samples, long linkPackets, long linkDrops,
                        OutsideDrops outsideDrops, EcnCounts ecn, LinkStats link) {

    public RunResult {
        samples = List.copyOf(samples);
        java.util.Objects.requireNonNull(outsideDrops, "outsideDrops");
        java.util.Objects.requireNonNull(ecn, "ecn");
    }

    /** A run without the counters of our link (a remote run's path is not ours). */
    public RunResult(String sender, String congestionControl, long bytes, long durationNanos, long retransmits,
                     long finalCwndBytes, int mss, List<Sample> samples, long linkPackets, long linkDrops,
                     OutsideDrops outsideDrops, EcnCounts ecn) {
        this(sender, congestionControl, bytes, durationNanos, retransmits, finalCwndBytes, mss, samples, linkPackets,
                linkDrops, outsideDrops, ecn, null);
    }

    public double goodputBitsPerSec() {
        return durationNanos <= 0 ? 0 : bytes * 8e9 / durationNanos;
    }

    /** Mean, min and max of the smoothed RTT over the samples that had one, in ms; NaN without any. */
    public double rttMeanMillis() {
        return samples.stream().filter(s -> s.srttNanos() > 0).mapToLong(Sample::srttNanos).average()
                .orElse(Double.NaN) / 1e6;
    }

    public double rttMinMillis() {
        return samples.stream().filter(s -> s.srttNanos() > 0).mapToLong(Sample::srttNanos).min()
                .stream().mapToDouble(v -> v / 1e6).findFirst().orElse(Double.NaN);
    }

    public double rttMaxMillis() {
        return samples.stream().filter(s -> s.srttNanos() > 0).mapToLong(Sample::srttNanos).max()
                .stream().mapToDouble(v -> v / 1e6).findFirst().orElse(Double.NaN);
    }

    /** Mean congestion window over the samples, in bytes; NaN without any. */
    public double cwndMeanBytes() {
        return samples.stream().mapToLong(Sample::cwndBytes).average().orElse(Double.NaN);
    }
}
