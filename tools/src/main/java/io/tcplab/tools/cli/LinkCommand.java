package io.tcplab.tools.cli;

import io.tcplab.tools.link.Limit;
import io.tcplab.tools.link.LinkParams;
import io.tcplab.tools.link.LinkSchedule;
import io.tcplab.tools.link.Units;
import io.tcplab.tools.link.bridge.BridgeTopology;
import io.tcplab.tools.link.bridge.LinkBridge;
import io.tcplab.tools.link.bridge.NetemPlan;
import io.tcplab.tools.link.bridge.NetemRunner;
import io.tcplab.tun.NamespaceHosts;
import io.tcplab.tun.TunException;
import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import picocli.CommandLine.Command;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;
import picocli.CommandLine.TypeConversionException;

/** {@code tcplab link}: the emulator's link model in real time between two TUN devices, or through tc netem. */
@Command(name = "link", mixinStandardHelpOptions = true, versionProvider = Version.class, sortOptions = false,
        description = {"Bridges two TUN devices through the emulator's link model in real time: TUN A in the left "
                + "namespace, TUN B in the right one, each routing the other side's subnet, so kernel traffic "
                + "from left to right crosses the link. With --netem DEV, applies the same settings and schedule "
                + "with tc netem instead (where the kernel has it). Runs until --duration or Ctrl-C, then prints "
                + "the counters of each direction. See docs/link.md.",
                "Exit codes: 0 success, 1 the link failed, 2 a bad option."})
public final class LinkCommand implements Callable<Integer> {
    @Spec
    private CommandSpec command;

    @Option(names = "--left-ns", paramLabel = "NS", description = "Namespace of the left host (TUN A's kernel side).")
    private String leftNs;

    @Option(names = "--left-addr", paramLabel = "CIDR", defaultValue = "10.77.1.1/24",
            description = "Address of the left host on TUN A (default: ${DEFAULT-VALUE}).")
    private String leftAddr;

    @Option(names = "--right-ns", paramLabel = "NS", description = "Namespace of the right host (TUN B's kernel side).")
    private String rightNs;

    @Option(names = "--right-addr", paramLabel = "CIDR", defaultValue = "10.77.2.1/24",
            description = "Address of the right host on TUN B (default: ${DEFAULT-VALUE}).")
    private String rightAddr;

    @Option(names = "--create-namespaces",
            description = "Create two throw-away namespaces tcplab-<random>-left and -right for a demo (removed on exit).")
    private boolean createNamespaces;

    @Option(names = "--left-dev", paramLabel = "NAME", defaultValue = "tcplab-ka%d",
            description = "Name of TUN A (default: ${DEFAULT-VALUE}, the kernel numbers it).")
    private String leftDev;

    @Option(names = "--right-dev", paramLabel = "NAME", defaultValue = "tcplab-kb%d",
            description = "Name of TUN B (default: ${DEFAULT-VALUE}).")
    private String rightDev;

    @Option(names = "--mtu", paramLabel = "BYTES", defaultValue = "1500", converter = Mtu.class,
            description = "MTU of both devices, 68 to 65535 (default: ${DEFAULT-VALUE}).")
    private int mtu;

    @Option(names = "--rate", paramLabel = "RATE", defaultValue = "0", converter = RateOrUnlimited.class,
            description = "Rate of each direction, e.g. 100Mbit; 0 is unlimited (default: ${DEFAULT-VALUE}).")
    private long rateBitsPerSec;

    @Option(names = "--rtt", paramLabel = "DURATION", defaultValue = "0", converter = Converters.Duration.class,
            description = "Round-trip propagation delay added by the link; each direction gets half (default: ${DEFAULT-VALUE}).")
    private long rttNanos;

    @Mixin
    private ImpairmentOptions impairments = new ImpairmentOptions();

    @Mixin
    private BridgeOptions bridgeOptions = new BridgeOptions();

    @Option(names = "--seed", paramLabel = "N", defaultValue = "1", converter = Converters.Seed.class,
            description = "Seed of the link's random choices (default: ${DEFAULT-VALUE}).")
    private long seed;

    @Option(names = "--duration", paramLabel = "DURATION", converter = Converters.TimeLimit.class,
            description = "Stop after this long, e.g. 30s (default: run until interrupted).")
    private Long durationNanos;

    @Option(names = "--netem", paramLabel = "DEV",
            description = "Apply the left-to-right settings and --at schedule to DEV's egress with tc netem "
                    + "instead of bridging TUN devices.")
    private String netemDev;

    @Option(names = "--netem-ns", paramLabel = "NS", description = "With --netem: the namespace DEV is in.")
    private String netemNs;

