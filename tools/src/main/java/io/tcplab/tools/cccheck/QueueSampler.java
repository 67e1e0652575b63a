package io.tcplab.tools.cccheck;

import io.tcplab.tools.link.Link;
import java.util.Arrays;
import java.util.function.LongBinaryOperator;

/**
 * Samples a link's queue (packets and bytes waiting, the one being sent included) at a fixed
 * period over a window of virtual time, and the bytes it sent over that window.
 */
final class QueueSampler {
    private final Link link;
    private final long[] packets;
    private final long[] bytes;
    private int n;
    private long sentAtStart;
    private long sentAtEnd;

    /** Schedules the samples on {@code bench}: every {@code period} in [from, to]. */
    QueueSampler(FlowBench bench, long from, long to, long period) {
        this.link = bench.bottleneck();
        int count = (int) ((to - from) / period) + 1;
        packets = new long[count];
        bytes = new long[count];
        bench.every(from, to, period, () -> {
            long now = bench.network().scheduler().now();
            if (n < packets.length) {
                packets[n] = link.queuedPackets(now);
                bytes[n++] = link.queuedBytes(now);
            }
        });
        bench.network().at(from, () -> sentAtStart = sent(bench));
        bench.network().at(to, () -> sentAtEnd = sent(bench));
    }

    /** Bytes that left the transmitter: handed on, less what still waits. */
    private long sent(FlowBench bench) {
        return link.counters().deliveredBytes() - link.queuedBytes(bench.network().scheduler().now());
    }

    double meanPackets() {
        return Arrays.stream(packets, 0, n).average().orElse(Double.NaN);
    }

    /** The mean over consecutive windows of {@code window} samples of each window's smallest sample. */
    double meanOfMinimaPackets(int window) {
        return meanOverWindows(window, (min, max) -> min);
    }

    /** The mean over consecutive windows of {@code window} samples of each window's largest sample. */
    double meanOfMaximaPackets(int window) {
        return meanOverWindows(window, (min, max) -> max);
    }

    /** The mean over consecutive windows of {@code window} samples of each window's largest less smallest. */
    double meanRangePackets(int window) {
        return meanOverWindows(window, (min, max) -> max - min);
    }

    private double meanOverWindows(int window, LongBinaryOperator ofMinMax) {
        double sum = 0;
        int windows = 0;
        for (int start = 0; start + window <= n; start += window) {
            long min = Long.MAX_VALUE;
            long max = Long.MIN_VALUE;
            for (int i = start; i < start + window; i++) {
                min = Math.min(min, packets[i]);
                max = Math.max(max, packets[i]);
            }
            sum += ofMinMax.applyAsLong(min, max);
            windows++;
        }
        return windows == 0 ? Double.NaN : sum / windows;
    }

    double meanBytes() {
        return Arrays.stream(bytes, 0, n).average().orElse(Double.NaN);
    }

    double medianBytes() {
        if (n == 0) {
            return Double.NaN;
        }
        long[] sorted = Arrays.copyOf(bytes, n);
        Arrays.sort(sorted);
        return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2.0;
    }

    /** The nearest-rank {@code q}-quantile (0 < q ≤ 1) of the queue in bytes. */
    double quantileBytes(double q) {
        if (n == 0) {
            return Double.NaN;
        }
        long[] sorted = Arrays.copyOf(bytes, n);
        Arrays.sort(sorted);
        return sorted[(int) Math.ceil(q * n) - 1];
    }

    /** Bytes sent on the link between the first and the last sample. */
    long sentBytes() {
        return sentAtEnd - sentAtStart;
    }
}
