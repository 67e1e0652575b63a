package io.tcplab.tools.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * A sweep emitted with {@code --emit-jobs DIR/sweep}, its jobs run one of the ways docs/sweeps.md
 * shows, their results merged with {@code tcplab merge}: the merged tables must equal the direct
 * run's, character for character.
 */
final class EmittedSweep {

    /** Runs every line of jobs.txt in the jobs directory; each job writes its result into results/. */
    interface Jobs {
        void runAll(Path jobDir, List<String> lines) throws Exception;
    }

    private EmittedSweep() {
    }

    /** A friendliness sweep of two protocols at one RTT on a small link, {@code runs} runs each: 2 x runs short jobs. */
    static String[] smallFriendliness(Path dir, int runs) throws IOException {
        return new String[] {"experiment", "friendliness", "--scenario", FriendlinessCommandTest.smallCell(dir).toString(),
            "--rtts", "42", "--protocols", "htcp,reno", "--duration", "2s", "--runs", String.valueOf(runs),
            "--out", dir.resolve("png").toString()};
    }

    /** Emits {@code sweep} (expecting {@code jobs} jobs), runs them with {@code jobRunner}, merges and compares. */
    static void assertMergedEqualsDirectRun(Path dir, String[] sweep, int jobs, Jobs jobRunner) throws Exception {
        Path jobDir = dir.resolve("sweep");
        Cli emitted = run(sweep, "--emit-jobs", jobDir.toString());
        assertThat(emitted.exitCode()).as(emitted.err()).isZero();
        assertThat(emitted.out()).startsWith("wrote " + jobs + " jobs to " + jobDir);
        List<String> lines = Files.readAllLines(jobDir.resolve("jobs.txt"));
        assertThat(lines).hasSize(jobs).allSatisfy(l -> assertThat(l).startsWith("${TCPLAB:-tcplab} experiment "));
        assertThat(jobDir.resolve("run-job.sh")).isExecutable();
        assertThat(jobDir.resolve("logs")).isEmptyDirectory();
        try (Stream<Path> yamls = Files.list(jobDir.resolve("jobs"))) {
            assertThat(yamls).hasSize(jobs);
        }

        jobRunner.runAll(jobDir, lines);
        try (Stream<Path> results = Files.list(jobDir.resolve("results"))) {
            assertThat(results).as("result files").hasSize(jobs);
        }
        Cli merged = Cli.run(TransferCommand.DEFAULT_ENGINE, "merge", jobDir.resolve("results").toString(),
                "--out", dir.resolve("merged-png").toString());
        assertThat(merged.exitCode()).as(merged.err()).isZero();

        Cli direct = run(sweep, "--no-progress");
        assertThat(direct.exitCode()).as(direct.err()).isZero();
        assertThat(tablesOnly(merged.out())).isEqualTo(tablesOnly(direct.out())).isNotBlank();
    }

    /**
     * The environment that makes {@code ${TCPLAB:-tcplab}} in a job's command this build's CLI, for
     * jobs in processes of their own: the test's classpath (target/classes, not a jar that a
     * {@code test} phase run has not packaged yet) and the launcher's collector.
     */
    static Map<String, String> thisBuildAsTcplab() {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        return Map.of("CLASSPATH", System.getProperty("java.class.path"),
                "TCPLAB", java + " -XX:+UseSerialGC -Xmx256m " + Main.class.getName());
    }

    private static Cli run(String[] sweep, String... more) {
        List<String> args = new ArrayList<>(List.of(sweep));
        args.addAll(List.of(more));
        return Cli.run(TransferCommand.DEFAULT_ENGINE, args.toArray(String[]::new));
    }

    /** The printed tables without the line naming where the plot went. */
    private static String tablesOnly(String out) {
        return String.join("\n", out.lines().filter(l -> !l.startsWith("plot: ")).toList());
    }
}
