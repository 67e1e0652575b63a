package io.tcplab.tools.cli;

import io.tcplab.tools.report.experiment.ExperimentReports;
import io.tcplab.tools.experiment.FriendlinessExperiment;
import io.tcplab.tools.experiment.FriendlinessResult;
import io.tcplab.tools.experiment.FriendlinessSetup;
import io.tcplab.tools.metrics.ConvergenceCriterion;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code tcplab experiment friendliness}: seed 000, each high-speed protocol against SACK at each RTT. */
@Command(name = "friendliness", mixinStandardHelpOptions = true, versionProvider = Version.class, sortOptions = false,
        description = {"Seed 000's TCP-friendliness experiment: per RTT and protocol, one flow of the protocol "
                + "against one SACK (reno) flow at the same RTT through a 400 Mbit/s bottleneck with a 2 MB drop-tail "
                + "queue, 12+2 long-lived background flows and web traffic (scenarios/friendliness-cell.yaml). Prints "
                + "the seed's tables (rows RTT, columns protocol): Jain's index, throughput ratio, link utilization, "
                + "queue drop ratio, convergence time, J(tau) and CoV(tau); plots goodput over time at 82 ms. "
                + "Cells run in parallel. See docs/experiments.md.",
                "Exit codes: 0 success, 1 the run failed, 2 a bad option or file."})
public final class FriendlinessCommand implements Callable<Integer> {
    @Spec
    private CommandSpec command;

    @Mixin
    private SweepOptions options;

    @Option(names = "--rtts", paramLabel = "MS,MS...", defaultValue = "16,42,82,162,324",
            converter = ExperimentConverters.Rtts.class,
            description = "RTTs, milliseconds or durations, comma-separated (default: ${DEFAULT-VALUE}).")
    private List<Long> rttsNanos;

    @Option(names = "--protocols", paramLabel = "CC,CC...", defaultValue = "cubic,bic,htcp,highspeed,scalable,fast,reno",
            converter = ExperimentConverters.Protocols.class,
            description = "Algorithms under test, comma-separated, by our names or the seed's columns (sack = reno, "
                    + "hstcp = highspeed, stcp = scalable; default: ${DEFAULT-VALUE}).")
    private List<String> protocols;

    @Option(names = "--convergence", paramLabel = "MEASURE:T", defaultValue = "jain:0.8",
            converter = ExperimentConverters.Convergence.class,
            description = "When the two flows count as fair for the convergence tables: jain:T (Jain's index >= T, "
                    + "REFERENCE's criterion; 0.8 holds already when one flow has a third of the other's rate) or "
                    + "ratio:T (the smaller flow's rate >= T of the larger's), over 10 s windows held 10 s "
                    + "(default: ${DEFAULT-VALUE}).")
    private ConvergenceCriterion convergence;

    @Option(names = "--out", paramLabel = "DIR", defaultValue = "friendliness-out",
            description = "Directory for the goodput plot of the 82 ms cells (default: ./${DEFAULT-VALUE}; with "
                    + "--report, its DIR).")
    private Path out;

    @Override
    public Integer call() throws IOException, InterruptedException {
        return options.command(command, FriendlinessSetup.TEMPLATE, (template, runs) -> FriendlinessExperiment.cells(
                new FriendlinessSetup(template, options.durationNanos), protocols, rttsNanos, runs, options.seed,
                convergence), results -> {
                    List<FriendlinessResult> cells = results.stream().map(FriendlinessResult.class::cast).toList();
                    int code = ExperimentReports.friendliness(cells, options.json, options.csv,
                            options.plotsDir(command, out), command.commandLine().getOut());
                    if (options.report.wanted()) {
                        ExperimentReports.friendlinessFiles(cells, options.report.dir);
                        options.finishReport(command, cells);
                    }
                    return code;
                });
    }
}
