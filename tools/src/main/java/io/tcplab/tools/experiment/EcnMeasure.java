package io.tcplab.tools.experiment;

import io.tcplab.tools.metrics.FlowSeries;
import io.tcplab.tools.metrics.GroupThroughput;
import io.tcplab.tools.metrics.MeasurementWindow;
import io.tcplab.tools.scenario.FlowSpec;
import io.tcplab.tools.scenario.LinkSpec;
import io.tcplab.tools.scenario.Scenario;
import io.tcplab.tools.scenario.ScenarioResult;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Seed 001's numbers of one run: each group's aggregate goodput and the RED/ECN queues' ECT drops. */
public final class EcnMeasure {
    private EcnMeasure() {
    }

    public static EcnResult of(String configuration, Scenario scenario, ScenarioResult run) {
        MeasurementWindow window = MetricInputs.measured(run);
        Map<String, List<FlowSpec>> groups = new LinkedHashMap<>();
        List<FlowSeries> series = new ArrayList<>();
        for (io.tcplab.tools.scenario.FlowSeries f : run.flows()) {
            String group = f.flow().group();
            if (!group.equals("background")) {
                groups.computeIfAbsent(group, g -> new ArrayList<>()).add(f.flow());
                series.add(MetricInputs.flow(run, f, group));
            }
        }
        List<EcnResult.GroupRate> rates = new ArrayList<>();
        for (Map.Entry<String, List<FlowSpec>> g : groups.entrySet()) {
            FlowSpec first = g.getValue().get(0);
            rates.add(new EcnResult.GroupRate(g.getKey(), g.getValue().size(), label(g.getValue().size(), first), first.from() + "->" + first.to(),
                    GroupThroughput.aggregateBps(series, g.getKey(), window) / 1e6));
        }
        Map<String, Long> ectDropped = new LinkedHashMap<>();
        for (LinkSpec link : scenario.topology().links()) {
            if (link.params().red() != null && link.params().red().ecn()) {
                ectDropped.put(link.name(), run.link(link.name()).ectDropped());
            }
        }
        return new EcnResult(configuration, run.seed(), MetricInputs.seconds(run.durationNanos()),
                MetricInputs.seconds(run.warmupNanos()), rates, GroupThroughput.totalBps(series, window) / 1e6,
                ectDropped, run.wallSeconds());
    }

    /** "10 ECN and SACK streams", as the seed's column heads. */
    static String label(int count, FlowSpec flow) {
        return count + " " + (flow.options().ecn ? "ECN" : "non-ECN") + " and " + (flow.options().sack ? "SACK" : "non-SACK")
                + (count == 1 ? " stream" : " streams");
    }
}
