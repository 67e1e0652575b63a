package io.tcplab.tools.experiment;

import io.tcplab.tools.metrics.FlowSeries;
import io.tcplab.tools.metrics.LinkSeries;
import io.tcplab.tools.metrics.MeasurementWindow;
import io.tcplab.tools.metrics.SampledCounter;
import io.tcplab.tools.scenario.ScenarioResult;

/**
 * Turns what the multi-flow runner recorded (the scenario package's series) into the metrics
 * package's inputs, which know nothing of the emulator: delivered bytes per flow, and a link's
 * departed bytes, offered and dropped packets and queue length, on the run's sample grid.
 */
public final class MetricInputs {
    private MetricInputs() {
    }

    public static FlowSeries flow(ScenarioResult run, io.tcplab.tools.scenario.FlowSeries flow, String group) {
        return FlowSeries.ofCumulativeBytes(flow.name(), group, seconds(run.sampleNanos()), flow.delivered());
    }

    public static LinkSeries link(ScenarioResult run, io.tcplab.tools.scenario.LinkSeries link) {
        if (link.rateBitsPerSec() == 0) {
            throw new IllegalArgumentException("link " + link.name() + " has no rate: utilization needs one");
        }
        double interval = seconds(run.sampleNanos());
        double[] queue = new double[link.queueBytes().length];
        for (int k = 0; k < queue.length; k++) {
            queue[k] = link.queueBytes()[k];
        }
        return new LinkSeries(link.name(), link.rateBitsPerSec(),
                SampledCounter.ofCumulative(interval, link.deliveredBytes()),
                SampledCounter.ofCumulative(interval, link.offered()),
                SampledCounter.ofCumulative(interval, link.dropped()), queue);
    }

    /** A link's bytes with each packet's link-layer framing, on the run's sample grid. */
    public static SampledCounter wireBytes(ScenarioResult run, io.tcplab.tools.scenario.LinkSeries link) {
        return SampledCounter.ofCumulative(seconds(run.sampleNanos()), link.deliveredWireBytes());
    }

    /** The TCP payload a link carried, on the run's sample grid. */
    public static SampledCounter payloadBytes(ScenarioResult run, io.tcplab.tools.scenario.LinkSeries link) {
        return SampledCounter.ofCumulative(seconds(run.sampleNanos()), link.deliveredPayloadBytes());
    }

    /** The run after its warm-up, on its own sample grid. */
    public static MeasurementWindow measured(ScenarioResult run) {
        return MeasurementWindow.afterWarmup(seconds(run.warmupNanos()), seconds(run.durationNanos()));
    }

    static double seconds(long nanos) {
        return nanos / 1e9;
    }
}
