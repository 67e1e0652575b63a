package io.tcplab.tools.scenario.real;

import io.tcplab.stack.conn.EcnMode;
import io.tcplab.tools.ab.AbException;
import io.tcplab.tools.ab.AllowedAlgorithm;
import io.tcplab.tools.ab.OutsideDrops;
import io.tcplab.tools.ab.RealPath;
import io.tcplab.tools.link.LinkParams;
import io.tcplab.tools.link.LinkSchedule;
import io.tcplab.tools.link.bridge.BridgeTopology;
import io.tcplab.tools.link.bridge.LinkBridge;
import io.tcplab.tools.link.bridge.LinkStalls;
import io.tcplab.tools.link.bridge.LoopStalls;
import io.tcplab.tools.scenario.LinkEvent;
import io.tcplab.tools.scenario.LinkSpec;
import io.tcplab.tools.scenario.PathDelays;
import io.tcplab.tools.scenario.Scenario;
import io.tcplab.tools.scenario.TopologySpec;
import io.tcplab.tun.NamespaceHosts;
import java.net.InetSocketAddress;
import java.nio.channels.ServerSocketChannel;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A scenario's network in throw-away namespaces, every link a user-space {@link LinkBridge}. Each
 * router is a namespace that forwards; each two-way topology link ({@code NAME} and
 * {@code NAME-reverse}) one bridge between its routers' namespaces; each sender group
 * ({@link RealPlan.Group}) a namespace joined to its router by an access bridge. A dumbbell:
 *
 * <pre>
 *  sender ns sndK                                         router ns "left"                         router ns "right"
 *  kernel senders ─ 10.80.K.1 TUN ══ access bridge K ══ TUN 10.81.K.1 ┐
 *  tcplab flow i ── TUN 10.90.i.1 (stack 10.90.i.2)                  ├ 10.70.0.1 TUN ══ bottleneck ══ TUN 10.71.0.1
 *  (default route via the access TUN, ip_forward=1)                  ┘                                receivers on 10.60.1.1 (lo)
 * </pre>
 *
 * Router R's receivers listen on 10.60.R.1 (on its loopback). Every router routes each other
 * router's addresses (its receivers, its groups' senders and tcplab devices) into the first link of
 * the topology's route there (fewest hops, as the emulator). The access bridge of a group carries
 * its flows' RTT as delay each way (sender access delay plus the receiver's) and nothing else; a
 * topology bridge carries the link's settings both ways and its events, counted from the moment
 * the topology bridges start (one after another, microseconds apart: time 0). Each kernel group's
 * namespace has its flows' algorithm and ECN/SACK/timestamp switches. Buffers and TUN rings are
 * sized by {@link RealSizing} (as {@code tcplab ab} sizes its path) so that nothing but a link
 * drops: the senders' {@code tcp_wmem} and the routers' (receivers') {@code tcp_rmem} maximum, and
 * each device's txqueuelen for the flows crossing it. {@link #close()} stops the
 * bridges, removes the namespaces (devices and routes with them) and restores the host's allowed
 * algorithms, also from a shutdown hook on Ctrl-C.
 */
final class RealNetwork implements AutoCloseable {
    static final int MTU = 1500;

    /** A TUN device of a bridge and the namespace it is in, for its drop counters. */
    private record Device(NamespaceHosts.Host host, String name) {
    }

    private final NamespaceHosts hosts;
    private final RealSizing sizing;
    private final List<Device> bridgeDevices = new ArrayList<>();
    private final List<AllowedAlgorithm> allowed = new ArrayList<>();
    private final List<LinkBridge> bridges = new ArrayList<>();
    private final Map<String, NamespaceHosts.Host> routers = new LinkedHashMap<>();
    private final List<NamespaceHosts.Host> senders = new ArrayList<>();
    /** The topology bridges by forward link name, in the topology's order. */
    private final Map<String, LinkBridge> topologyBridges = new LinkedHashMap<>();
    private final Thread hook = new Thread(this::close, "tcplab-real-cleanup");
    private long originNanos;

    private RealNetwork(NamespaceHosts hosts, RealSizing sizing) {
        this.hosts = hosts;
        this.sizing = sizing;
    }

    /** Builds everything; the topology's bridges start last, and their start is the run's time 0. */
    static RealNetwork open(Scenario s, RealPlan plan, long seed) {
        NamespaceHosts.Availability a = NamespaceHosts.available();
        if (!a.ok()) {
            throw new AbException(a.reason());
        }
        RealNetwork net = new RealNetwork(NamespaceHosts.create(), RealSizing.of(s.topology(), plan.flows(), MTU));
        Runtime.getRuntime().addShutdownHook(net.hook);
        try {
            net.build(s, plan, seed);
            return net;
        } catch (RuntimeException e) {
            net.close();
            throw RealPath.wrap(e);
        }
    }

    private void build(Scenario s, RealPlan plan, long seed) {
        TopologySpec topology = s.topology();
        List<String> names = topology.routers();
        for (int r = 0; r < names.size(); r++) {
            NamespaceHosts.Host h = hosts.addHost(names.get(r));
            h.run("sysctl", "-qw", "net.ipv4.ip_forward=1");
            h.ip("-4", "addr", "add", receiverAddress(r) + "/32", "dev", "lo");
            RealPath.setBufferMaximum(h, "net.ipv4.tcp_rmem", sizing.sizing().socketBufferBytes()); // its receivers
            routers.put(names.get(r), h);
        }
        // the device each router sends into, per topology link leaving it
        Map<String, String> deviceOf = new HashMap<>();
        List<BridgeTopology.Devices> devices = new ArrayList<>();
        List<LinkSpec> links = topology.links();
        for (int j = 0; j < links.size() / 2; j++) {
            LinkSpec forward = links.get(2 * j);
            LinkSpec reverse = links.get(2 * j + 1);
            if (!reverse.from().equals(forward.to()) || !reverse.to().equals(forward.from())) {
                throw new IllegalStateException("link " + reverse.name() + " is not " + forward.name() + " backwards");
            }
            BridgeTopology.Devices d = BridgeTopology.open(routers.get(forward.from()).name(), "10.70." + j + ".1/24",
                    "tcplab-ta%d", routers.get(forward.to()).name(), "10.71." + j + ".1/24", "tcplab-tb%d", MTU,
                    sizing.linkQueuePackets(j));
            bridgeDevices.add(new Device(routers.get(forward.from()), d.a().name()));
            bridgeDevices.add(new Device(routers.get(forward.to()), d.b().name()));
            devices.add(d);
            deviceOf.put(forward.name(), d.a().name());
            deviceOf.put(reverse.name(), d.b().name());
        }
        Map<String, List<String>> owned = new HashMap<>();
        for (int r = 0; r < names.size(); r++) {
            owned.computeIfAbsent(names.get(r), k -> new ArrayList<>()).add(receiverAddress(r) + "/32");
        }
        for (RealPlan.Group g : plan.groups()) {
            senderGroup(g, seed, owned.get(g.router()), topology.access().jitterNanos());
        }
        for (String from : names) {
            for (String to : names) {
                if (!from.equals(to)) {
                    routeAll(topology, from, to, owned.get(to), deviceOf);
                }
            }
        }
        for (int j = 0; j < devices.size(); j++) {
            LinkSpec forward = links.get(2 * j);
            LinkSpec reverse = links.get(2 * j + 1);
            BridgeTopology.Devices d = devices.get(j);
            LinkBridge b = LinkBridge.builder(d.a(), d.b()).forward(forward.params().copy())
                    .reverse(reverse.params().copy()).forwardSchedule(schedule(s, forward.name()))
                    .reverseSchedule(schedule(s, reverse.name())).names(forward.name(), reverse.name()).seed(seed)
                    .threadName("tcplab-real-" + forward.name()).start();
            if (j == 0) {
                originNanos = System.nanoTime() - b.elapsedNanos();
            }
            bridges.add(b);
            topologyBridges.put(forward.name(), b);
        }
    }

    /** Group g's namespace, settings, access bridge (delay and the access links' jitter) and its router's routes to it. */
    private void senderGroup(RealPlan.Group g, long seed, List<String> ownedByRouter, long accessJitterNanos) {
        NamespaceHosts.Host router = routers.get(g.router());
        NamespaceHosts.Host h = hosts.addHost("snd" + g.index());
        h.run("sysctl", "-qw", "net.ipv4.ip_forward=1");
        if (g.kernel()) {
            kernelSettings(h, g);
        }
        senders.add(h);
        String senderNet = "10.80." + g.index() + ".0/24";
        BridgeTopology.Devices d = BridgeTopology.open(h.name(), senderNet.replace(".0/24", ".1/24"), "tcplab-ga%d",
                router.name(), "10.81." + g.index() + ".1/24", "tcplab-gb%d", MTU, sizing.queuePackets(g.flows().size()));
        bridgeDevices.add(new Device(h, d.a().name()));
        bridgeDevices.add(new Device(router, d.b().name()));
        LinkParams delay = LinkParams.of().setDelayNanos(g.oneWayNanos()).setJitterNanos(accessJitterNanos);
        bridges.add(LinkBridge.builder(d.a(), d.b()).forward(delay).reverse(delay.copy())
                .names("g" + g.index() + "->" + g.router(), g.router() + "->g" + g.index()).seed(seed)
                .threadName("tcplab-real-access-" + g.index()).start());
        h.ip("-4", "route", "add", "default", "dev", d.a().name());
        ownedByRouter.add(senderNet); // the router has it through BridgeTopology's route already
        for (int flow : g.flows()) {
            router.ip("-4", "route", "add", tcplabNet(flow), "dev", d.b().name());
            ownedByRouter.add(tcplabNet(flow));
        }
    }

    /** In router {@code from}, every destination of router {@code to} into the first link towards it. */
    private void routeAll(TopologySpec topology, String from, String to, List<String> destinations,
                          Map<String, String> deviceOf) {
        LinkSpec first = PathDelays.route(topology, from, to).orElseThrow(
                () -> new IllegalStateException("no route from " + from + " to " + to)).get(0);
        for (String destination : destinations) {
            routers.get(from).ip("-4", "route", "add", destination, "dev", deviceOf.get(first.name()));
        }
    }

    /** tcp_ecn for a kernel sender: 1 asks for classic ECN, 3 for AccECN (Linux 7.0 and later: "tcp: accecn: enable AccECN", February 2026), 2 only answers. */
    private static int kernelEcn(EcnMode mode) {
        return switch (mode) {
            case CLASSIC -> 1;
            case ACCECN -> 3;
            case OFF -> 2;
        };
    }

    /** The namespace's default algorithm (allowed first) and its ECN, SACK and timestamp switches. */
    private void kernelSettings(NamespaceHosts.Host h, RealPlan.Group g) {
        AllowedAlgorithm a = AllowedAlgorithm.allow(g.kernelAlgorithm());
        if (a != null) {
            allowed.add(a);
        }
        h.run("sysctl", "-qw", "net.ipv4.tcp_congestion_control=" + g.kernelAlgorithm(),
                "net.ipv4.tcp_ecn=" + kernelEcn(g.ecn()), "net.ipv4.tcp_sack=" + (g.sack() ? 1 : 0),
                "net.ipv4.tcp_timestamps=" + (g.timestamps() ? 1 : 0));
        RealPath.setBufferMaximum(h, "net.ipv4.tcp_wmem", sizing.sizing().socketBufferBytes());
    }

    private static LinkSchedule schedule(Scenario s, String link) {
        List<LinkSchedule.Change> changes = new ArrayList<>();
        for (LinkEvent e : s.events()) {
            if (e.link().equals(link)) {
                changes.addAll(e.schedule().changes());
            }
        }
        return new LinkSchedule(changes);
    }

    /** Where the receivers of router number {@code r} (in the topology's order) listen. */
    static String receiverAddress(int r) {
        return "10.60." + r + ".1";
    }

    /** The subnet of flow {@code i}'s tcplab device (its kernel side .1, the stack .2). */
    static String tcplabNet(int flow) {
        return "10." + (90 + flow / 256) + "." + flow % 256 + ".0/24";
    }

    static String tcplabDeviceCidr(int flow) {
        return tcplabNet(flow).replace(".0/24", ".1/24");
    }

    static String tcplabAddress(int flow) {
        return tcplabNet(flow).replace(".0/24", ".2");
    }

    NamespaceHosts.Host sender(RealPlan.Group g) {
        return senders.get(g.index());
    }

    /** A kernel listening socket in router {@code router}'s namespace, on its receiver address. */
    ServerSocketChannel listen(String router, String address, int port) {
        return routers.get(router).inside(() -> {
            ServerSocketChannel ch = ServerSocketChannel.open();
            ch.bind(new InetSocketAddress(address, port));
            return ch;
        });
    }

    /** The topology's bridges by forward link name (the reverse link is each one's reverse direction). */
    Map<String, LinkBridge> topologyBridges() {
        return topologyBridges;
    }

    /** The {@code System.nanoTime} of time 0: when the topology's links started, the clock their events follow. */
    long originNanos() {
        return originNanos;
    }

    List<String> namespaces() {
        return hosts.hosts().stream().map(NamespaceHosts.Host::name).toList();
    }

    /** What the sizing gave, for the user: buffers and rings. */
    String sizingLine() {
        return "socket buffers " + sizing.sizing().socketBufferBytes() + " B, TUN rings "
                + sizing.queuePackets(1) + " packets per flow crossing";
    }

    /** The kernel senders' {@code tcp_wmem} ceiling, which tcplab flows get as their send buffer too. */
    int socketBufferBytes() {
        return sizing.sizing().socketBufferBytes();
    }

    /** The ring of a tcplab flow's own TUN device (one flow crosses it). */
    int tcplabQueuePackets() {
        return sizing.queuePackets(1);
    }

    /**
     * Adds what was lost between the links and the kernel to {@code drops}: every bridge device's
     * TX, RX and qdisc drops and the writes into it the kernel refused (tcplab's own devices are
     * their senders' to count).
     */
    void outsideDrops(OutsideDrops.Builder drops) {
        for (Device d : bridgeDevices) {
            RealPath.deviceDrops(d.host(), d.name(), drops);
        }
        for (LinkBridge b : bridges) {
            drops.add("bridge writes " + b.forward().name(), b.forward().writeDrops());
            drops.add("bridge writes " + b.reverse().name(), b.reverse().writeDrops());
        }
    }

    /** Every bridge's late rounds together, and each topology link direction's starved time. */
    LinkStalls stalls() {
        LoopStalls all = new LoopStalls();
        bridges.forEach(b -> all.add(b.stalls()));
        Map<String, Long> starved = new LinkedHashMap<>();
        for (LinkBridge b : topologyBridges().values()) {
            starved.put(b.forward().name(), b.stalls().forwardStarvedNanos());
            starved.put(b.reverse().name(), b.stalls().reverseStarvedNanos());
        }
        return new LinkStalls(all, starved);
    }

    /** Fails the run if a bridge stopped on its own. */
    void check() {
        for (LinkBridge b : bridges) {
            if (b.failure() != null) {
                throw new AbException("a link bridge failed: " + b.failure(), b.failure());
            }
        }
    }

    @Override
    public synchronized void close() {
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException e) {
            // the JVM is shutting down: this is the hook
        }
        try {
            for (LinkBridge b : bridges) {
                b.close();
            }
        } finally {
            bridges.clear();
            try {
                hosts.close();
            } finally {
                for (AllowedAlgorithm a : allowed) {
                    a.close();
                }
                allowed.clear();
            }
        }
    }
}
