package io.tcplab.tools.cli;

import io.tcplab.stack.conn.ConnectionOptions;
import io.tcplab.stack.profile.Profile;
import io.tcplab.tools.ab.AbException;
import io.tcplab.tools.ab.AbPlot;
import io.tcplab.tools.ab.AbReport;
import io.tcplab.tools.ab.AbResult;
import io.tcplab.tools.ab.AbRunner;
import io.tcplab.tools.ab.AbSpec;
import io.tcplab.tools.link.Limit;
import io.tcplab.tools.link.LinkParams;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/** {@code tcplab ab}: the same transfer kernel-to-kernel and tcplab-to-kernel through one link, side by side. */
@Command(name = "ab", mixinStandardHelpOptions = true, versionProvider = Version.class, sortOptions = false,
        description = {"Sends the same bytes twice from a left to a right namespace through the same user-space "
                + "link (as tcplab link): once with the kernel's TCP using the algorithm of the same name, once "
                + "with tcplab behind a TUN device, each to a kernel receiver. Prints goodput, retransmissions, "
                + "RTT and cwnd side by side; --plot draws cwnd and RTT over time. Needs root. See docs/ab.md.",
                "Exit codes: 0 success, 1 a run failed or lost packets outside the link, 2 a bad option."})
public final class AbCommand implements Callable<Integer> {
    /** What an unlimited link is taken to carry when a run's time limit is worked out. */
    private static final long UNLIMITED_RATE_GUESS = 10_000_000_000L;

    /** Runs both sides of a spec (the real one makes namespaces; tests hand in results). */
    interface Runner {
        AbResult run(AbSpec spec, PrintWriter log) throws InterruptedException;
    }

    private final Runner runner;

    public AbCommand() {
        this((spec, log) -> new AbRunner(spec, log).run());
    }

    AbCommand(Runner runner) {
        this.runner = runner;
    }

    @Spec
    private CommandSpec command;

    @Option(names = "--bytes", paramLabel = "SIZE", defaultValue = "16MiB", converter = Converters.Bytes.class,
            description = "Bytes to send in each run (default: ${DEFAULT-VALUE}). " + ByteSizes.HELP)
    private long bytes;

    @Option(names = "--cc", paramLabel = "ALGORITHM", defaultValue = "reno", converter = Converters.Cc.class,
            description = "Congestion control: tcplab's spec, and the kernel's algorithm of the same name "
                    + "(default: ${DEFAULT-VALUE}).")
    private String cc;

    @Option(names = "--profile", paramLabel = "NAME", defaultValue = "linux", converter = Converters.ProfileName.class,
            description = "tcplab's era profile (tcplab profile list). The default, linux, sets each place where "
                    + "today's Linux and the RFCs tcplab follows differ as Linux does, so both sides follow the same "
                    + "rules (docs/stack.md#profiles); today compares the RFC choices with the kernel "
                    + "(default: ${DEFAULT-VALUE}).")
    private Profile profile;

    @Option(names = "--rate", paramLabel = "RATE", defaultValue = "100Mbit", converter = LinkCommand.RateOrUnlimited.class,
            description = "Rate of each direction; 0 is unlimited (default: ${DEFAULT-VALUE}).")
    private long rateBitsPerSec;

    @Option(names = "--rtt", paramLabel = "DURATION", defaultValue = "20ms", converter = Converters.Duration.class,
            description = "Round-trip delay added by the link; each direction gets half (default: ${DEFAULT-VALUE}).")
    private long rttNanos;

    @Mixin
    private RecoveryOptionsMixin recovery = new RecoveryOptionsMixin();

    @Mixin
    private ImpairmentOptions impairments = new ImpairmentOptions();

    @Mixin
    private BridgeOptions bridgeOptions = new BridgeOptions();

    @Option(names = "--ecn", description = "Both sides ask for ECN: the kernel sender's namespace gets "
            + "net.ipv4.tcp_ecn=1, tcplab offers it; the report says per side whether it was negotiated, the CE "
            + "marks at the link (--ecn-threshold) and the window reductions announced with CWR.")
    private boolean ecn;

