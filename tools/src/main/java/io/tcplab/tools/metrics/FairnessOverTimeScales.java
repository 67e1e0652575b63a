package io.tcplab.tools.metrics;

import java.util.ArrayList;
import java.util.List;

/**
 * J(τ), fairness over a time scale (REFERENCE §7.2, [P]): cut the measurement window into
 * consecutive windows of length τ ({@link TauWindows}: a shorter tail is dropped), take each
 * flow's throughput in window k, compute Jain's index J_k over the flows, and report the plain
 * (unweighted) mean of J_k over k. Small τ exposes short-term unfairness that long averages hide.
 */
public final class FairnessOverTimeScales {
    private FairnessOverTimeScales() {
    }

    /** J(τ) for one τ; NaN with 0 windows when τ is longer than the measurement window. */
    public static TimeScaleValue at(List<FlowSeries> flows, MeasurementWindow window, double tauSeconds) {
        TauWindows windows = TauWindows.of(flows, window, tauSeconds);
        double[] bytes = new double[flows.size()];
        RunningMoments jain = new RunningMoments();
        for (int k = 0; k < windows.count(); k++) {
            for (int i = 0; i < bytes.length; i++) {
                bytes[i] = flows.get(i).deliveredBytes().between(windows.start(k), windows.end(k));
            }
            jain.add(JainIndex.of(bytes, bytes.length));
        }
        return new TimeScaleValue(tauSeconds, windows.count(), jain.mean());
    }

    /** J(τ) for each τ given, e.g. {@link TimeScales#standardSeconds()}. */
    public static List<TimeScaleValue> over(List<FlowSeries> flows, MeasurementWindow window, double... tausSeconds) {
        List<TimeScaleValue> values = new ArrayList<>(tausSeconds.length);
        for (double tau : tausSeconds) {
            values.add(at(flows, window, tau));
        }
        return values;
    }
}
