package io.tcplab.tools.cli;

import io.tcplab.tools.experiment.ExperimentCsv;
import io.tcplab.tools.report.experiment.ExperimentReports;
import io.tcplab.tools.experiment.EcnExperiment;
import io.tcplab.tools.experiment.EcnResult;
import io.tcplab.tools.experiment.EcnSetup;
import java.io.IOException;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code tcplab experiment ecn}: seed 001, 30 flows over two RED/ECN congestion points, with and without ECN. */
@Command(name = "ecn", mixinStandardHelpOptions = true, versionProvider = Version.class, sortOptions = false,
        description = {"Seed 001's experiment: 30 flows through a chain of two identically configured 50 Mbit/s RED/ECN "
                + "routers (scenarios/ecn-chain.yaml; --topology parking-lot for the earlier stand-in), once as written "
                + "(10 ECN+SACK flows, 20 non-ECN non-SACK flows) and once with ECN off on every flow. Prints the seed's two "
                + "tables: per group and aggregated, mean, variance, standard deviation, median and 95%% interval over "
                + "the runs; then per group CE marks received, retransmissions, TLPs, RTOs and srtt, and per queue its "
                + "marks and drops by reason. Fails (exit 1) if ECN flows retransmit beyond their tail loss probes or take "
                + "RTOs in a run where no ECN-capable packet was dropped or lost anywhere. "
                + "See docs/experiments.md.", "Exit codes: 0 success, 1 the run failed, 2 a bad option or file."})
public final class EcnCommand implements Callable<Integer> {
    @Spec
    private CommandSpec command;

    @Mixin
    private SweepOptions options;

    @Option(names = "--topology", paramLabel = "T", defaultValue = "chain",
            converter = ExperimentConverters.EcnTopologies.class,
            description = "chain (the document's: every group through both RED/ECN routers, scenarios/ecn-chain.yaml) "
                    + "or parking-lot (each non-ECN group at one point only, scenarios/ecn-two-congestion-points.yaml); "
                    + "default: ${DEFAULT-VALUE}. Not with --scenario.")
    private String topology;

    @Option(names = "--above-max", paramLabel = "A", converter = ExperimentConverters.AboveMax.class,
            description = "mark or drop: what the marking RED queues do with ECN-capable packets at or above max "
                    + "(default: the scenario file's; the built-in files: drop, as the document's Cisco routers).")
    private String aboveMax;

    @Option(names = "--max-p", paramLabel = "P[,P...]", converter = ExperimentConverters.MaxPs.class,
            description = "RED's mark probability at max (max_p) for every RED queue, one sweep point per value, "
                    + "each with both configurations; e.g. 0.02,0.05,0.1,0.2,0.5 (default: the scenario file's; the "
                    + "built-in files: 0.1).")
    private List<Double> maxPs;

    @Option(names = "--configuration", paramLabel = "C", defaultValue = "both",
            converter = ExperimentConverters.EcnConfigurations.class,
            description = "ecn, non-ecn or both (default: ${DEFAULT-VALUE}).")
    private List<String> configurations;

    @Override
    public Integer call() throws IOException, InterruptedException {
        if (options.scenario != null && command.commandLine().getParseResult().hasMatchedOption("--topology")) {
            return Messages.badOption(command, "--topology and --scenario exclude each other (the file has its topology)");
        }
        return options.command(command, EcnSetup.template(topology),
                (template, runs) -> EcnExperiment.cells(new EcnSetup(template, options.durationNanos, aboveMax), configurations,
                        maxPs == null ? Collections.singletonList(null) : maxPs, runs, options.seed),
                results -> {
                    List<EcnResult> runs = results.stream().map(EcnResult.class::cast).toList();
                    int code = ExperimentReports.ecn(runs, options.json, options.csv, command.commandLine().getOut(),
                            command.commandLine().getErr(), command.qualifiedName());
                    if (options.report.wanted()) {
                        ExperimentCsv.ecn(runs, options.report.dir);
                        options.finishReport(command, runs);
                    }
                    return code;
                });
    }
}
