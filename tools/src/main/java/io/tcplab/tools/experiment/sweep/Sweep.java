package io.tcplab.tools.experiment.sweep;

import io.tcplab.tools.experiment.CellResult;
import io.tcplab.tools.experiment.CellResults;
import io.tcplab.tools.experiment.CellRun;
import io.tcplab.tools.experiment.ParallelCells;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.function.LongConsumer;

/**
 * A sweep's cells run here, in parallel, each result kept as a file where {@code tcplab merge}
 * and the report page read it. (Written out as jobs instead, they run through
 * {@link io.tcplab.tools.experiment.JobEmitter}.)
 */
public final class Sweep {
    private Sweep() {
    }

    /**
     * The cells' results in order, run on {@code threads} threads, {@code advanced} hearing how much
     * more virtual time (ns) some cell simulated; each result is written into every one of
     * {@code resultDirs}.
     */
    public static List<CellResult> run(List<CellRun> cells, int threads, List<Path> resultDirs, LongConsumer advanced)
            throws IOException, InterruptedException {
        List<CellResult> results = ParallelCells.run(cells, threads, advanced);
        for (Path dir : resultDirs) {
            for (int i = 0; i < cells.size(); i++) {
                CellResults.write(dir, cells.get(i).name(), results.get(i));
            }
        }
        return results;
    }

    /** The virtual time of all the cells together, what a progress bar counts. */
    public static long virtualNanos(List<CellRun> cells) {
        return cells.stream().mapToLong(c -> c.scenario().durationNanos()).sum();
    }
}
