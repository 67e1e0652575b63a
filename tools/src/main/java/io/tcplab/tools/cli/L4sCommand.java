package io.tcplab.tools.cli;

import io.tcplab.tools.experiment.L4sExperiment;
import io.tcplab.tools.experiment.L4sResult;
import io.tcplab.tools.experiment.L4sSetup;
import io.tcplab.tools.link.aqm.AqmSpec;
import io.tcplab.tools.link.aqm.ServedAqm;
import io.tcplab.tools.report.experiment.ExperimentReports;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code tcplab experiment l4s}: TCP Prague and CUBIC sharing a DualPI2 bottleneck, and FQ-CoDel to compare. */
@Command(name = "l4s", mixinStandardHelpOptions = true, versionProvider = Version.class, sortOptions = false,
        description = {"L4S coexistence: one TCP Prague flow (AccECN, ECT(1)) and one CUBIC flow (no ECN) through a "
                + "40 Mbit/s bottleneck at 10 ms (scenarios/l4s-coexistence.yaml), once per AQM: DualPI2 (RFC 9332) "
                + "and FQ-CoDel (RFC 8290) unless --aqm says otherwise. Prints per AQM each flow's goodput, the L4S "
                + "flows' over the classic ones' and the utilization, then per queue (L: ECT(1) and CE packets, C: "
                + "the rest) the sojourn median, 99th percentile and maximum with its marks and drops, means over "
                + "the runs; plots goodput over time and the queueing-delay CDFs. Cells run in parallel. "
                + "See docs/experiments.md.", "Exit codes: 0 success, 1 the run failed, 2 a bad option or file."})
public final class L4sCommand implements Callable<Integer> {
    @Spec
    private CommandSpec command;

    @Mixin
    private SweepOptions options;

    @Option(names = "--aqm", paramLabel = "AQM", converter = ExperimentConverters.ServedAqms.class,
            description = "The bottleneck's AQM, NAME[:key=value,...] as transfer --aqm takes it (dualpi2, fq_codel, "
                    + "codel, pie); repeat it for more (default: dualpi2, then fq_codel).")
    private List<ServedAqm> aqms;

    @Option(names = "--out", paramLabel = "DIR", defaultValue = "l4s-out",
            description = "Directory for the goodput and queue-delay plots (default: ./${DEFAULT-VALUE}; with "
                    + "--report, its DIR).")
    private Path out;

    @Override
    public Integer call() throws IOException, InterruptedException {
        List<ServedAqm> run = aqms != null ? aqms
                : L4sExperiment.DEFAULT_AQMS.stream().map(a -> (ServedAqm) AqmSpec.parse(a)).toList();
        return options.command(command, L4sSetup.TEMPLATE, (template, runs) -> L4sExperiment.cells(
                new L4sSetup(template, options.durationNanos), run, runs, options.seed), results -> {
                    List<L4sResult> cells = results.stream().map(L4sResult.class::cast).toList();
                    int code = ExperimentReports.l4s(cells, options.json, options.csv, options.plotsDir(command, out),
                            command.commandLine().getOut());
                    if (options.report.wanted()) {
                        ExperimentReports.l4sFiles(cells, options.report.dir);
                        options.finishReport(command, cells);
                    }
                    return code;
                });
    }
}
