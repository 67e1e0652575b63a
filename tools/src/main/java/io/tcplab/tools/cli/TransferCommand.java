package io.tcplab.tools.cli;

import io.tcplab.stack.conn.ConnectionOptions;
import io.tcplab.tools.link.Limit;
import io.tcplab.tools.link.LinkParams;
import io.tcplab.tools.link.PathDefaults;
import io.tcplab.tools.metrics.TraceCsvWriter;
import io.tcplab.tools.report.transfer.JsonReport;
import io.tcplab.tools.report.transfer.TextReport;
import io.tcplab.tools.scenario.TransferResult;
import io.tcplab.tools.scenario.TransferRunner;
import io.tcplab.tools.scenario.TransferSpec;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

import java.io.IOException;
import java.nio.file.Path;
import java.util.concurrent.Callable;

/** {@code tcplab transfer}: one bulk transfer over an emulated path, checked end to end. */
@Command(name = "transfer", mixinStandardHelpOptions = true, versionProvider = Version.class, sortOptions = false,
        description = {"Sends bytes from host a to host b over an emulated bottleneck in virtual time and checks "
                + "that b received exactly what a sent (SHA-256 at both ends).",
                "Exit codes: 0 success, 1 the transfer failed, 2 a bad option."})
public final class TransferCommand implements Callable<Integer> {
    /** Where the emulator plugs in: becomes {@code TransferRunner::run} once the runner is merged. */
    static final TransferEngine DEFAULT_ENGINE = TransferRunner::run;

    private final TransferEngine engine;

    @Spec
    private CommandSpec command;

    @Option(names = "--bytes", paramLabel = "SIZE", defaultValue = "64MiB", converter = Converters.Bytes.class,
            description = "Bytes to transfer (default: ${DEFAULT-VALUE}). " + Converters.SIZE_HELP)
    private long bytes;

    @Option(names = "--rate", paramLabel = "RATE", defaultValue = "100Mbit", converter = Converters.Rate.class,
            description = "Bottleneck rate, both directions (default: ${DEFAULT-VALUE}).")
    private long rateBitsPerSec;

    @Option(names = "--rtt", paramLabel = "DURATION", defaultValue = "20ms", converter = Converters.Duration.class,
            description = "Round-trip propagation delay; each direction gets half (default: ${DEFAULT-VALUE}).")
    private long rttNanos;

    @Option(names = "--queue", paramLabel = "LIMIT", converter = Converters.Queue.class,
            description = "Bottleneck queue limit in bytes or packets, e.g. 256KiB or 100p, or none "
                    + "(default: one bandwidth-delay product, at least 64KiB).")
    private Limit queue;

    @Option(names = "--seed", paramLabel = "N", defaultValue = "1", converter = Converters.Seed.class,
            description = "Seed for every random choice of the run (default: ${DEFAULT-VALUE}).")
    private long seed;

    @Mixin
    private ImpairmentOptions impairments = new ImpairmentOptions();

    @Mixin
    private ConnectionOptionsMixin connection = new ConnectionOptionsMixin();

    @Option(names = "--time-limit", paramLabel = "DURATION", converter = Converters.TimeLimit.class,
            description = "Virtual time after which the transfer counts as failed "
                    + "(default: 10 x the expected transfer time + 60s, the expected rate being the"
                    + " link rate or, with loss, the Mathis bound).")
    private Long timeLimitNanos;

    @Option(names = "--trace", paramLabel = "FILE",
            description = "Write the sender's trace (cwnd, ssthresh, srtt, every segment) as CSV to FILE.")
    private Path trace;

    @Option(names = "--no-payload", description = "Payload-free emulation: segments carry lengths, no bytes "
            + "(nothing generated, copied, checksummed or hashed; only the byte counts are checked). Same "
            + "behaviour as with bytes, several times faster.")
    private boolean noPayload;

    @Option(names = "--json", description = "Print the result as one JSON object instead of the text report.")
    private boolean json;

    @Option(names = "--quiet", description = "Print no report; failures still print one line on stderr.")
    private boolean quiet;

    TransferCommand(TransferEngine engine) {
        this.engine = engine;
    }

    @Override
    public Integer call() throws IOException {
        if (json && quiet) {
            throw new ParameterException(command.commandLine(), "--json and --quiet cannot be used together");
        }
        TransferSpec spec = spec();
        TransferResult result = run(spec);
        if (json) {
            JsonReport.print(spec, result, command.commandLine().getOut());
        } else if (!quiet) {
            TextReport.print(result, command.commandLine().getOut());
        }
        if (!result.streamsEqual()) {
            command.commandLine().getErr().println(command.qualifiedName() + ": " + TextReport.failure(spec, result));
            return 1;
        }
        return 0;
    }

    private TransferSpec spec() {
        Limit queueLimit = queue != null ? queue : PathDefaults.queue(rateBitsPerSec, rttNanos);
        LinkParams forward = impairments.applyTo(link(queueLimit, rttNanos / 2));
        // The reverse direction takes the odd nanosecond so the two halves add up to --rtt exactly.
        LinkParams reverse = link(queueLimit, rttNanos - rttNanos / 2);
        ConnectionOptions options = connection.toOptions(PathDefaults.buffer(rateBitsPerSec, rttNanos, queueLimit));
        return new TransferSpec(bytes, forward, reverse, impairments.schedule(), seed, options, connection.initialIsn(),
                timeLimitNanos != null ? timeLimitNanos : PathDefaults.timeLimitNanos(bytes, rateBitsPerSec, rttNanos,
                        impairments.lossRate()), !noPayload);
    }

    private LinkParams link(Limit queueLimit, long delayNanos) {
        return LinkParams.of().setRateBitsPerSec(rateBitsPerSec).setDelayNanos(delayNanos).setQueueLimit(queueLimit);
    }

    private TransferResult run(TransferSpec spec) throws IOException {
        if (trace == null) {
            return engine.run(spec, null);
        }
        TraceCsvWriter writer;
        try {
            writer = TraceCsvWriter.open(trace);
        } catch (IOException e) {
            throw new ParameterException(command.commandLine(), "--trace cannot write '" + trace + "' ("
                    + WritableDir.reason(e) + ")");
        }
        try (writer) {
            return engine.run(spec, writer);
        }
    }
}
