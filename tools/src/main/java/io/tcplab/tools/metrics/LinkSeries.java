package io.tcplab.tools.metrics;

import java.util.Arrays;

/**
 * One link's queue over a run, sampled on the same grid as the flows: bytes dequeued onto the
 * link (all traffic, background included), packets arriving at its queue, packets the queue
 * dropped, and the queue's length in bytes at each sample instant.
 */
public final class LinkSeries {
    private final String name;
    private final double capacityBps;
    private final SampledCounter departedBytes;
    private final SampledCounter arrivedPackets;
    private final SampledCounter droppedPackets;
    private final double[] queueBytes;

    /**
     * @param queueBytes queue length at each sample instant; may be empty when not recorded,
     *                   otherwise one value per sample of the counters
     */
    public LinkSeries(String name, double capacityBps, SampledCounter departedBytes,
                      SampledCounter arrivedPackets, SampledCounter droppedPackets, double... queueBytes) {
        if (!(capacityBps > 0) || Double.isInfinite(capacityBps)) {
            throw new IllegalArgumentException("link " + name + ": capacity must be a positive bit rate, got " + capacityBps);
        }
        requireSameGrid(name, departedBytes, arrivedPackets);
        requireSameGrid(name, departedBytes, droppedPackets);
        if (queueBytes.length != 0 && queueBytes.length != departedBytes.intervals() + 1) {
            throw new IllegalArgumentException("link " + name + ": " + queueBytes.length + " queue samples for "
                    + (departedBytes.intervals() + 1) + " counter samples");
        }
        this.name = name;
        this.capacityBps = capacityBps;
        this.departedBytes = departedBytes;
        this.arrivedPackets = arrivedPackets;
        this.droppedPackets = droppedPackets;
        this.queueBytes = queueBytes.clone();
    }

    private static void requireSameGrid(String name, SampledCounter a, SampledCounter b) {
        if (a.intervalSeconds() != b.intervalSeconds() || a.intervals() != b.intervals()) {
            throw new IllegalArgumentException("link " + name + ": its counters must share one sample grid");
        }
    }

    public String name() {
        return name;
    }

    public double capacityBps() {
        return capacityBps;
    }

    public SampledCounter departedBytes() {
        return departedBytes;
    }

    public SampledCounter arrivedPackets() {
        return arrivedPackets;
    }

    public SampledCounter droppedPackets() {
        return droppedPackets;
    }

    public boolean hasQueueSamples() {
        return queueBytes.length > 0;
    }

    /** Queue length in bytes at sample {@code k}. */
    public double queueBytesAt(int k) {
        return queueBytes[k];
    }

    @Override
    public String toString() {
        return "LinkSeries[" + name + ", " + capacityBps + " bit/s, queue " + Arrays.toString(queueBytes) + "]";
    }
}
