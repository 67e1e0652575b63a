package io.tcplab.tools.metrics;

import java.util.List;

/**
 * CoV(τ), the stability metric of Ha, Le, Rhee and Xu (REFERENCE §7.2): with X_k the throughput
 * in the k-th window of length τ ({@link TauWindows}: a shorter tail is dropped),
 * {@code CoV(τ) = s / mean} over k, where s is the sample standard deviation (n − 1), the same
 * estimator {@link Summary} uses. Seed 000's "CoV of total throughput" can be read two ways, so
 * REFERENCE asks for both, labelled: of the bottleneck's total (every byte it carried, background
 * included: {@link #ofLink}) and of the tested flows' sum ({@link #ofAggregate}); also the mean of
 * each flow's own CoV. CoV is NaN with fewer than two windows or a mean of 0.
 */
public final class ThroughputVariation {
    private ThroughputVariation() {
    }

    /** CoV(τ) of the sum of the flows' throughputs. */
    public static TimeScaleValue ofAggregate(List<FlowSeries> flows, MeasurementWindow window, double tauSeconds) {
        TauWindows windows = TauWindows.of(flows, window, tauSeconds);
        RunningMoments total = new RunningMoments();
        for (int k = 0; k < windows.count(); k++) {
            double bytes = 0;
            for (FlowSeries f : flows) {
                bytes += f.deliveredBytes().between(windows.start(k), windows.end(k));
            }
            total.add(bytes); // CoV is unit-free: bytes per window need no conversion to bit/s
        }
        return new TimeScaleValue(tauSeconds, windows.count(), total.coefficientOfVariation());
    }

    /** CoV(τ) of all the traffic a link carried (bytes dequeued onto it). */
    public static TimeScaleValue ofLink(LinkSeries link, MeasurementWindow window, double tauSeconds) {
        TauWindows windows = TauWindows.of(link.departedBytes(), window, tauSeconds);
        RunningMoments total = new RunningMoments();
        for (int k = 0; k < windows.count(); k++) {
            total.add(link.departedBytes().between(windows.start(k), windows.end(k)));
        }
        return new TimeScaleValue(tauSeconds, windows.count(), total.coefficientOfVariation());
    }

    /** CoV(τ) of one flow's throughput. */
    public static TimeScaleValue ofFlow(FlowSeries flow, MeasurementWindow window, double tauSeconds) {
        return ofAggregate(List.of(flow), window, tauSeconds);
    }

    /** The mean over flows of each flow's CoV(τ); NaN if any flow's CoV is. */
    public static TimeScaleValue meanOfFlows(List<FlowSeries> flows, MeasurementWindow window, double tauSeconds) {
        TauWindows windows = TauWindows.of(flows, window, tauSeconds);
        double sum = 0;
        for (FlowSeries f : flows) {
            sum += ofFlow(f, window, tauSeconds).value();
        }
        return new TimeScaleValue(tauSeconds, windows.count(), sum / flows.size());
    }

    /** CoV of a plain series of values (sample standard deviation over mean). */
    public static double of(double... values) {
        RunningMoments moments = new RunningMoments();
        for (double v : values) {
            moments.add(v);
        }
        return moments.coefficientOfVariation();
    }
}
