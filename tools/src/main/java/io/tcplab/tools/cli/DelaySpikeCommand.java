package io.tcplab.tools.cli;

import io.tcplab.stack.conn.ConnectionOptions;
import io.tcplab.stack.recovery.TebParameters;
import io.tcplab.tools.ab.AbException;
import io.tcplab.tools.experiment.DelaySpikeExperiment;
import io.tcplab.tools.experiment.DelaySpikeFiles;
import io.tcplab.tools.experiment.DelaySpikePlots;
import io.tcplab.tools.experiment.DelaySpikeSpec;
import io.tcplab.tools.experiment.DelaySpikeTable;
import io.tcplab.tools.experiment.SpikeDirection;
import io.tcplab.tools.experiment.SpikeKind;
import io.tcplab.tools.experiment.Variant;
import io.tcplab.tools.experiment.VariantResult;
import io.tcplab.tools.experiment.VariantRun;
import io.tcplab.tools.link.Limit;
import io.tcplab.tools.link.PathDefaults;
import io.tcplab.tools.replay.Recordings;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/** {@code tcplab experiment delay-spike}: one flow through a delay spike, per loss-recovery variant (seed 002). */
@Command(name = "delay-spike", mixinStandardHelpOptions = true, versionProvider = Version.class, sortOptions = false,
        description = {"One bulk flow over an emulated path with a delay spike on its links, once per "
                + "loss-recovery variant and per kind of spike (a stall that holds the link, or a change of "
                + "delay): a table of RTOs, retransmissions, spurious undos, double drops, goodput and cwnd "
                + "recovery, cwnd and time-sequence plots, and optionally JSON and CSV. --real runs it in real time "
                + "over TUN devices to the kernel, with the kernel's TCP as one more variant (needs root; "
                + "takes variants x kinds x --duration of wall time). See docs/experiments.md.",
                "Exit codes: 0 success, 1 the run failed, 2 a bad option."})
public final class DelaySpikeCommand implements Callable<Integer> {
    @Spec
    private CommandSpec command;

    @Option(names = "--rate", paramLabel = "RATE", defaultValue = "10Mbit", converter = Converters.Rate.class,
            description = "Path rate, both directions (default: ${DEFAULT-VALUE}).")
    private long rateBitsPerSec;

    @Option(names = "--rtt", paramLabel = "DURATION", defaultValue = "100ms", converter = Converters.Duration.class,
            description = "Round-trip propagation delay; each direction gets half (default: ${DEFAULT-VALUE}).")
    private long rttNanos;

    @Option(names = "--queue", paramLabel = "LIMIT", converter = Converters.Queue.class,
            description = "Drop-tail queue of each direction, e.g. 125KB or 100p (default: one bandwidth-delay product).")
    private Limit queue;

    @Option(names = "--spike-at", paramLabel = "DURATION", defaultValue = "10s", converter = Converters.Duration.class,
            description = "When the spike begins (default: ${DEFAULT-VALUE}).")
    private long spikeAtNanos;

    @Option(names = "--spike-duration", paramLabel = "DURATION", defaultValue = "1s",
            converter = Converters.TimeLimit.class, description = "How long the spike lasts (default: ${DEFAULT-VALUE}).")
    private long spikeDurationNanos;

    @Option(names = "--spike-delay", paramLabel = "DURATION", defaultValue = "1s", converter = Converters.Duration.class,
            description = "The data link's one-way delay during a delay spike (default: ${DEFAULT-VALUE}).")
    private long spikeDelayNanos;

    @Option(names = "--spike-kind", paramLabel = "KIND", defaultValue = "both", converter = ExperimentConverters.SpikeKinds.class,
            description = "stall (the link holds, then releases its queue in order), delay (the one-way delay "
                    + "changes, per packet) or both, reported separately (default: ${DEFAULT-VALUE}).")
    private List<SpikeKind> kinds;

