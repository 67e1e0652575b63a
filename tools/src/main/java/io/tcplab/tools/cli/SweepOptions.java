package io.tcplab.tools.cli;

import io.tcplab.tools.experiment.CellResult;
import io.tcplab.tools.experiment.CellRun;
import io.tcplab.tools.experiment.JobEmitter;
import io.tcplab.tools.experiment.ScenarioTemplate;
import io.tcplab.tools.experiment.sweep.Sweep;
import io.tcplab.tools.report.experiment.ExperimentReports;
import io.tcplab.tools.scenario.ScenarioException;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;

/**
 * The options every sweep experiment (ecn, friendliness) takes: size, seeds, cores, outputs,
 * report, jobs; and {@link #command}, which turns them into the sweep's run (or jobs).
 */
final class SweepOptions {
    /** The result files' subdirectory of a --report directory. */
    static final String REPORT_RESULTS = "results";

    /** What a sweep command makes of its template and number of runs. */
    interface Planner {
        List<CellRun> cells(ScenarioTemplate template, int runs);
    }

    /** What a sweep command prints and writes of its results; returns the exit code. */
    interface Reporter {
        int report(List<CellResult> results) throws IOException;
    }

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

    /**
     * An experiment command from its template to its exit code: a bad scenario file is one line
     * and exit code 2; emitted jobs end it with 0; otherwise the report's code.
     */
    int command(CommandSpec command, String templateName, Planner planner, Reporter reporter)
            throws IOException, InterruptedException {
        if (emitJobs != null && report.wanted()) {
            return Messages.badOption(command, "--report needs the run: with --emit-jobs nothing runs here "
                    + "(the jobs' results go through tcplab merge)");
        }
        report.check(command);
        List<CellRun> cells;
        try {
            ScenarioTemplate template = template(templateName);
            cells = planner.cells(template, runs(template));
        } catch (ScenarioException e) {
            return Messages.badOption(command, e.getMessage());
        }
        PrintWriter out = command.commandLine().getOut();
        if (emitJobs != null) {
            List<String> lines = JobEmitter.write(emitJobs, cells);
            out.printf("wrote %d jobs to %s (jobs.txt, jobs/*.yaml, run-job.sh); run them as docs/sweeps.md shows, "
                    + "then: tcplab merge %s%n", lines.size(), emitJobs, emitJobs.resolve(JobEmitter.RESULTS));
            out.flush();
            return 0;
        }
        List<CellResult> results;
        try (RunProgress progress = new RunProgress(Sweep.virtualNanos(cells), System.err, !noProgress)) {
            results = Sweep.run(cells, threads(), resultDirs(), progress::advance);
        }
        return reporter.report(results);
    }

    /** Where result files go: --results, and with --report its {@value #REPORT_RESULTS} (what tcplab merge reads). */
    private List<Path> resultDirs() {
        List<Path> dirs = new ArrayList<>();
        if (results != null) {
            dirs.add(results);
        }
        if (report.wanted()) {
            dirs.add(report.dir.resolve(REPORT_RESULTS));
        }
        return dirs;
    }

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

    /** Where a command's plots go: {@code out}, except that with --report they go into its directory and into --out only when asked. */
    Path plotsDir(CommandSpec command, Path out) {
        return !report.wanted() || command.commandLine().getParseResult().hasMatchedOption("--out") ? out : null;
    }

    int threads() {
        return parallel != null ? parallel : Runtime.getRuntime().availableProcessors();
    }
}