    @Option(names = "--dry-run", description = "With --netem: print the tc commands and their times, run nothing.")
    private boolean dryRun;

    @Override
    public Integer call() throws InterruptedException {
        LinkParams forward = forwardParams();
        // The reverse direction takes the odd nanosecond so the two halves add up to --rtt exactly.
        LinkParams reverse = base().setDelayNanos(rttNanos - rttNanos / 2);
        LinkSchedule forwardSchedule = impairments.schedule();
        LinkSchedule reverseSchedule = bridgeOptions.reverseSchedule();
        PrintWriter out = command.commandLine().getOut();
        PrintWriter err = command.commandLine().getErr();
        String name = command.qualifiedName();
        if (netemDev != null) {
            return netem(forward, forwardSchedule, out, err, name);
        }
        if (netemNs != null || dryRun) {
            throw new ParameterException(command.commandLine(), (netemNs != null ? "--netem-ns" : "--dry-run")
                    + " needs --netem DEV");
        }
        if (!createNamespaces && (leftNs == null || rightNs == null)) {
            throw new ParameterException(command.commandLine(),
                    "--left-ns and --right-ns are both needed (or --create-namespaces for a demo)");
        }
        if (createNamespaces && (leftNs != null || rightNs != null)) {
            throw new ParameterException(command.commandLine(),
                    "--create-namespaces makes its own namespaces; leave out --left-ns and --right-ns");
        }
        try {
            return bridge(forward, reverse, forwardSchedule, reverseSchedule, out, name);
        } catch (TunException e) {
            err.println(name + ": " + stripPrefix(e.getMessage()));
            err.flush();
            return 1;
        }
    }

