package io.tcplab.tools.cli;

import static org.assertj.core.api.Assertions.fail;

import io.tcplab.tun.CommandResult;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/** Runs the machine's programs (a scheduler's commands) for the tests, each to completion within a limit. */
final class Programs {

    private Programs() {
    }

    /**
     * Runs {@code argv} in {@code dir} with {@code env} added to this JVM's environment; its output
     * goes through files in {@code dir} (no pipe to fill), which are deleted afterwards. Fails the
     * test, killing the program, if it is still running after {@code limit}.
     */
    static CommandResult run(Path dir, Map<String, String> env, Duration limit, String... argv)
            throws IOException, InterruptedException {
        Path out = Files.createTempFile(dir, argv[0], ".out");
        Path err = Files.createTempFile(dir, argv[0], ".err");
        try {
            ProcessBuilder builder = new ProcessBuilder(argv).directory(dir.toFile())
                    .redirectInput(new File("/dev/null")).redirectOutput(out.toFile()).redirectError(err.toFile());
            builder.environment().putAll(env);
            Process p = builder.start();
            if (!p.waitFor(limit.toMillis(), TimeUnit.MILLISECONDS)) {
                p.destroyForcibly().waitFor();
                fail(String.join(" ", argv) + " still running after " + limit + "; stderr: " + Files.readString(err));
            }
            return new CommandResult(List.of(argv), p.exitValue(), Files.readString(out), Files.readString(err));
        } finally {
            Files.deleteIfExists(out);
            Files.deleteIfExists(err);
        }
    }
}
