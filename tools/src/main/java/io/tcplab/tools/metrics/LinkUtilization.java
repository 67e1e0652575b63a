package io.tcplab.tools.metrics;

import java.util.List;

/**
 * Link utilization (REFERENCE §7.2): {@code U = bits carried in the window / (C · window length)}.
 * {@link #ofLink} counts every byte dequeued onto the link, background traffic included, which is
 * the table's metric; {@link #ofFlows} counts only the given flows' delivered bytes, for the
 * optional "utilization by the tested flows".
 *
 * @param carriedBits bits counted in the window
 * @param seconds     the window's length on the sample grid
 */
public record LinkUtilization(double carriedBits, double capacityBps, double seconds) {

    public double value() {
        return carriedBits / (capacityBps * seconds);
    }

    public static LinkUtilization ofLink(LinkSeries link, MeasurementWindow window) {
        MeasurementWindow.SampleSpan span = window.on(link.departedBytes());
        double bits = link.departedBytes().between(span.from(), span.to()) * 8;
        return new LinkUtilization(bits, link.capacityBps(), span.seconds());
    }

    public static LinkUtilization ofFlows(List<FlowSeries> flows, double capacityBps, MeasurementWindow window) {
        if (!(capacityBps > 0)) {
            throw new IllegalArgumentException("capacity must be a positive bit rate, got " + capacityBps);
        }
        CommonGrid.intervalOf(flows);
        double bits = 0;
        MeasurementWindow.SampleSpan span = null;
        for (FlowSeries f : flows) {
            span = window.on(f.deliveredBytes());
            bits += f.deliveredBytes().between(span.from(), span.to()) * 8;
        }
        return new LinkUtilization(bits, capacityBps, span.seconds());
    }
}
