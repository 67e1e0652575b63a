package io.tcplab.tools.scenario;

import io.tcplab.tools.emu.Network;
import io.tcplab.tools.link.Link;
import java.util.ArrayList;
import java.util.List;
import java.util.function.LongConsumer;

/**
 * Runs a {@link Scenario} for one seed on the emulator: builds the network
 * ({@link ScenarioNetwork}), starts every flow at its time ({@link FlowDriver}), samples every
 * flow's delivered bytes and cwnd and every link's queue and counters each
 * {@code sampleNanos}, and stops at the duration. The same scenario and seed give the same
 * series, sample for sample. The stacks run payload-free (segments carry lengths, no bytes: the
 * applications only count), which gives the same series as real bytes at a fraction of the cost.
 */
public final class MultiFlowRunner {
    private MultiFlowRunner() {
    }

    public static ScenarioResult run(Scenario scenario, long seed) {
        return run(scenario, seed, now -> { });
    }

    /** {@code progress} hears the virtual time at each sample (for a progress bar). */
    public static ScenarioResult run(Scenario scenario, long seed, LongConsumer progress) {
        return run(scenario, seed, progress, false);
    }

    /** With {@code payload}, the stacks carry real (zero) bytes instead: the same series, slower. */
    public static ScenarioResult run(Scenario scenario, long seed, LongConsumer progress, boolean payload) {
        long wallStart = System.nanoTime();
        List<FlowHosts> hosts = new ArrayList<>();
        Network network = ScenarioNetwork.build(scenario, seed, payload, hosts);
        byte[] scratch = new byte[64 * 1024];
        List<FlowDriver> drivers = new ArrayList<>();
        for (FlowHosts h : hosts) {
            drivers.add(new FlowDriver(h, scratch, seed));
        }
        List<Link> links = new ArrayList<>(network.links());
        int samples = (int) (scenario.durationNanos() / scenario.sampleNanos()) + 1;
        Samples s = new Samples(drivers.size(), links.size(), samples);
        network.scheduler().atEach(0, scenario.sampleNanos(), samples, (index, at) -> {
            s.take(index, at, drivers, links);
            progress.accept(at);
        });
        // the per-class counts hold the measurement window only: they start over when the warm-up ends
        network.at(scenario.warmupNanos(), () -> links.forEach(l -> l.counters().byEcnClass().restart()));
        network.scheduler().runUntil(scenario.durationNanos());

        List<FlowSeries> flows = new ArrayList<>();
        for (int i = 0; i < drivers.size(); i++) {
            flows.add(drivers.get(i).series(s.delivered[i], s.cwnd[i]));
        }
        List<LinkSeries> linkSeries = new ArrayList<>();
        for (int j = 0; j < links.size(); j++) {
            Link link = links.get(j);
            linkSeries.add(new LinkSeries(link.name(), link.params().rateBitsPerSec(), s.queueBytes[j],
                    s.queuePackets[j], s.offered[j], s.dropped[j], s.linkDelivered[j], s.linkDeliveredWire[j],
                    s.linkDeliveredPayload[j], s.ceMarked[j], link.stats(),
                    link.counters().earlyDropped(), link.counters().ectDropped(),
                    link.counters().ectAboveMaxDropped(), link.counters().byEcnClass().snapshot()));
        }
        return new ScenarioResult(scenario.name(), seed, scenario.sampleNanos(), scenario.warmupNanos(),
                scenario.durationNanos(), samples, flows, linkSeries, (System.nanoTime() - wallStart) / 1e9,
                network.scheduler().eventsProcessed(), null);
    }

    /** The series being filled, in primitive arrays. */
    private static final class Samples {
        final long[][] delivered;
        final long[][] cwnd;
        final long[][] queueBytes;
        final long[][] queuePackets;
        final long[][] offered;
        final long[][] dropped;
        final long[][] linkDelivered;
        final long[][] linkDeliveredWire;
        final long[][] linkDeliveredPayload;
        final long[][] ceMarked;

        Samples(int flows, int links, int samples) {
            delivered = new long[flows][samples];
            cwnd = new long[flows][samples];
            queueBytes = new long[links][samples];
            queuePackets = new long[links][samples];
            offered = new long[links][samples];
            dropped = new long[links][samples];
            linkDelivered = new long[links][samples];
            linkDeliveredWire = new long[links][samples];
            linkDeliveredPayload = new long[links][samples];
            ceMarked = new long[links][samples];
        }

        void take(int k, long now, List<FlowDriver> drivers, List<Link> links) {
            for (int i = 0; i < drivers.size(); i++) {
                delivered[i][k] = drivers.get(i).delivered();
                cwnd[i][k] = drivers.get(i).cwnd();
            }
            for (int j = 0; j < links.size(); j++) {
                Link link = links.get(j);
                queueBytes[j][k] = link.queuedBytes(now);
                queuePackets[j][k] = link.queuedPackets(now);
                offered[j][k] = link.counters().offeredPackets();
                dropped[j][k] = link.counters().queueDropped();
                linkDelivered[j][k] = link.counters().deliveredBytes();
                linkDeliveredWire[j][k] = link.counters().deliveredWireBytes();
                linkDeliveredPayload[j][k] = link.counters().deliveredPayloadBytes();
                ceMarked[j][k] = link.counters().ceMarked();
            }
        }
    }
}
