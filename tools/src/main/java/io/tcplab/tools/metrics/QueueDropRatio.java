package io.tcplab.tools.metrics;

/**
 * Queue dropping ratio at a link (REFERENCE §7.2): packets the queue dropped over packets that
 * arrived at it in the window. A queue that saw no arrivals dropped nothing: its ratio is 0.
 */
public record QueueDropRatio(double droppedPackets, double arrivedPackets) {

    public double value() {
        return arrivedPackets == 0 ? 0.0 : droppedPackets / arrivedPackets;
    }

    public static QueueDropRatio of(LinkSeries link, MeasurementWindow window) {
        MeasurementWindow.SampleSpan span = window.on(link.arrivedPackets());
        return new QueueDropRatio(link.droppedPackets().between(span.from(), span.to()),
                link.arrivedPackets().between(span.from(), span.to()));
    }
}
