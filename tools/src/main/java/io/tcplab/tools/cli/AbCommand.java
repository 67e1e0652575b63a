package io.tcplab.tools.cli;

import io.tcplab.stack.conn.ConnectionOptions;
import io.tcplab.stack.conn.EcnMode;
import io.tcplab.stack.profile.Profile;
import io.tcplab.tools.ab.AbException;
import io.tcplab.tools.ab.AbPath;
import io.tcplab.tools.ab.AbPlot;
import io.tcplab.tools.ab.AbReport;
import io.tcplab.tools.ab.AbResult;
import io.tcplab.tools.ab.AbRunner;
import io.tcplab.tools.ab.AbSpec;
import io.tcplab.tools.ab.RemoteAbReport;
import io.tcplab.tools.ab.RemoteAbRunner;
import io.tcplab.tools.ab.suite.AbSuite;
import io.tcplab.tools.ab.suite.Suite;
import io.tcplab.tools.ab.suite.SuiteParser;
import io.tcplab.tools.ab.suite.SuiteReport;
import io.tcplab.tools.ab.suite.SuiteRow;
import io.tcplab.tools.scenario.ScenarioException;
import io.tcplab.tools.link.LinkParams;
import io.tcplab.tools.replay.Recordings;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.function.Supplier;
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
                "--suite [FILE] runs a matrix of paths x algorithms x seeds and reports tcplab/kernel ratios.",
                "--record FILE records tcplab's stack (the second run) for tcplab replay; the kernel's TCP is not a "
                        + "tcplab stack and is not recorded.",
                "Exit codes: 0 success (--suite: every row ran; ratios outside 10%% are flagged, not failures), 1 a run "
                        + "failed or lost packets outside the link, 2 a bad option or suite file."})
public final class AbCommand implements Callable<Integer> {
    /** Per run with --remote, where no link says what to expect: the real path's rate is unknown. */
    private static final long REMOTE_TIMEOUT_NANOS = 600_000_000_000L;

    private final AbSuite.Runner runner;
    /** The algorithms the kernel offers (the suite skips a row whose algorithm it lacks). */
    private final Supplier<List<String>> kernelAlgorithms;

    public AbCommand() {
        this.runner = (spec, log) -> new AbRunner(spec, log, recordings).run();
        this.kernelAlgorithms = AbRunner::kernelAlgorithms;
    }

    AbCommand(AbSuite.Runner runner) {
        this(runner, AbRunner::kernelAlgorithms);
    }

    AbCommand(AbSuite.Runner runner, Supplier<List<String>> kernelAlgorithms) {
        this.runner = runner;
        this.kernelAlgorithms = kernelAlgorithms;
    }

    @Spec
    private CommandSpec command;

    @Option(names = "--bytes", paramLabel = "SIZE", defaultValue = "16MiB", converter = Converters.Bytes.class,
            description = "Bytes to send in each run (default: ${DEFAULT-VALUE}). " + Converters.SIZE_HELP)
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