    private int bridge(LinkParams forward, LinkParams reverse, LinkSchedule forwardSchedule,
                       LinkSchedule reverseSchedule, PrintWriter out, String name) throws InterruptedException {
        NamespaceHosts hosts = null;
        String left = leftNs;
        String right = rightNs;
        if (createNamespaces) {
            NamespaceHosts.Availability a = NamespaceHosts.available();
            if (!a.ok()) {
                throw new TunException("tcplab: " + a.reason());
            }
            hosts = NamespaceHosts.create();
            left = hosts.addHost("left").name();
            right = hosts.addHost("right").name();
        }
        LinkBridge bridge = null;
        CountDownLatch done = new CountDownLatch(1);
        Thread hook = null;
        try {
            BridgeTopology.Devices d = BridgeTopology.open(left, leftAddr, leftDev, right, rightAddr, rightDev, mtu);
            bridge = LinkBridge.builder(d.a(), d.b()).forward(forward).reverse(reverse)
                    .forwardSchedule(forwardSchedule).reverseSchedule(reverseSchedule)
                    .names("left->right", "right->left").seed(seed).start();
            String rightHost = rightAddr.substring(0, rightAddr.indexOf('/'));
            out.printf(Locale.ROOT, "link up: %s (%s in %s) <-> %s (%s in %s), mtu %d%n", leftAddr, d.a().name(), left,
                    rightAddr, d.b().name(), right, mtu);
            out.printf(Locale.ROOT, "left->right %s%nright->left %s%n", forward, reverse);
            out.printf(Locale.ROOT, "try: ip netns exec %s ping %s%n", left, rightHost);
            out.flush();
            LinkBridge b = bridge;
            NamespaceHosts h = hosts;
            hook = new Thread(() -> {
                stop(b, h, out);
                try {
                    done.await(5, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }, "tcplab-link-stop");
            Runtime.getRuntime().addShutdownHook(hook);
            if (durationNanos != null) {
                long end = System.nanoTime() + durationNanos;
                while (bridge.isRunning() && end - System.nanoTime() > 0) {
                    TimeUnit.NANOSECONDS.sleep(Math.min(end - System.nanoTime(), 100_000_000L));
                }
            } else {
                bridge.join();
            }
            Throwable failure = bridge.failure();
            stop(bridge, hosts, out);
            if (failure != null) {
                throw failure instanceof TunException t ? t : new TunException("tcplab: the link failed: " + failure);
            }
            return 0;
        } finally {
            stop(bridge, hosts, null);
            done.countDown();
            if (hook != null) {
                try {
                    Runtime.getRuntime().removeShutdownHook(hook);
                } catch (IllegalStateException e) {
                    // shutting down already: the hook does the rest
                }
            }
        }
    }

    private final Object stopLock = new Object();
    private boolean stopped;

    /** Stops the bridge and prints its counters (once), then removes demo namespaces. */
    private void stop(LinkBridge bridge, NamespaceHosts hosts, PrintWriter out) {
        synchronized (stopLock) {
            if (stopped) {
                return;
            }
            stopped = true;
            try {
                if (bridge != null) {
                    bridge.close();
                    if (out != null) {
                        out.printf(Locale.ROOT, "after %.3f s%n", bridge.elapsedNanos() / 1e9);
                        out.println(bridge.forward().line());
                        out.println(bridge.reverse().line());
                        out.flush();
                    }
                }
            } finally {
                if (hosts != null) {
                    hosts.close();
                }
            }
        }
    }

    private int netem(LinkParams forward, LinkSchedule schedule, PrintWriter out, PrintWriter err, String name)
            throws InterruptedException {
        if (createNamespaces || leftNs != null || rightNs != null) {
            throw new ParameterException(command.commandLine(),
                    "--netem shapes an existing device; leave out --left-ns, --right-ns and --create-namespaces");
        }
        String tc = dryRun ? "tc" : NetemRunner.findTc();
        if (tc == null) {
            err.println(name + ": --netem needs tc (iproute2), which is not installed");
            return 1;
        }
        List<NetemPlan.Step> steps;
        try {
            steps = NetemPlan.plan(tc, netemNs, netemDev, mtu, forward, schedule);
        } catch (IllegalArgumentException e) {
            throw new ParameterException(command.commandLine(), "--netem: " + e.getMessage());
        }
        if (dryRun) {
            for (NetemPlan.Step s : steps) {
                out.printf(Locale.ROOT, "%.3fs %s%n", s.atNanos() / 1e9, String.join(" ", s.argv()));
            }
            out.printf(Locale.ROOT, "%s %s%n", "end", String.join(" ", NetemPlan.delete(tc, netemNs, netemDev)));
            out.flush();
            return 0;
        }
        long start = System.nanoTime();
        long end = durationNanos == null ? Long.MAX_VALUE : start + durationNanos;
        CountDownLatch interrupted = new CountDownLatch(1);
        Thread hook = new Thread(interrupted::countDown, "tcplab-netem-stop");
        boolean added = false;
        try {
            NetemRunner.exec(steps.get(0).argv(), true);
            added = true;
            out.printf(Locale.ROOT, "netem on %s: %s%n", netemDev, String.join(" ", steps.get(0).argv()));
            out.flush();
            Runtime.getRuntime().addShutdownHook(hook);
            NetemRunner.run(steps.subList(1, steps.size()), start,
                    () -> interrupted.getCount() == 0 || (end != Long.MAX_VALUE && System.nanoTime() - end >= 0));
            if (end == Long.MAX_VALUE) {
                interrupted.await();
            } else {
                interrupted.await(Math.max(0, end - System.nanoTime()), TimeUnit.NANOSECONDS);
            }
            return 0;
        } catch (NetemRunner.NetemException e) {
            err.println(name + ": " + e.getMessage());
            err.flush();
            return 1;
        } finally {
            if (added) {
                try {
                    NetemRunner.exec(NetemPlan.delete(tc, netemNs, netemDev), false);
                } catch (NetemRunner.NetemException e) {
                    err.println(name + ": " + e.getMessage());
                }
            }
            try {
                Runtime.getRuntime().removeShutdownHook(hook);
            } catch (IllegalStateException | IllegalArgumentException e) {
                // shutting down, or never added
            }
        }
    }

    private LinkParams base() {
        Limit limit = bridgeOptions.queue(rateBitsPerSec, rttNanos);
        return LinkParams.of().setRateBitsPerSec(rateBitsPerSec).setQueueLimit(limit);
    }

    private LinkParams forwardParams() {
        return impairments.applyTo(base().setDelayNanos(rttNanos / 2));
    }

    private static String stripPrefix(String message) {
        return message != null && message.startsWith("tcplab: ") ? message.substring(8) : String.valueOf(message);
    }

    /** A rate, or 0 for unlimited. */
    static final class RateOrUnlimited implements ITypeConverter<Long> {
        @Override
        public Long convert(String value) {
            try {
                return Units.parseRateBitsPerSec(value);
            } catch (IllegalArgumentException e) {
                throw new TypeConversionException("must be a rate like 100Mbit (bit, kbit, Mbit, Gbit) or 0 for "
                        + "unlimited, got '" + value + "'");
            }
        }
    }

    static final class Mtu implements ITypeConverter<Integer> {
        @Override
        public Integer convert(String value) {
            try {
                int n = Integer.parseInt(value.trim());
                if (n >= 68 && n <= 65535) {
                    return n;
                }
            } catch (NumberFormatException e) {
                // fall through
            }
            throw new TypeConversionException("must be a whole number of bytes from 68 to 65535, got '" + value + "'");
        }
    }
}