    @Option(names = "--spike-direction", paramLabel = "DIR", defaultValue = "both",
            converter = ExperimentConverters.SpikeDirections.class,
            description = "Which links the spike changes: data, ack or both (default: ${DEFAULT-VALUE}, as the seed's "
                    + "ns-3 channel, which delays both directions).")
    private SpikeDirection direction;

    @Option(names = "--teb", paramLabel = "K=V,...", defaultValue = "k=2,backoff=2,dd=evidence",
            converter = ExperimentConverters.Teb.class,
            description = "TEB's parameters for the teb variants, as in --recovery teb:... (default: ${DEFAULT-VALUE}; "
                    + "dd=timer is the rule before issue 15). See docs/stack.md.")
    private TebParameters teb;

    @Option(names = "--duration", paramLabel = "DURATION", defaultValue = "30s", converter = Converters.TimeLimit.class,
            description = "Length of each run, bulk data throughout (default: ${DEFAULT-VALUE}).")
    private long durationNanos;

    @Option(names = "--variants", paramLabel = "V,V...", converter = ExperimentConverters.Variants.class,
            description = "Variants to compare, comma-separated, from sack, sack-eifel, teb, teb-eifel, rack and, "
                    + "with --real, kernel (default: all of them).")
    private List<Variant> variants;

    @Option(names = "--real", description = "Run in real time over TUN devices and the user-space link between two "
            + "throw-away namespaces, the kernel receiving, and add the kernel's TCP as variant kernel. Needs root.")
    private boolean real;

    @Option(names = "--seed", paramLabel = "N", defaultValue = "1", converter = Converters.Seed.class,
            description = "Seed for every random choice (default: ${DEFAULT-VALUE}).")
    private long seed;

    @Option(names = "--cc", paramLabel = "ALGORITHM", defaultValue = "reno", converter = Converters.Cc.class,
            description = "Congestion control of every variant (default: ${DEFAULT-VALUE}).")
    private String cc;

    @Option(names = "--profile", paramLabel = "NAME", defaultValue = "today", converter = Converters.ProfileName.class,
            description = "Era profile of the flow: a reference platform's connection defaults and algorithm parameters,"
                    + " e.g. ns-3 for seed 002's simulator (tcplab profile list; default: ${DEFAULT-VALUE}).")
    private io.tcplab.stack.profile.Profile profile;

    @Option(names = "--pacing", paramLabel = "on|off", arity = "1", defaultValue = "off", converter = Converters.OnOff.class,
            description = "Internal pacing of tcplab's sender at Linux's ratios, the same on the emulator and with --real"
                    + " (default: ${DEFAULT-VALUE}, as seed 002's simulator and the kernel sender beside it).")
    private Converters.Switch pacing;

    @Option(names = "--receiver-profile", paramLabel = "NAME", converter = Converters.ProfileName.class,
            description = "Era profile of the receiving end alone (its delayed and quick ACKs), e.g. linux to follow the"
                    + " kernel receiver of --real with a tcplab sender (default: --profile's). Not with --real, whose"
                    + " receiver is the kernel.")
    private io.tcplab.stack.profile.Profile receiverProfile;

    @Option(names = "--out", paramLabel = "DIR", defaultValue = "delay-spike-out",
            description = "Directory for the PNG plots (default: ./${DEFAULT-VALUE}; with --report, its DIR).")
    private Path out;

    @Option(names = "--csv", paramLabel = "DIR",
            description = "Also write table.csv and each run's cwnd trace as CSV into DIR.")
    private Path csv;

    @Option(names = "--json", description = "Print one JSON object (spec and rows) instead of the text table.")
    private boolean json;

    @Mixin
    private ReportOption report;

    @Mixin
    private RecordDir record = new RecordDir();

