package io.tcplab.tools.cli;

import io.tcplab.tools.experiment.CellResult;
import io.tcplab.tools.experiment.ScenarioTemplate;
import io.tcplab.tools.report.experiment.ExperimentReports;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;

/** The options every sweep experiment (ecn, friendliness) takes: size, seeds, cores, outputs, report, jobs. */
final class SweepOptions {
    @Option(names = "--runs", paramLabel = "N", converter = Converters.Count.class,
            description = "Runs per cell, seeds --seed, --seed + 1, ... (default: the scenario file's runs).")
    Integer runs;

    @Option(names = "--duration", paramLabel = "DURATION", converter = Converters.TimeLimit.class,
            description = "Length of each run; the warm-up becomes a tenth of it (default: the scenario file's).")
    Long durationNanos;

    @Option(names = "--seed", paramLabel = "S", defaultValue = "1", converter = Converters.Seed.class,
            description = "Seed of the first run (default: ${DEFAULT-VALUE}).")
    long seed;

    @Option(names = "--parallel", paramLabel = "N", converter = Converters.Count.class,
            description = "Cells run at once, each on its own core (default: the available processors).")
    Integer parallel;

    @Option(names = "--scenario", paramLabel = "FILE",
            description = "Use this scenario file instead of the built-in one (a copy of scenarios/ to change).")
    Path scenario;

    @Option(names = "--profile", paramLabel = "NAME", defaultValue = "today", converter = Converters.ProfileName.class,
            description = "Era profile for every flow that names none in the scenario: a reference platform's "
                    + "connection defaults and algorithm parameters (tcplab profile list; default: ${DEFAULT-VALUE}).")
    io.tcplab.stack.profile.Profile profile;

    @Option(names = "--json", description = "Print every run's result as JSON instead of the tables.")
    boolean json;

    @Option(names = "--csv", paramLabel = "DIR", description = "Also write the tables as CSV into DIR.")
    Path csv;

    @Option(names = "--results", paramLabel = "DIR",
            description = "Also write one result file per cell and run into DIR (what tcplab merge reads).")
    Path results;

    @Option(names = "--emit-jobs", paramLabel = "DIR",
            description = "Do not run: write one job per cell and run into DIR (jobs.txt, jobs/*.yaml, run-job.sh, results/, logs/) "
                    + "for Slurm, Kubernetes or GNU parallel; see docs/sweeps.md.")
    Path emitJobs;

    @Option(names = "--no-progress", description = "Never show the progress bar.")
    boolean noProgress;

    @Mixin
    ReportOption report;

    /** The scenario file given, else the built-in template {@code scenarios/NAME.yaml}, with --profile applied. */
    ScenarioTemplate template(String builtIn) {
        ScenarioTemplate t = scenario != null ? ScenarioTemplate.file(scenario) : ScenarioTemplate.builtIn(builtIn);
        return t.defaultProfile(profile.name());
    }

    /** --runs, else the template's number of seeds. */
    int runs(ScenarioTemplate template) {
        return runs != null ? runs : template.scenario().seeds().size();
    }

    /** After the command wrote its files into --report DIR: the run record (its seeds, --profile) and the page. */
    void finishReport(CommandSpec command, List<? extends CellResult> results) throws IOException {
        report.finish(command, ExperimentReports.seeds(results), profile.name(), json);
    }

    int threads() {
        return parallel != null ? parallel : Runtime.getRuntime().availableProcessors();
    }
}
