package io.tcplab.tools.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * --emit-jobs writes one job per cell and seed; running the jobs (in-process here, as a Slurm
 * array or GNU parallel would run the lines of jobs.txt in the jobs directory) and merging their
 * result files gives exactly the tables of the direct run.
 */
class SweepJobsTest {

    @Test
    void ecnJobsMergedEqualTheDirectRun(@TempDir Path dir) throws Exception {
        String[] sweep = {"experiment", "ecn", "--runs", "1", "--duration", "2s"};
        EmittedSweep.assertMergedEqualsDirectRun(dir, sweep, 2, SweepJobsTest::inProcess);
    }

    @Test
    void friendlinessJobsMergedEqualTheDirectRun(@TempDir Path dir) throws Exception {
        EmittedSweep.assertMergedEqualsDirectRun(dir, EmittedSweep.smallFriendliness(dir, 1), 2, SweepJobsTest::inProcess);
    }

    @Test
    void mergeRefusesAFileThatIsNotAResultAndAnEmptyDirectory(@TempDir Path dir) throws IOException {
        Files.writeString(dir.resolve("other.json"), "{\"experiment\": \"delay-spike\"}");
        Cli bad = Cli.run(TransferCommand.DEFAULT_ENGINE, "merge", dir.toString());
        assertThat(bad.exitCode()).isEqualTo(2);
        assertThat(bad.errLines()).hasSize(1);
        assertThat(bad.err()).startsWith("tcplab merge: " + dir.resolve("other.json") + ": not a result file");

        Path empty = Files.createDirectory(dir.resolve("empty"));
        Cli none = Cli.run(TransferCommand.DEFAULT_ENGINE, "merge", empty.toString());
        assertThat(none.exitCode()).isEqualTo(2);
        assertThat(none.errLines()).containsExactly("tcplab merge: no result files (*.json) under [" + empty + "]");
    }

    /** Runs the jobs in this JVM, one after another. */
    private static void inProcess(Path jobDir, List<String> lines) {
        for (String line : lines) {
            Cli job = Cli.run(TransferCommand.DEFAULT_ENGINE, inDirectory(line, jobDir));
            assertThat(job.exitCode()).as(line + "\n" + job.err()).isZero();
        }
    }

    /** A line of jobs.txt as its words, without the launcher, its relative paths made absolute. */
    private static String[] inDirectory(String line, Path jobDir) {
        String[] words = line.split(" ");
        List<String> args = new ArrayList<>();
        for (int i = 1; i < words.length; i++) {
            String w = words[i];
            args.add(w.startsWith("jobs/") || w.equals("results") ? jobDir.resolve(w).toString() : w);
        }
        return args.toArray(String[]::new);
    }
}
