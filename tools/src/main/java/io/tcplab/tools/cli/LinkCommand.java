package io.tcplab.tools.cli;

import io.tcplab.tools.link.Limit;
import io.tcplab.tools.link.LinkParams;
import io.tcplab.tools.link.LinkSchedule;
import io.tcplab.tools.link.bridge.NetemPlan;
import io.tcplab.tools.link.bridge.NetemRunner;
import io.tcplab.tools.realhost.LinkBridgeRun;
import io.tcplab.tools.realhost.NetemRun;
import io.tcplab.tun.TunException;
import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

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

    @Option(names = "--mtu", paramLabel = "BYTES", defaultValue = "1500", converter = Converters.LinkMtu.class,
            description = "MTU of both devices, 68 to 65535 (default: ${DEFAULT-VALUE}).")
    private int mtu;

    @Option(names = "--rate", paramLabel = "RATE", defaultValue = "0", converter = Converters.RateOrUnlimited.class,
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
            LinkBridgeRun.run(new LinkBridgeRun.Sides(leftNs, leftAddr, leftDev, rightNs, rightAddr, rightDev, mtu),
                    forward, reverse, forwardSchedule, reverseSchedule, seed, durationNanos, out);
            return 0;
        } catch (TunException e) {
            return Messages.failed(command, Messages.strip(e));
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
        return NetemRun.run(steps, NetemPlan.delete(tc, netemNs, netemDev), netemDev, durationNanos, out, err, name);
    }

    private LinkParams base() {
        Limit limit = bridgeOptions.queue(rateBitsPerSec, rttNanos);
        return LinkParams.of().setRateBitsPerSec(rateBitsPerSec).setQueueLimit(limit);
    }

    private LinkParams forwardParams() {
        return impairments.applyTo(base().setDelayNanos(rttNanos / 2));
    }
}
