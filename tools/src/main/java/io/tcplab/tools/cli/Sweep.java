package io.tcplab.tools.cli;

import io.tcplab.tools.experiment.CellResult;
import io.tcplab.tools.experiment.CellResults;
import io.tcplab.tools.experiment.CellRun;
import io.tcplab.tools.experiment.JobEmitter;
import io.tcplab.tools.experiment.ParallelCells;
import io.tcplab.tools.experiment.ScenarioTemplate;
import io.tcplab.tools.scenario.ScenarioException;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Model.CommandSpec;

/**
 * Runs a sweep's cells in parallel with a progress bar (or, with {@code --emit-jobs}, writes
 * them as jobs instead), and writes result files with {@code --results}.
 */
final class Sweep {
    /** The result files' subdirectory of a --report directory. */
    static final String REPORT_RESULTS = "results";

    private Sweep() {
    }

    /** What a sweep command makes of its template and number of runs. */
    interface Planner {
        List<CellRun> cells(ScenarioTemplate template, int runs);
    }

    /** What a sweep command prints and writes of its results; returns the exit code. */
    interface Reporter {
        int report(List<CellResult> results) throws IOException;
    }

    /**
     * An experiment command from its template to its exit code: a bad scenario file is one line
     * and exit code 2; emitted jobs end it with 0; otherwise the report's code.
     */
    static int command(CommandSpec command, SweepOptions options, String templateName, Planner planner,
                       Reporter reporter) throws IOException, InterruptedException {
        if (options.emitJobs != null && options.report.wanted()) {
            return ExperimentConverters.badOption(command, "--report needs the run: with --emit-jobs nothing runs here "
                    + "(the jobs' results go through tcplab merge)");
        }
        options.report.check(command);
        List<CellRun> cells;
        try {
            ScenarioTemplate template = options.template(templateName);
            cells = planner.cells(template, options.runs(template));
        } catch (ScenarioException e) {
            return ExperimentConverters.badFile(command, e);
        }
        List<CellResult> results = execute(options, cells, command.commandLine().getOut());
        return results == null ? 0 : reporter.report(results);
    }

    /** The cells' results in order, or null when the jobs were only written. */
    static List<CellResult> execute(SweepOptions options, List<CellRun> cells, PrintWriter out)
            throws IOException, InterruptedException {
        if (options.emitJobs != null) {
            List<String> lines = JobEmitter.write(options.emitJobs, cells);
            out.printf("wrote %d jobs to %s (jobs.txt, jobs/*.yaml, run-job.sh); run them as docs/sweeps.md shows, "
                    + "then: tcplab merge %s%n", lines.size(), options.emitJobs, options.emitJobs.resolve(JobEmitter.RESULTS));
            out.flush();
            return null;
        }
        List<CellResult> results;
        try (RunProgress progress = new RunProgress(cells.stream().mapToLong(c -> c.scenario().durationNanos()).sum(), System.err, !options.noProgress)) {
            results = ParallelCells.run(cells, options.threads(), progress::advance);
        }
        for (Path dir : resultDirs(options)) {
            for (int i = 0; i < cells.size(); i++) {
                CellResults.write(dir, cells.get(i).name(), results.get(i));
            }
        }
        return results;
    }

    /** Where result files go: --results, and with --report its {@value #REPORT_RESULTS} (what tcplab merge reads). */
    private static List<Path> resultDirs(SweepOptions options) {
        List<Path> dirs = new ArrayList<>();
        if (options.results != null) {
            dirs.add(options.results);
        }
        if (options.report.wanted()) {
            dirs.add(options.report.dir.resolve(REPORT_RESULTS));
        }
        return dirs;
    }
}
