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
import java.util.List;
import picocli.CommandLine.Model.CommandSpec;

/**
 * Runs a sweep's cells in parallel with a progress bar (or, with {@code --emit-jobs}, writes
 * them as jobs instead), and writes result files with {@code --results}.
 */
final class Sweep {
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
        if (options.results != null) {
            for (int i = 0; i < cells.size(); i++) {
                CellResults.write(options.results, cells.get(i).name(), results.get(i));
            }
        }
        return results;
    }
}
