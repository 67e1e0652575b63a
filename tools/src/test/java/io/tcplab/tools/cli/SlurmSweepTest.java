package io.tcplab.tools.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.tcplab.tun.CommandResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * An --emit-jobs sweep through a real scheduler: a single-node Slurm of this machine runs the
 * jobs as an array, with the batch script of docs/sweeps.md, each task its own process running
 * this build's CLI; {@code tcplab merge} of their results prints exactly the direct run's tables.
 * Needs root, Slurm and munge (skips naming the Debian packages, fails under
 * TCPLAB_REQUIRE_TEST_HOSTS=1).
 */
class SlurmSweepTest {
    private static final Duration ARRAY_LIMIT = Duration.ofSeconds(120);

    @Test
    @Timeout(240)
    void anArrayJobsResultsMergedEqualTheDirectRun(@TempDir Path dir) throws Exception {
        try (SingleNodeSlurm slurm = SingleNodeSlurm.start()) {
            EmittedSweep.assertMergedEqualsDirectRun(dir, EmittedSweep.smallFriendliness(dir, 2), 4,
                    (jobDir, lines) -> runArray(slurm, jobDir, lines));
        }
    }

    /** sbatch --wait: returns when every task has ended, non-zero if any failed. */
    private static void runArray(SingleNodeSlurm slurm, Path jobDir, List<String> lines) throws Exception {
        Path submitDir = jobDir.getParent();
        Path script = Files.writeString(submitDir.resolve("sweep.sbatch"), """
                #!/bin/bash
                #SBATCH --job-name=tcplab-sweep
                #SBATCH --cpus-per-task=1
                #SBATCH --output=%1$s/logs/%%A_%%a.out
                srun %1$s/run-job.sh "$SLURM_ARRAY_TASK_ID"
                """.formatted(jobDir.getFileName()));
        CommandResult batch = slurm.run(submitDir, EmittedSweep.thisBuildAsTcplab(), ARRAY_LIMIT,
                "sbatch", "--wait", "--array=0-" + (lines.size() - 1), script.toString());
        assertThat(batch.exitCode()).as("%s%s%n%s", batch.stdout(), batch.stderr(), slurm.daemonOutput()).isZero();
        try (Stream<Path> logs = Files.list(jobDir.resolve("logs"))) {
            assertThat(logs).as("one log per array task").hasSize(lines.size());
        }
    }
}
