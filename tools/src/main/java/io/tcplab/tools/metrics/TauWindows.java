package io.tcplab.tools.metrics;

import java.util.List;

/**
 * The measurement window cut into consecutive windows of length τ, starting at the window's
 * first sample: window k covers samples {@code [first + k·steps, first + (k+1)·steps)}. A tail
 * shorter than τ is dropped rather than averaged over less time, so every window weighs the same;
 * when τ is longer than the measurement window there are no windows at all.
 */
record TauWindows(double tauSeconds, int first, int steps, int count) {

    static TauWindows of(List<FlowSeries> flows, MeasurementWindow window, double tauSeconds) {
        CommonGrid.intervalOf(flows);
        TauWindows windows = null;
        for (FlowSeries f : flows) {
            windows = of(f.deliveredBytes(), window, tauSeconds); // one grid, so the same windows; each call checks its flow is long enough
        }
        return windows;
    }

    static TauWindows of(SampledCounter series, MeasurementWindow window, double tauSeconds) {
        if (!(tauSeconds > 0)) {
            throw new IllegalArgumentException("time scale must be a positive number of seconds, got " + tauSeconds);
        }
        int steps = GridSteps.of(tauSeconds, series.intervalSeconds(), "time scale");
        if (steps == 0) {
            throw new IllegalArgumentException("time scale of " + tauSeconds + " s is shorter than one sample interval");
        }
        MeasurementWindow.SampleSpan span = window.on(series);
        return new TauWindows(tauSeconds, span.from(), steps, span.intervals() / steps);
    }

    int start(int k) {
        return first + k * steps;
    }

    int end(int k) {
        return start(k) + steps;
    }
}
