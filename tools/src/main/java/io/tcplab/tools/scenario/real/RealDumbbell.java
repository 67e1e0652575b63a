package io.tcplab.tools.scenario.real;

import io.tcplab.tools.ab.AbException;
import io.tcplab.tools.ab.AllowedAlgorithm;
import io.tcplab.tools.ab.RealPath;
import io.tcplab.tools.link.LinkParams;
import io.tcplab.tools.link.LinkSchedule;
import io.tcplab.tools.link.bridge.BridgeTopology;
import io.tcplab.tools.link.bridge.LinkBridge;
import io.tcplab.tools.scenario.LinkEvent;
import io.tcplab.tools.scenario.LinkSpec;
import io.tcplab.tools.scenario.Scenario;
import io.tcplab.tun.TestHosts;
import java.net.InetSocketAddress;
import java.nio.channels.ServerSocketChannel;
import java.util.ArrayList;
import java.util.List;

/**
 * A scenario's dumbbell in throw-away namespaces, every link a user-space {@link LinkBridge}:
 *
 * <pre>
 *  sender ns gK (one per {@link RealPlan.Group})          router ns "left"                   ns "right"
 *  kernel senders ─ 10.80.K.1 TUN ══ access bridge K ══ TUN 10.81.K.1 ┐
 *  tcplab flow i ── TUN 10.90.i.1 (stack 10.90.i.2)                  ├ 10.77.1.1 TUN ══ bottleneck ══ TUN 10.77.2.1 ─ receivers
 *  (default route via the access TUN; ip_forward=1)   routes back via K ┘  (ip_forward=1)            (default route back)
 * </pre>
 *
 * The access bridge of group K carries that group's RTT as delay each way (its sender access delay
 * plus the receivers' access delay) and nothing else; the bottleneck bridge carries the topology's
 * {@code bottleneck} and {@code bottleneck-reverse} settings and their events. Each kernel group's
 * namespace has the kernel's algorithm and ECN/SACK/timestamp settings of its flows. {@link #close()}
 * stops the bridges, removes the namespaces (devices and routes with them) and restores the host's
 * allowed algorithms, also from a shutdown hook on Ctrl-C.
 */
final class RealDumbbell implements AutoCloseable {
    static final int MTU = 1500;
    static final String RECEIVER_ADDR = "10.77.2.1";

    private final TestHosts hosts;
    private final List<AllowedAlgorithm> allowed = new ArrayList<>();
    private final List<LinkBridge> bridges = new ArrayList<>();
    private final List<TestHosts.Host> senders = new ArrayList<>();
    private final Thread hook = new Thread(this::close, "tcplab-real-cleanup");
    private TestHosts.Host right;
    private LinkBridge bottleneck;

    private RealDumbbell(TestHosts hosts) {
        this.hosts = hosts;
    }

    /** Builds everything; the bottleneck starts last, and its start is the run's time 0. */
    static RealDumbbell open(Scenario s, RealPlan plan, long seed) {
        TestHosts.Availability a = TestHosts.available();
        if (!a.ok()) {
            throw new AbException(a.reason());
        }
        RealDumbbell net = new RealDumbbell(TestHosts.create());
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
        TestHosts.Host left = hosts.addHost("left");
        right = hosts.addHost("right");
        left.run("sysctl", "-qw", "net.ipv4.ip_forward=1");
        for (RealPlan.Group g : plan.groups()) {
            TestHosts.Host h = hosts.addHost("g" + g.index());
            h.run("sysctl", "-qw", "net.ipv4.ip_forward=1");
            if (g.kernel()) {
                kernelSettings(h, g);
            }
            senders.add(h);
            BridgeTopology.Devices d = BridgeTopology.open(h.name(), "10.80." + g.index() + ".1/24", "tlga%d",
                    left.name(), "10.81." + g.index() + ".1/24", "tlgb%d", MTU);
            LinkParams delay = LinkParams.of().setDelayNanos(g.oneWayNanos());
            bridges.add(LinkBridge.builder(d.a(), d.b()).forward(delay).reverse(delay.copy())
                    .names("g" + g.index() + "->left", "left->g" + g.index()).seed(seed)
                    .threadName("tcplab-real-access-" + g.index()).start());
            h.ip("-4", "route", "add", "default", "dev", d.a().name());
            for (int flow : g.flows()) {
                left.ip("-4", "route", "add", tcplabNet(flow), "dev", d.b().name());
            }
        }
        BridgeTopology.Devices d = BridgeTopology.open(left.name(), "10.77.1.1/24", "tlka%d", right.name(),
                RECEIVER_ADDR + "/24", "tlkb%d", MTU);
        right.ip("-4", "route", "add", "default", "dev", d.b().name());
        bottleneck = LinkBridge.builder(d.a(), d.b()).forward(params(s, "bottleneck"))
                .reverse(params(s, "bottleneck-reverse")).forwardSchedule(schedule(s, "bottleneck"))
                .reverseSchedule(schedule(s, "bottleneck-reverse")).names("bottleneck", "bottleneck-reverse")
                .seed(seed).threadName("tcplab-real-bottleneck").start();
        bridges.add(bottleneck);
    }

    /** The namespace's default algorithm (allowed first) and its ECN, SACK and timestamp switches. */
    private void kernelSettings(TestHosts.Host h, RealPlan.Group g) {
        AllowedAlgorithm a = AllowedAlgorithm.allow(g.kernelAlgorithm());
        if (a != null) {
            allowed.add(a);
        }
        h.run("sysctl", "-qw", "net.ipv4.tcp_congestion_control=" + g.kernelAlgorithm(),
                "net.ipv4.tcp_ecn=" + (g.ecn() ? 1 : 2), "net.ipv4.tcp_sack=" + (g.sack() ? 1 : 0),
                "net.ipv4.tcp_timestamps=" + (g.timestamps() ? 1 : 0));
    }

    private static LinkParams params(Scenario s, String link) {
        return s.topology().links().stream().filter(l -> l.name().equals(link)).map(LinkSpec::params).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("no link " + link)).copy();
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

    TestHosts.Host sender(RealPlan.Group g) {
        return senders.get(g.index());
    }

    /** A kernel listening socket in the receivers' namespace. */
    ServerSocketChannel listen(int port) {
        return right.inside(() -> {
            ServerSocketChannel ch = ServerSocketChannel.open();
            ch.bind(new InetSocketAddress(RECEIVER_ADDR, port));
            return ch;
        });
    }

    LinkBridge bottleneck() {
        return bottleneck;
    }

    /** The {@code System.nanoTime} of time 0: the bottleneck's start, the clock its events follow. */
    long originNanos() {
        return System.nanoTime() - bottleneck.elapsedNanos();
    }

    List<String> namespaces() {
        return hosts.hosts().stream().map(TestHosts.Host::name).toList();
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
