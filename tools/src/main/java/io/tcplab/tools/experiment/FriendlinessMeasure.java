package io.tcplab.tools.experiment;

import io.tcplab.tools.metrics.ConvergenceCriterion;
import io.tcplab.tools.metrics.ConvergenceTime;
import io.tcplab.tools.metrics.FairnessOverTimeScales;
import io.tcplab.tools.metrics.FlowSeries;
import io.tcplab.tools.metrics.JainIndex;
import io.tcplab.tools.metrics.LinkSeries;
import io.tcplab.tools.metrics.LinkUtilization;
import io.tcplab.tools.metrics.MeasurementWindow;
import io.tcplab.tools.metrics.QueueDropRatio;
import io.tcplab.tools.metrics.ThroughputRatio;
import io.tcplab.tools.metrics.ThroughputVariation;
import io.tcplab.tools.metrics.TimeScales;
import io.tcplab.tools.scenario.Scenario;
import io.tcplab.tools.scenario.ScenarioResult;
import java.util.List;

/** Seed 000's metrics of one friendliness run, from what the runner recorded. */
public final class FriendlinessMeasure {
    /** Plots need no more points than this per flow. */
    private static final int MAX_BINS = 600;

    private FriendlinessMeasure() {
    }

    public static FriendlinessResult of(FriendlinessCell cell, Scenario scenario, ScenarioResult run,
                                        ConvergenceCriterion criterion) {
        FlowSeries tested = MetricInputs.flow(run, run.flow(FriendlinessSetup.TESTED), "tested");
        FlowSeries standard = MetricInputs.flow(run, run.flow(FriendlinessSetup.STANDARD), "sack");
        List<FlowSeries> pair = List.of(tested, standard);
        io.tcplab.tools.scenario.LinkSeries bottleneckRecord = run.link(scenario.topology().bottlenecks().get(0));
        LinkSeries bottleneck = MetricInputs.link(run, bottleneckRecord);
        MeasurementWindow window = MetricInputs.measured(run);
        ThroughputRatio ratio = ThroughputRatio.friendliness(pair, "sack", "tested", window);
        double t0 = MetricInputs.seconds(scenario.flows().stream()
                .filter(f -> f.name().equals(FriendlinessSetup.STANDARD)).findFirst().orElseThrow().startNanos());
        ConvergenceTime convergence = ConvergenceTime.of(pair, t0, criterion);
        double[] taus = TimeScales.standardSeconds();
        double[] fairness = new double[taus.length];
        double[] covTestFlows = new double[taus.length];
        double[] covBottleneck = new double[taus.length];
        for (int i = 0; i < taus.length; i++) {
            fairness[i] = FairnessOverTimeScales.at(pair, window, taus[i]).value();
            covTestFlows[i] = ThroughputVariation.ofAggregate(pair, window, taus[i]).value();
            covBottleneck[i] = ThroughputVariation.ofLink(bottleneck, window, taus[i]).value();
        }
        int bin = Math.max(1, (run.samples() - 1 + MAX_BINS - 1) / MAX_BINS);
        return new FriendlinessResult(cell.protocol(), cell.rttNanos() / 1e6, run.seed(),
                MetricInputs.seconds(run.durationNanos()), MetricInputs.seconds(run.warmupNanos()),
                JainIndex.ofMeanThroughput(pair, window), ratio.value(), ratio.inverse(), ratio.smallerOverLarger(),
                LinkUtilization.ofLink(bottleneck, window).value(),
                LinkUtilization.ofBytes(MetricInputs.payloadBytes(run, bottleneckRecord), bottleneck.capacityBps(), window).value(),
                LinkUtilization.ofBytes(MetricInputs.wireBytes(run, bottleneckRecord), bottleneck.capacityBps(), window).value(),
                framing(scenario), QueueDropRatio.of(bottleneck, window).value(),
                criterion.describe(), convergence.settling().seconds(), convergence.settling().reached(),
                convergence.firstPassage().seconds(), convergence.firstPassage().reached(), taus, fairness,
                covTestFlows, covBottleneck,
                bin * MetricInputs.seconds(run.sampleNanos()), binned(tested, bin), binned(standard, bin),
                run.wallSeconds());
    }

    /** The bottleneck's link-layer framing, as the wire-utilization table names it. */
    private static String framing(Scenario scenario) {
        String bottleneck = scenario.topology().bottlenecks().get(0);
        return scenario.topology().links().stream().filter(l -> l.name().equals(bottleneck)).findFirst()
                .map(l -> l.params().framing().toString()).orElseThrow();
    }

    /** Goodput in Mbit/s over consecutive bins of {@code bin} samples (a shorter tail dropped). */
    static double[] binned(FlowSeries flow, int bin) {
        double[] mbps = new double[flow.deliveredBytes().intervals() / bin];
        for (int k = 0; k < mbps.length; k++) {
            mbps[k] = flow.throughputBps(k * bin, (k + 1) * bin) / 1e6;
        }
        return mbps;
    }
}