    @Option(names = "--rate", paramLabel = "RATE", defaultValue = "100Mbit", converter = Converters.RateOrUnlimited.class,
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

    @Option(names = "--ecn", arity = "0..1", paramLabel = "MODE", fallbackValue = "classic", defaultValue = "off",
            converter = Converters.Ecn.class,
            description = "Both sides ask for ECN: classic (what a bare --ecn means; the kernel sender's namespace"
                    + " gets net.ipv4.tcp_ecn=1) or accecn (Accurate ECN, RFC 9768; both namespaces get tcp_ecn=3,"
                    + " Linux 6.18+), or off (default); the report says per side whether it was negotiated, the CE"
                    + " marks at the link (--ecn-threshold) and the window reductions announced with CWR.")
    private EcnMode ecn;

    @Option(names = "--mtu", paramLabel = "BYTES", defaultValue = "1500", converter = Converters.LinkMtu.class,
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

    @Option(names = "--plot", paramLabel = "FILE.png", description = "Draw cwnd and RTT over time for both runs; with --suite a directory, a PNG per path.")
    private Path plot;

    @Option(names = "--json", description = "Print one line of JSON instead of the table.")
    private boolean json;

    @Mixin
    private ReportOption report;

    @Mixin
    private RecordFile record = new RecordFile();

    /** What --record asks for, once the options are checked: tcplab's stack in the local comparison. */
    private Recordings recordings = Recordings.NONE;

    @Option(names = "--suite", arity = "0..1", paramLabel = "FILE", fallbackValue = "",
            description = "Run the parity suite: every path of FILE (YAML; default: the built-in matrix, "
                    + "scenarios/ab-suite.yaml) x its algorithms x the seeds, one ab run each, reported as "
                    + "tcplab/kernel ratios with 95%% intervals per (path, algorithm); --plot DIR writes a PNG per "
                    + "path. See docs/ab.md#parity-suite.")
    private String suite;

    @Option(names = "--remote", paramLabel = "HOST[:PORT]",
            description = "Compare over the real path from this host to tcplab ab-agent on HOST (control port "
                    + "default 5300) instead of through a link between two namespaces: alternating kernel and "
                    + "tcplab --rounds times; the kernel uses this host's default algorithm, which must be --cc's.")
    private String remote;

    @Option(names = "--rounds", paramLabel = "N", converter = Converters.Count.class,
            description = "With --remote: how many times to alternate kernel and tcplab (default: 3).")
    private Integer rounds;

    @Option(names = "--netns", paramLabel = "NS",
            description = "With --remote: send from inside this network namespace (default: this process's).")
    private String netns;

    @Option(names = "--tun-addr", paramLabel = "CIDR", converter = Converters.Cidr.class,
            description = "With --remote: the kernel side of tcplab's TUN device; tcplab takes the next address "
                    + "(default: 10.77.250.1/24).")
    private io.tcplab.tun.InterfaceAddress tunAddr;

    /** Options that shape the emulated link, which --remote does not have. */
    private static final java.util.Set<String> LINK_ONLY = java.util.Set.of("--rate", "--rtt", "--ecn", "--plot", "--port");

    /** What --suite takes beside the file, which gives every path's own options. */
    private static final List<String> SUITE_OPTIONS = List.of("--suite", "--profile", "--recovery",
            "--spurious", "--pacing", "--mtu", "--sample-interval", "--timeout", "--port", "--plot", "--json");

    @Override
    public Integer call() throws InterruptedException {
        for (String o : new String[] {"--report", "--record", "--record-headers"}) {
            if (command.commandLine().getParseResult().hasMatchedOption(o) && (suite != null || remote != null)) {
                throw new ParameterException(command.commandLine(), o + " takes one local comparison: not with "
                        + (suite != null ? "--suite" : "--remote"));
            }
        }
        if (suite != null) {
            return suite();
        }
        if (remote != null) {
            return remote();
        }
        for (String o : new String[] {"--rounds", "--netns", "--tun-addr"}) {
            if (command.commandLine().getParseResult().hasMatchedOption(o)) {
                throw new ParameterException(command.commandLine(), o + " needs --remote HOST");
            }
        }
        checkPort();
        if (plot != null && !plot.getFileName().toString().toLowerCase(Locale.ROOT).endsWith(".png")) {
            throw new ParameterException(command.commandLine(), "--plot must name a .png file, got '" + plot + "'");
        }
        AbPath path = new AbPath(rateBitsPerSec, rttNanos, bridgeOptions.queue(rateBitsPerSec, rttNanos),
                impairments::applyTo, impairments.lossRate(), impairments.schedule(), bridgeOptions.reverseSchedule());
        // TUN endpoints pace by default so a window's burst does not overflow the device's queue
        ConnectionOptions tcplab = tcplabOptions(cc, ecn);
        AbSpec spec = path.spec(bytes, tcplab, seed, mtu, sampleIntervalNanos, timeoutNanos, port);
        report.check(command);
        recordings = record.recordings(command.commandLine(), "tcplab ab");
        PrintWriter out = command.commandLine().getOut();
        try {
            AbResult result;
            try {
                result = runner.run(spec, json ? null : out);
            } finally {
                Messages.recorded(command, recordings);
            }
            String refusal = AbReport.refusal(result);
            if (refusal != null) {
                return Messages.failed(command, refusal);
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
            return report.wanted() ? writeReport(result) : 0;
        } catch (AbException e) {
            return Messages.failed(command, e.getMessage());
        } catch (IOException e) {
            return Messages.failed(command, "cannot write " + plot + ": " + e.getMessage());
        }
    }

    /** --report DIR: the JSON line as ab.json, the plot as ab.png, the run record, the page. */
    private int writeReport(AbResult result) {
        try {
            Files.writeString(report.dir.resolve("ab.json"), AbReport.json(result) + System.lineSeparator());
            AbPlot.png(result, report.dir.resolve("ab.png"), 1000, 700);
            report.finish(command, Long.toString(seed), profile.name(), json);
            return 0;
        } catch (IOException e) {
            return Messages.failed(command, "cannot write the report into " + report.dir + ": " + e.getMessage());
        }
    }

    /** {@code ab --remote}: the rounds' tables (or JSON lines) and the goodputs by round. */
    private int remote() throws InterruptedException {
        checkRemoteOptions();
        String host = remote;
        int agentPort = 5300;
        int colon = remote.lastIndexOf(':');
        if (remote.startsWith("[") && remote.contains("]")) { // [v6]:port
            host = remote.substring(1, remote.indexOf(']'));
            agentPort = remote.endsWith("]") ? agentPort : parsePort(remote.substring(remote.indexOf(']') + 2));
        } else if (colon > 0 && remote.indexOf(':') == colon) { // v4 or name with :port
            host = remote.substring(0, colon);
            agentPort = parsePort(remote.substring(colon + 1));
        }
        ConnectionOptions tcplab = tcplabOptions(cc, EcnMode.OFF);
        AbSpec ab = new AbSpec(bytes, tcplab, LinkParams.of(), LinkParams.of(), new io.tcplab.tools.link.LinkSchedule(
                List.of()), new io.tcplab.tools.link.LinkSchedule(List.of()), seed, mtu,
                sampleIntervalNanos, timeoutNanos != null ? timeoutNanos : REMOTE_TIMEOUT_NANOS, 5201);
        RemoteAbRunner.RemoteSpec spec = new RemoteAbRunner.RemoteSpec(ab, host, agentPort, rounds != null ? rounds : 3,
                netns, tunAddr != null ? tunAddr : io.tcplab.tun.InterfaceAddress.parse("10.77.250.1/24"));
        PrintWriter out = command.commandLine().getOut();
        try {
            List<RemoteAbRunner.Round> done = new RemoteAbRunner(spec, json ? null : out).run();
            String refusal = RemoteAbReport.refusal(done);
            if (refusal != null) {
                return Messages.failed(command, refusal);
            }
            out.print(RemoteAbReport.rounds(done, host, json));
            out.flush();
            return 0;
        } catch (AbException e) {
            return Messages.failed(command, e.getMessage());
        }
    }

    /** {@code ab --suite [FILE]}: the matrix's report; 1 when a run failed or was refused, 2 for a bad file. */
    private int suite() throws InterruptedException {
        for (var o : command.commandLine().getParseResult().matchedOptions()) {
            if (!SUITE_OPTIONS.contains(o.longestName())) {
                throw new ParameterException(command.commandLine(), o.longestName() + " is set per path in the suite "
                        + "file; with --suite only " + String.join(", ", SUITE_OPTIONS.subList(1, SUITE_OPTIONS.size()))
                        + " apply");
            }
        }
        checkPort();
        if (plot != null && plot.getFileName().toString().toLowerCase(Locale.ROOT).endsWith(".png")) {
            throw new ParameterException(command.commandLine(), "--plot with --suite names a directory (a PNG per "
                    + "path goes into it), got '" + plot + "'");
        }
        PrintWriter out = command.commandLine().getOut();
        PrintWriter err = command.commandLine().getErr();
        Suite matrix;
        try {
            matrix = suite.isEmpty() ? SuiteParser.builtIn() : SuiteParser.parse(Path.of(suite));
        } catch (ScenarioException e) {
            return Messages.badOption(command, e.getMessage());
        }
        AbSuite.Common common = new AbSuite.Common((algorithm, on) -> tcplabOptions(algorithm, on ? EcnMode.CLASSIC : EcnMode.OFF), mtu, sampleIntervalNanos, timeoutNanos, port);
        List<SuiteRow> rows = new AbSuite(matrix, common, kernelAlgorithms.get(), runner).run(err);
        out.print(json ? SuiteReport.json(matrix, rows, profile.name()) + System.lineSeparator()
                : SuiteReport.text(matrix, rows, profile.name()));
        out.flush();
        if (plot != null) {
            try {
                List<Path> files = AbSuite.plots(rows, matrix, plot);
                if (!json) {
                    out.println("plots: " + files.size() + " in " + plot);
                    out.flush();
                }
            } catch (IOException e) {
                return Messages.failed(command, "cannot write the plots into " + plot + ": " + e.getMessage());
            }
        }
        long bad = rows.stream().filter(r -> r.status() == SuiteRow.Status.FAILED
                || r.status() == SuiteRow.Status.REFUSED).count();
        if (bad > 0) {
            return Messages.failed(command, bad + " of " + rows.size() + " rows failed or were refused (see the report)");
        }
        return 0;
    }

    /** A real path has no emulated link: its options are refused rather than ignored. */
    private void checkRemoteOptions() {
        var parsed = command.commandLine().getParseResult();
        java.util.Set<String> mixed = new java.util.HashSet<>(LINK_ONLY);
        for (String mixin : new String[] {"impairments", "bridgeOptions"}) {
            command.mixins().get(mixin).options().forEach(o -> mixed.add(o.longestName()));
        }
        for (String o : mixed) {
            if (parsed.hasMatchedOption(o)) {
                throw new ParameterException(command.commandLine(), o + " is for the local ab's emulated link; with "
                        + "--remote the path is real (shape it on a router, e.g. with tc)");
            }
        }
    }

    private void checkPort() {
        if (port < 1 || port > 65534) {
            throw new ParameterException(command.commandLine(), "--port must be from 1 to 65534, got " + port);
        }
    }

    private int parsePort(String text) {
        try {
            int p = Integer.parseInt(text);
            if (p >= 1 && p <= 65535) {
                return p;
            }
        } catch (NumberFormatException e) {
            // the message below says what is allowed
        }
        throw new ParameterException(command.commandLine(), "--remote must be HOST or HOST:PORT with a port from 1 to "
                + "65535, got '" + remote + "'");
    }

    /**
     * tcplab's options for algorithm {@code cc}: the profile's, with the recovery options. Internal
     * pacing is off unless asked for: the kernel sender beside it paces only when its algorithm
     * asks (BBR) or its qdisc is fq (tcp_output.c tcp_needs_internal_pacing), and ab's namespaces
     * have no fq, so a paced tcplab would meet a step-marking or shallow queue with smoother
     * bursts than the kernel it is compared with.
     */
    private ConnectionOptions tcplabOptions(String cc, EcnMode ecn) {
        return recovery.applyTo(profile.builder().congestionControl(cc).ecnMode(ecn), false).build();
    }
}
