package io.tcplab.tools.metrics;

/**
 * How full a link's queue was (REFERENCE §7.2's "router queue length samples"): the mean and the
 * largest of the queue lengths sampled at the instants inside the window, both ends included.
 * Sampling shows the queue at instants only, so a burst between two samples is not seen.
 */
public record QueueOccupancy(double meanBytes, double maxBytes, int samples) {

    public static QueueOccupancy of(LinkSeries link, MeasurementWindow window) {
        if (!link.hasQueueSamples()) {
            throw new IllegalArgumentException("link " + link.name() + " has no queue-length samples");
        }
        MeasurementWindow.SampleSpan span = window.on(link.departedBytes());
        double sum = 0;
        double max = 0;
        for (int k = span.from(); k <= span.to(); k++) {
            double q = link.queueBytesAt(k);
            sum += q;
            max = Math.max(max, q);
        }
        int samples = span.intervals() + 1;
        return new QueueOccupancy(sum / samples, max, samples);
    }
}
