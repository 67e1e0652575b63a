package io.tcplab.tools.experiment;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code --emit-jobs DIR}: instead of running, writes one self-contained job per cell and seed,
 * for Slurm job arrays, Kubernetes Indexed Jobs or GNU parallel (docs/sweeps.md):
 * <ul>
 *   <li>{@code DIR/jobs/NAME.yaml}: the cell's scenario with its seed, exactly what a direct run simulates;</li>
 *   <li>{@code DIR/jobs.txt}: line i (from 0) is job i's command, to run in {@code DIR}; it writes
 *       {@code results/NAME.json};</li>
 *   <li>{@code DIR/run-job.sh INDEX}: runs line INDEX of jobs.txt (for array indices);</li>
 *   <li>{@code DIR/logs/}: empty, for the scheduler's per-job output (Slurm's {@code --output} does not
 *       create its directory: a job whose log cannot be opened fails without running).</li>
 * </ul>
 * Commands start with {@code ${TCPLAB:-tcplab}}: the launcher on PATH unless TCPLAB names it.
 */
public final class JobEmitter {
    public static final String RESULTS = "results";
    public static final String LOGS = "logs";

    private JobEmitter() {
    }

    public static List<String> write(Path dir, List<CellRun> cells) throws IOException {
        Path jobs = Files.createDirectories(dir.resolve("jobs"));
        Files.createDirectories(dir.resolve(RESULTS));
        Files.createDirectories(dir.resolve(LOGS));
        List<String> lines = new ArrayList<>();
        for (CellRun cell : cells) {
            Path yaml = jobs.resolve(cell.name() + ".yaml");
            Files.writeString(yaml, cell.template().text("# tcplab job " + cell.name() + ": one cell, one seed\n"));
            List<String> words = new ArrayList<>();
            words.add("${TCPLAB:-tcplab}");
            words.addAll(cell.jobArgs());
            words.addAll(List.of("--scenario", "jobs/" + cell.name() + ".yaml", "--results", RESULTS,
                    "--parallel", "1", "--no-progress"));
            lines.add(String.join(" ", words));
        }
        Files.write(dir.resolve("jobs.txt"), lines);
        Path script = dir.resolve("run-job.sh");
        Files.writeString(script, """
                #!/usr/bin/env bash
                # Runs job INDEX (0-based line of jobs.txt) in this directory; its result goes to results/.
                set -euo pipefail
                cd "$(dirname "$0")"
                index="${1:?usage: run-job.sh INDEX}"
                line="$(sed -n "$((index + 1))p" jobs.txt)"
                [ -n "$line" ] || { echo "run-job.sh: no job $index in jobs.txt" >&2; exit 2; }
                eval "$line"
                """);
        script.toFile().setExecutable(true);
        return lines;
    }
}