    @Override
    public Integer call() throws IOException, InterruptedException {
        DelaySpikeSpec spec = spec();
        if (!real && record.target() != null) {
            throw new ParameterException(command.commandLine(), "--record needs --real (an emulated run is "
                    + "reproduced by its seed)");
        }
        Recordings recordings = record.recordings(command, "tcplab experiment delay-spike --real");
        boolean plotsToOut = !report.wanted() || command.commandLine().getParseResult().hasMatchedOption("--out");
        if (plotsToOut) {
            WritableDir.ensure(command, out, "--out");
        }
        if (csv != null) {
            WritableDir.ensure(command, csv, "--csv");
        }
        report.check(command);
        PrintWriter stdout = command.commandLine().getOut();
        List<VariantRun> runs;
        List<String> namespaces = List.of();
        if (real) {
            try {
                DelaySpikeExperiment.RealRuns r = DelaySpikeExperiment.runReal(spec, json ? null : stdout, recordings);
                runs = r.runs();
                namespaces = r.namespaces();
            } catch (AbException e) {
                return Messages.failed(command, e.getMessage());
            } finally {
                Messages.recorded(command, recordings);
            }
        } else {
            runs = DelaySpikeExperiment.run(spec);
        }
        List<VariantResult> rows = runs.stream().map(VariantRun::result).toList();
        String document = DelaySpikeFiles.json(spec, rows, namespaces);
        if (json) {
            stdout.println(document);
        } else {
            DelaySpikeTable.print(spec, rows, stdout);
        }
        List<Path> plots = DelaySpikePlots.write(plotsToOut ? out : report.dir, spec, runs);
        if (csv != null) {
            DelaySpikeFiles.csv(csv, runs);
        }
        if (!json) {
            stdout.println();
            stdout.println("plots: " + String.join(", ", plots.stream().map(Path::toString).toList()));
            if (csv != null) {
                stdout.println("csv: " + csv.resolve("table.csv") + " and a cwnd trace per run in " + csv);
            }
        }
        stdout.flush();
        if (report.wanted()) {
            Files.writeString(report.dir.resolve("delay-spike.json"), document + System.lineSeparator());
            if (plotsToOut) {
                DelaySpikePlots.write(report.dir, spec, runs);
            }
            DelaySpikeFiles.csv(report.dir, runs);
            report.finish(command, Long.toString(seed), profile.name(), json);
        }
        return 0;
    }

    private DelaySpikeSpec spec() {
        if (spikeAtNanos + spikeDurationNanos >= durationNanos) {
            throw new ParameterException(command.commandLine(), String.format(java.util.Locale.ROOT,
                    "--spike-at plus --spike-duration (%.3f s) must end before --duration (%.3f s)",
                    (spikeAtNanos + spikeDurationNanos) / 1e9, durationNanos / 1e9));
        }
        List<Variant> chosen = variants != null ? variants : real ? List.of(Variant.values()) : Variant.TCPLAB;
        if (!real && chosen.contains(Variant.KERNEL)) {
            throw new ParameterException(command.commandLine(), "--variants kernel needs --real (the kernel's TCP "
                    + "runs only over real devices); without it choose from " + Variant.TCPLAB.stream()
                    .map(Variant::label).collect(java.util.stream.Collectors.joining(", ")));
        }
        Limit limit = queue != null ? queue : Limit.bytes(Math.max(1, PathDefaults.bdpBytes(rateBitsPerSec, rttNanos)));
        int buffer = (int) PathDefaults.buffer(rateBitsPerSec, rttNanos, limit);
        if (real && receiverProfile != null) {
            throw new ParameterException(command.commandLine(), "--receiver-profile needs the emulator: with --real the "
                    + "receiver is the kernel");
        }
        ConnectionOptions base = profile.builder().congestionControl(cc)
                .sendBufferBytes(buffer).receiveBufferBytes(buffer).pacing(pacing.on()).build();
        ConnectionOptions receiver = receiverProfile == null ? null : receiverProfile.builder().congestionControl(cc)
                .sendBufferBytes(buffer).receiveBufferBytes(buffer).build();
        return new DelaySpikeSpec(rateBitsPerSec, rttNanos, limit, spikeAtNanos, spikeDurationNanos, spikeDelayNanos,
                kinds, direction, durationNanos, chosen, seed, base, teb, real, receiver);
    }
}
