package io.tcplab.tools.metrics;

import java.util.List;

/**
 * Link utilization (REFERENCE §7.2): {@code U = bits carried in the window / (C · window length)}.
 * {@link #ofLink} counts every IP byte dequeued onto the link, background traffic included;
 * {@link #ofBytes} takes another count of the same traffic — its wire bytes with link-layer
 * framing, or its TCP payload, which is what testbeds that report goodput against an Ethernet
 * line rate measure; {@link #ofFlows} counts only the given flows' delivered bytes, for the
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
        return ofBytes(link.departedBytes(), link.capacityBps(), window);
    }

    /**
     * Utilization by any count of a link's bytes: with its packets' framing (wire bytes, line
     * utilization) or only the TCP payload they carried (goodput over the line rate).
     */
    public static LinkUtilization ofBytes(SampledCounter carriedBytes, double capacityBps, MeasurementWindow window) {
        if (!(capacityBps > 0)) {
            throw new IllegalArgumentException("capacity must be a positive bit rate, got " + capacityBps);
        }
        MeasurementWindow.SampleSpan span = window.on(carriedBytes);
        double bits = carriedBytes.between(span.from(), span.to()) * 8;
        return new LinkUtilization(bits, capacityBps, span.seconds());
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
