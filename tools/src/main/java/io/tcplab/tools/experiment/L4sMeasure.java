package io.tcplab.tools.experiment;

import io.tcplab.stack.conn.ConnectionInfo;
import io.tcplab.tools.link.EcnClassCounters;
import io.tcplab.tools.metrics.FlowSeries;
import io.tcplab.tools.scenario.LinkSeries;
import io.tcplab.tools.scenario.Scenario;
import io.tcplab.tools.scenario.ScenarioResult;
import java.util.ArrayList;
import java.util.List;

/** An L4S coexistence run's numbers, from what the runner recorded. */
public final class L4sMeasure {
    /** Plots need no more points than this per flow. */
    private static final int MAX_BINS = 600;

    private L4sMeasure() {
    }

    public static L4sResult of(Scenario scenario, ScenarioResult run) {
        String bottleneck = scenario.topology().bottlenecks().get(0);
        LinkSeries link = run.link(bottleneck);
        int bin = Math.max(1, (run.samples() - 1 + MAX_BINS - 1) / MAX_BINS);
        List<L4sResult.Flow> flows = new ArrayList<>();
        double l4sBps = 0;
        double classicBps = 0;
        boolean anyL4s = false;
        boolean anyClassic = false;
        for (io.tcplab.tools.scenario.FlowSeries f : run.flows()) {
            double bps = run.measuredThroughput(f);
            boolean l4s = l4s(f.info());
            if (l4s) {
                l4sBps += bps;
                anyL4s = true;
            } else {
                classicBps += bps;
                anyClassic = true;
            }
            Long retransmitted = f.retransmissions();
            FlowSeries series = MetricInputs.flow(run, f, l4s ? "l4s" : "classic");
            flows.add(new L4sResult.Flow(f.name(), f.flow().options().congestionControl, l4s, bps / 1e6,
                    retransmitted == null ? 0 : retransmitted, FriendlinessMeasure.binned(series, bin)));
        }
        EcnClassCounters.Snapshot byClass = link.measuredByEcnClass();
        return new L4sResult(link.stats().queue(), run.seed(), MetricInputs.seconds(run.durationNanos()),
                MetricInputs.seconds(run.warmupNanos()), flows,
                anyL4s && anyClassic ? l4sBps / classicBps : Double.NaN, run.measuredUtilization(link),
                queue(byClass.l4s()), queue(byClass.classic()), bin * MetricInputs.seconds(run.sampleNanos()),
                run.wallSeconds());
    }

    /**
     * An L4S flow's data arrived ECT(1) or CE: the AccECN feedback its sender read counted ECT(1)
     * bytes (RFC 9768 s.e1b). A flow without AccECN cannot have sent ECT(1) (RFC 9331 §4.2).
     */
    static boolean l4s(ConnectionInfo info) {
        return info != null && info.accEcn() != null && info.accEcn().ect1Bytes() > 0;
    }

    static L4sResult.Queue queue(EcnClassCounters.Stats s) {
        double[] quantiles = new double[s.quantilesNanos().length];
        for (int i = 0; i < quantiles.length; i++) {
            quantiles[i] = s.quantilesNanos()[i] / 1e6;
        }
        return new L4sResult.Queue(s.packets(), s.p50Nanos() / 1e6, s.p99Nanos() / 1e6, s.maxNanos() / 1e6,
                s.marked(), s.dropped(), quantiles);
    }
}
