package io.tcplab.tools.cli;

import io.tcplab.tools.experiment.EcnExperiment;
import io.tcplab.tools.experiment.EcnResult;
import io.tcplab.tools.experiment.EcnSetup;
import java.io.IOException;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code tcplab experiment ecn}: seed 001, 30 flows over two RED/ECN congestion points, with and without ECN. */
@Command(name = "ecn", mixinStandardHelpOptions = true, versionProvider = Version.class, sortOptions = false,
        description = {"Seed 001's experiment: 30 flows through two 50 Mbit/s congestion points with RED marking "
                + "(scenarios/ecn-two-congestion-points.yaml), once as written (10 ECN+SACK flows across both points, "
                + "10 non-ECN non-SACK flows at each) and once with ECN off on every flow. Prints the seed's two tables: "
                + "per group and aggregated, mean, variance, standard deviation, median and 95%% interval over the runs. "
                + "Fails (exit 1) if a marking queue drops an ECN-capable packet in the ECN configuration. "
                + "See docs/experiments.md.", "Exit codes: 0 success, 1 the run failed, 2 a bad option or file."})
public final class EcnCommand implements Callable<Integer> {
    @Spec
    private CommandSpec command;

    @Mixin
    private SweepOptions options;

    @Option(names = "--configuration", paramLabel = "C", defaultValue = "both",
            converter = ExperimentConverters.EcnConfigurations.class,
            description = "ecn, non-ecn or both (default: ${DEFAULT-VALUE}).")
    private List<String> configurations;

    @Override
    public Integer call() throws IOException, InterruptedException {
        return Sweep.command(command, options, EcnSetup.TEMPLATE,
                (template, runs) -> EcnExperiment.cells(new EcnSetup(template, options.durationNanos), configurations,
                        runs, options.seed),
                results -> ExperimentReports.ecn(command, results.stream().map(EcnResult.class::cast).toList(),
                        options.json, options.csv));
    }
}
