package io.tcplab.tools.experiment;

import io.tcplab.stack.conn.ConnectionInfo;
import io.tcplab.tools.link.RedParams;
import io.tcplab.tools.metrics.FlowSeries;
import io.tcplab.tools.metrics.GroupThroughput;
import io.tcplab.tools.metrics.MeasurementWindow;
import io.tcplab.tools.scenario.FlowSpec;
import io.tcplab.tools.scenario.LinkSeries;
import io.tcplab.tools.scenario.LinkSpec;
import io.tcplab.tools.scenario.Scenario;
import io.tcplab.tools.scenario.ScenarioResult;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Seed 001's numbers of one run: each group's aggregate goodput and counters, and the RED/ECN queues' marks and drops. */
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
                    GroupThroughput.aggregateBps(series, g.getKey(), window) / 1e6, first.options().ecn,
                    counts(run, g.getKey())));
        }
        List<EcnResult.QueueCounts> queues = new ArrayList<>();
        for (LinkSpec link : scenario.topology().links()) {
            RedParams red = link.params().red();
            if (red != null && red.ecn()) {
                LinkSeries l = run.link(link.name());
                queues.add(new EcnResult.QueueCounts(link.name(), red.aboveMax().toString(), red.maxP(), l.stats().ceMarked(),
                        l.earlyDropped(), l.stats().queueDropped() - l.earlyDropped(), l.ectDropped(),
                        l.ectAboveMaxDropped()));
            }
        }
        long losses = run.links().stream().mapToLong(l -> l.ectDropped() + l.stats().lostRandom()
                + l.stats().lostEvery() + l.stats().corrupted()).sum();
        return new EcnResult(configuration, run.seed(), MetricInputs.seconds(run.durationNanos()),
                MetricInputs.seconds(run.warmupNanos()), rates, GroupThroughput.totalBps(series, window) / 1e6,
                queues, losses, run.wallSeconds());
    }

    /** A group's counters summed over its flows that have a connection; its senders' final srtt averaged. */
    static EcnResult.GroupCounts counts(ScenarioResult run, String group) {
        long ce = 0;
        long retransmissions = 0;
        long tlps = 0;
        long rtos = 0;
        double srtt = 0;
        int connected = 0;
        for (io.tcplab.tools.scenario.FlowSeries f : run.flows()) {
            if (!f.flow().group().equals(group)) {
                continue;
            }
            ce += f.ceReceived() == null ? 0 : f.ceReceived();
            ConnectionInfo info = f.info();
            if (info != null) {
                retransmissions += info.segmentsRetransmitted();
                tlps += info.tlpProbes();
                rtos += info.rtoCount();
                srtt += info.srttNanos() / 1e6;
                connected++;
            }
        }
        return new EcnResult.GroupCounts(ce, retransmissions, tlps, rtos, connected == 0 ? Double.NaN : srtt / connected);
    }

    /** "10 ECN and SACK streams", as the seed's column heads. */
    static String label(int count, FlowSpec flow) {
        return count + " " + (flow.options().ecn ? "ECN" : "non-ECN") + " and " + (flow.options().sack ? "SACK" : "non-SACK")
                + (count == 1 ? " stream" : " streams");
    }
}