    @Option(names = "--mtu", paramLabel = "BYTES", defaultValue = "1500", converter = LinkCommand.Mtu.class,
            description = "MTU of every device, 68 to 65535 (default: ${DEFAULT-VALUE}).")
    private int mtu;

    @Option(names = "--seed", paramLabel = "N", defaultValue = "1", converter = Converters.Seed.class,
            description = "Seed of the link's random choices and tcplab's; both runs get the same (default: ${DEFAULT-VALUE}).")
    private long seed;

    @Option(names = "--sample-interval", paramLabel = "DURATION", defaultValue = "100ms",
            converter = Converters.TimeLimit.class,
            description = "How often the senders' cwnd and RTT are sampled (default: ${DEFAULT-VALUE}).")
    private long sampleIntervalNanos;

    @Option(names = "--timeout", paramLabel = "DURATION", converter = Converters.TimeLimit.class,
            description = "Give up on a run after this long (default: ten times the expected transfer time, the Mathis"
                    + " rate on a lossy path, plus 60 s).")
    private Long timeoutNanos;

    @Option(names = "--port", paramLabel = "PORT", defaultValue = "5201",
            description = "Receiver port of the kernel run; tcplab's uses the next one (default: ${DEFAULT-VALUE}).")
    private int port;

    @Option(names = "--plot", paramLabel = "FILE.png", description = "Draw cwnd and RTT over time for both runs.")
    private Path plot;

    @Option(names = "--json", description = "Print one line of JSON instead of the table.")
    private boolean json;

    @Override
    public Integer call() throws InterruptedException {
        if (port < 1 || port > 65534) {
            throw new ParameterException(command.commandLine(), "--port must be from 1 to 65534, got " + port);
        }
        if (plot != null && !plot.getFileName().toString().toLowerCase(Locale.ROOT).endsWith(".png")) {
            throw new ParameterException(command.commandLine(), "--plot must name a .png file, got '" + plot + "'");
        }
        Limit limit = bridgeOptions.queue(rateBitsPerSec, rttNanos);
        LinkParams forward = impairments.applyTo(LinkParams.of().setRateBitsPerSec(rateBitsPerSec).setQueueLimit(limit)
                .setDelayNanos(rttNanos / 2));
        LinkParams reverse = LinkParams.of().setRateBitsPerSec(rateBitsPerSec).setQueueLimit(limit)
                .setDelayNanos(rttNanos - rttNanos / 2);
        long timeout = timeoutNanos != null ? timeoutNanos : defaultTimeout();
        // TUN endpoints pace by default so a window's burst does not overflow the device's queue
        ConnectionOptions tcplab = recovery.applyTo(profile.builder().congestionControl(cc).ecn(ecn), true).build();
        AbSpec spec = new AbSpec(bytes, tcplab, forward, reverse, impairments.schedule(), bridgeOptions.reverseSchedule(), seed, mtu,
                sampleIntervalNanos, timeout, port);
        PrintWriter out = command.commandLine().getOut();
        PrintWriter err = command.commandLine().getErr();
        String name = command.qualifiedName();
        try {
            AbResult result = runner.run(spec, json ? null : out);
            String refusal = AbReport.refusal(result);
            if (refusal != null) {
                err.println(name + ": " + refusal);
                err.flush();
                return 1;
            }
            if (json) {
                out.println(AbReport.json(result));
            } else {
                out.print(AbReport.text(result));
            }
            out.flush();
            if (plot != null) {
                AbPlot.png(result, plot, 1000, 700);
                if (!json) {
                    out.println("plot: " + plot);
                    out.flush();
                }
            }
            return 0;
        } catch (AbException e) {
            err.println(name + ": " + e.getMessage());
            err.flush();
            return 1;
        } catch (IOException e) {
            err.println(name + ": cannot write " + plot + ": " + e.getMessage());
            err.flush();
            return 1;
        }
    }

    /** As transfer's time limit: ten times the expected time (the Mathis rate on a lossy path) plus a minute. */
    private long defaultTimeout() {
        long rate = rateBitsPerSec == 0 ? UNLIMITED_RATE_GUESS : rateBitsPerSec;
        return Math.min(PathDefaults.timeLimitNanos(bytes, rate, rttNanos, impairments.lossRate()), Long.MAX_VALUE / 2);
    }

}
