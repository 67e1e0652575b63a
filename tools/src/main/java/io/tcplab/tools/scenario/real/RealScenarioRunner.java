package io.tcplab.tools.scenario.real;

import io.tcplab.stack.conn.ConnectionOptions;
import io.tcplab.tools.ab.AbException;
import io.tcplab.tools.ab.KernelReceiver;
import io.tcplab.tools.ab.OutsideDrops;
import io.tcplab.tools.ab.RealPath;
import io.tcplab.tools.link.Seeds;
import io.tcplab.tools.link.bridge.DirectionStats;
import io.tcplab.tools.link.bridge.LinkBridge;
import io.tcplab.tools.link.bridge.LinkStalls;
import io.tcplab.tools.replay.Recordings;
import io.tcplab.tools.scenario.FlowPath;
import io.tcplab.tools.scenario.FlowSeries;
import io.tcplab.tools.scenario.FlowSpec;
import io.tcplab.tools.scenario.LinkSeries;
import io.tcplab.tools.scenario.Scenario;
import io.tcplab.tools.scenario.ScenarioResult;
import io.tcplab.tools.scenario.TopologySpec;
import io.tcplab.tools.scenario.TrafficSpec;
import io.tcplab.tun.TunException;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Iterator;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.LongConsumer;

/**
 * Runs a {@link RealPlan} for one seed in real time on a {@link RealNetwork}: a kernel receiver
 * per flow in its receiving router's namespace, each flow's sender started and stopped at its times (on one
 * helper thread, so a handshake never delays a sample), and every {@code sampleNanos} each
 * receiver's byte count, each sender's window and every topology link's queue and counters. The
 * result has the emulator's shape, so {@code tcplab run}'s tables, CSV, JSON and plots read it
 * alike; its links are the topology's (access links carry delay only and are not reported).
 */
public final class RealScenarioRunner {
    static final int FIRST_PORT = 5201;
    private static final long NS_PER_MS = 1_000_000L;

    private RealScenarioRunner() {
    }

    /** One timed thing to do: start or stop flow {@code flow}. */
    private record Action(long atNanos, int flow, boolean start) {
    }

