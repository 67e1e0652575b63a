package io.tcplab.tools.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.tcplab.tun.CommandResult;
import io.tcplab.tun.SystemTools.Tool;
import io.tcplab.tun.testing.Requires;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * An --emit-jobs sweep through GNU parallel, with the command line of docs/sweeps.md: each line of
 * jobs.txt a process of its own running this build's CLI, two at a time; {@code tcplab merge} of
 * their results prints exactly the direct run's tables. Skips without parallel (fails under
 * TCPLAB_REQUIRE_TEST_HOSTS=1).
 */
class ParallelSweepTest {
    private static final Duration LIMIT = Duration.ofSeconds(120);

    @Test
    @Timeout(240)
    void parallelsJobsMergedEqualTheDirectRun(@TempDir Path dir) throws Exception {
        Requires.tool(Tool.PARALLEL, "running an emitted sweep with GNU parallel");
        String[] ecn = {"experiment", "ecn", "--runs", "2", "--duration", "2s"};
        EmittedSweep.assertMergedEqualsDirectRun(dir, ecn, 4, (jobDir, lines) -> runParallel(dir, jobDir, lines));
    }

    private static void runParallel(Path dir, Path jobDir, List<String> lines) throws Exception {
        Map<String, String> env = new HashMap<>(EmittedSweep.thisBuildAsTcplab());
        // parallel keeps its own files in ~/.parallel unless told otherwise
        env.put("PARALLEL_HOME", Files.createDirectory(dir.resolve("parallel-home")).toString());
        CommandResult run = Programs.run(jobDir, env, LIMIT, "parallel", "-j", "2", "--joblog", "joblog",
                "--arg-file", "jobs.txt");
        assertThat(run.exitCode()).as("parallel's exit code: the number of jobs that failed\n%s", run.stderr()).isZero();
        List<String> joblog = Files.readAllLines(jobDir.resolve("joblog"));
        assertThat(joblog).as("the header and one line per job").hasSize(lines.size() + 1);
    }
}