    /**
     * Runs one seed; {@code notes} gets lines about the run's machinery for the user: the
     * namespaces used (removed by the time this returns) and how buffers and TUN rings were sized.
     * A run that lost packets anywhere but in a link (a TUN device, a refused write: losses the
     * link counters do not see) has no result: it fails with one line naming the counters. Each
     * tcplab flow's stack is recorded as {@code recordings} say, under the flow's name.
     */
    public static ScenarioResult run(Scenario s, RealPlan plan, long seed, LongConsumer progress, List<String> notes,
                                     Recordings recordings) throws InterruptedException {
        long wallStart = System.nanoTime();
        List<FlowSpec> flows = plan.flows();
        int n = flows.size();
        int samples = (int) (s.durationNanos() / s.sampleNanos()) + 1;
        long[][] delivered = new long[n][samples];
        long[][] cwnd = new long[n][samples];
        DirectionStats[][] links = new DirectionStats[s.topology().links().size()][samples];
        List<KernelReceiver> receivers = new ArrayList<>();
        List<RealSender> senders = new ArrayList<>();
        ExecutorService helper = Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, "tcplab-real-starter");
            t.setDaemon(true);
            return t;
        });
        try (RealNetwork net = RealNetwork.open(s, plan, seed)) {
            notes.add("real mode: namespaces " + String.join(", ", net.namespaces()) + " (removed at the end)");
            notes.add("real mode: " + net.sizingLine());
            for (int i = 0; i < n; i++) {
                FlowSpec f = flows.get(i);
                String peer = RealNetwork.receiverAddress(s.topology().routers().indexOf(f.to()));
                receivers.add(KernelReceiver.start(net.listen(f.to(), peer, FIRST_PORT + i), "tcplab-real-rx-" + f.name()));
                senders.add(sender(s, plan, net, i, peer, seed, recordings));
            }
            long origin = net.originNanos();
            List<Future<?>> done = new ArrayList<>();
            List<Action> actions = actions(flows, s.durationNanos());
            int next = 0;
            for (int k = 0; k < samples; k++) {
                long at = k * s.sampleNanos();
                for (; next < actions.size() && actions.get(next).atNanos() <= at; next++) {
                    Action a = actions.get(next);
                    sleepUntil(origin + a.atNanos());
                    RealSender sender = senders.get(a.flow());
                    done.add(helper.submit(() -> {
                        if (a.start()) {
                            sender.start();
                        } else {
                            sender.stop();
                        }
                        return null;
                    }));
                }
                sleepUntil(origin + at);
                for (int i = 0; i < n; i++) {
                    delivered[i][k] = receivers.get(i).bytes();
                    cwnd[i][k] = senders.get(i).cwndBytes();
                }
                int j = 0;
                for (LinkBridge b : net.topologyBridges().values()) {
                    links[j++][k] = b.forward();
                    links[j++][k] = b.reverse();
                }
                progress.accept(at);
                net.check();
                awaitAll(done, 0); // a start that failed ends the run now, not at its end
            }
            awaitAll(done, 10);
            OutsideDrops.Builder drops = new OutsideDrops.Builder();
            net.outsideDrops(drops);
            senders.forEach(sender -> sender.outsideDrops(drops));
            OutsideDrops outside = drops.build();
            if (!outside.none()) {
                throw new AbException("no result: packets were dropped outside the links, which only the links may do"
                        + " (seed " + seed + ": " + outside.describe() + ")");
            }
            List<FlowSeries> flowSeries = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                RealSender.Ending e = senders.get(i).end();
                FlowSpec f = flows.get(i);
                flowSeries.add(new FlowSeries(f, FlowPath.of(s.topology(), f).baseRttNanos(), delivered[i], cwnd[i],
                        e.info(), null, e.kernel(), null));
            }
            List<LinkSeries> linkSeries = new ArrayList<>();
            for (DirectionStats[] l : links) {
                linkSeries.add(series(l));
            }
            LinkStalls stalls = net.stalls();
            if (stalls.rounds().count() > 0) {
                notes.add("real mode: link threads: " + stalls.rounds().line() + " (seed " + seed
                        + "; packets waited in the devices meanwhile, delay the scenario does not have)");
            }
            return new ScenarioResult(s.name(), seed, s.sampleNanos(), s.warmupNanos(), s.durationNanos(), samples,
                    flowSeries, linkSeries, (System.nanoTime() - wallStart) / 1e9, 0, stalls);
        } catch (IOException e) {
            throw new AbException(e.getMessage(), e);
        } catch (TunException e) {
            throw RealPath.wrap(e);
        } finally {
            helper.shutdownNow();
            senders.forEach(RealSender::close);
            for (KernelReceiver r : receivers) {
                try {
                    r.close();
                } catch (IOException e) {
                    // closing a listener that is gone: nothing to do
                }
            }
        }
    }

    private static RealSender sender(Scenario s, RealPlan plan, RealNetwork net, int i, String peer, long seed,
                                     Recordings recordings) {
        FlowSpec f = plan.flows().get(i);
        RealPlan.Group g = plan.groupOf(i);
        long total = f.traffic() instanceof TrafficSpec.Fixed fixed ? fixed.bytes() : Long.MAX_VALUE;
        if (f.kernel()) {
            long kernelFlows = plan.flows().stream().filter(FlowSpec::kernel).count();
            // ss is a process per sample: sample less often when there are many kernel senders
            long interval = Math.min(1000 * NS_PER_MS, Math.max(s.sampleNanos(), 100 * NS_PER_MS * kernelFlows));
            return new KernelScenarioSender(net.sender(g), peer, FIRST_PORT + i, interval, g.kernelAlgorithm(), f.name(),
                    total);
        }
        return new TcplabScenarioSender(net.sender(g), i, peer, FIRST_PORT + i,
                tcplabOptions(s.topology(), f, net.socketBufferBytes()),
                Seeds.derive(seed, "stack", f.name()), f.name(), total, net.tcplabQueuePackets(), recordings);
    }

    /**
     * A tcplab flow's settings in real mode: the emulator's, but with auto buffers its send buffer is
     * {@code kernelBufferCeiling}, the kernel senders' tcp_wmem maximum. The kernel's beside it
     * autotune toward that ceiling, about twice the window in 4 kB of truesize per segment
     * (tcp_sndbuf_expand), which never holds a window back; the emulator's 2 BDP + queue did, and
     * decided the BBR pair's split (docs/scenarios.md). A buffer the file sets is kept.
     */
    static ConnectionOptions tcplabOptions(TopologySpec topology, FlowSpec f, int kernelBufferCeiling) {
        ConnectionOptions options = FlowPath.of(topology, f).options(f);
        return f.autoBuffers() ? options.toBuilder().sendBufferBytes(kernelBufferCeiling).build() : options;
    }

    /** Starts and (before the end) stops, in time order. */
    private static List<Action> actions(List<FlowSpec> flows, long durationNanos) {
        List<Action> actions = new ArrayList<>();
        for (int i = 0; i < flows.size(); i++) {
            actions.add(new Action(flows.get(i).startNanos(), i, true));
            if (flows.get(i).stopNanos() < durationNanos) {
                actions.add(new Action(flows.get(i).stopNanos(), i, false));
            }
        }
        actions.sort(Comparator.comparingLong(Action::atNanos));
        return actions;
    }

    private static LinkSeries series(DirectionStats[] samples) {
        int n = samples.length;
        long[] queueBytes = new long[n];
        long[] queuePackets = new long[n];
        long[] offered = new long[n];
        long[] dropped = new long[n];
        long[] deliveredBytes = new long[n];
        long[] deliveredWireBytes = new long[n];
        long[] deliveredPayloadBytes = new long[n];
        long[] ceMarked = new long[n];
        for (int k = 0; k < n; k++) {
            DirectionStats d = samples[k];
            queueBytes[k] = d.queuedBytes();
            queuePackets[k] = d.queuedPackets();
            offered[k] = d.link().offeredPackets();
            dropped[k] = d.link().queueDropped();
            deliveredBytes[k] = d.link().deliveredBytes();
            deliveredWireBytes[k] = d.link().deliveredWireBytes();
            deliveredPayloadBytes[k] = d.link().deliveredPayloadBytes();
            ceMarked[k] = d.link().ceMarked();
        }
        DirectionStats last = samples[n - 1];
        return new LinkSeries(last.name(), last.rateBitsPerSec(), queueBytes, queuePackets, offered, dropped,
                deliveredBytes, deliveredWireBytes, deliveredPayloadBytes, ceMarked, last.link(), last.earlyDropped(),
                last.ectDropped(), last.ectAboveMaxDropped(), null);
    }

    /**
     * Takes the outcome of the starts and stops done so far, waiting up to {@code seconds} for the
     * rest (0: only those already done); a failure is the run's.
     */
    private static void awaitAll(List<Future<?>> done, int seconds) throws InterruptedException {
        for (Iterator<Future<?>> it = done.iterator(); it.hasNext(); ) {
            Future<?> f = it.next();
            if (seconds == 0 && !f.isDone()) {
                continue;
            }
            try {
                f.get(seconds, TimeUnit.SECONDS);
                it.remove();
            } catch (ExecutionException e) {
                Throwable cause = e.getCause();
                throw cause instanceof RuntimeException r ? r : new AbException(String.valueOf(cause.getMessage()), cause);
            } catch (TimeoutException e) {
                throw new AbException("a flow did not start or stop within " + seconds + " s of the run's end");
            }
        }
    }

    private static void sleepUntil(long nanoTime) throws InterruptedException {
        long wait;
        while ((wait = nanoTime - System.nanoTime()) > 0) {
            TimeUnit.NANOSECONDS.sleep(wait);
        }
    }
}
