package io.tcplab.tools.link.bridge;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Runs a {@link NetemPlan}: the first step at once (it also tells whether netem exists), each
 * later one at its time, and the {@code del} when stopped. Failures are {@link NetemException}s
 * with one line naming the cause.
 */
public final class NetemRunner {
    private NetemRunner() {
    }

    /** A failure to apply the plan, in one line. */
    public static final class NetemException extends RuntimeException {
        public NetemException(String message) {
            super(message);
        }
    }

    /** The {@code tc} binary (PATH, then the sbin directories), or null. */
    public static String findTc() {
        String path = System.getenv("PATH");
        String dirs = (path == null ? "" : path + ":") + "/usr/sbin:/sbin:/usr/bin:/bin";
        for (String d : dirs.split(":")) {
            if (!d.isEmpty() && Files.isExecutable(Path.of(d, "tc"))) {
                return Path.of(d, "tc").toString();
            }
        }
        return null;
    }

    /**
     * Runs the steps, sleeping until each is due (counted from this call), and returns once the
     * last has run; {@code stop} ends the wait early. The first step failing because the kernel
     * lacks netem gives "... needs the sch_netem kernel module ...".
     */
    public static void run(List<NetemPlan.Step> steps, long startNanos, java.util.function.BooleanSupplier stop)
            throws InterruptedException {
        for (int i = 0; i < steps.size(); i++) {
            NetemPlan.Step s = steps.get(i);
            while (!stop.getAsBoolean()) {
                long wait = startNanos + s.atNanos() - System.nanoTime();
                if (wait <= 0) {
                    break;
                }
                TimeUnit.NANOSECONDS.sleep(Math.min(wait, 50_000_000L));
            }
            if (stop.getAsBoolean()) {
                return;
            }
            exec(s.argv(), i == 0);
        }
    }

    /** Runs one tc command; throws with tc's first error line (naming sch_netem when it is missing). */
    public static void exec(List<String> argv, boolean first) {
        Process p;
        try {
            p = new ProcessBuilder(argv).redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
                    .redirectErrorStream(true).start();
        } catch (IOException e) {
            throw new NetemException("cannot run " + argv.get(0) + ": " + e.getMessage());
        }
        String out;
        int rc;
        try {
            out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
            rc = p.waitFor();
        } catch (IOException e) {
            throw new NetemException("cannot read the output of " + String.join(" ", argv) + ": " + e.getMessage());
        } catch (InterruptedException e) {
            p.destroyForcibly();
            Thread.currentThread().interrupt();
            throw new NetemException("interrupted while running " + String.join(" ", argv));
        }
        if (rc == 0) {
            return;
        }
        String line = out.isEmpty() ? "exit code " + rc : out.lines().findFirst().orElse("");
        if (first && missingNetem(out)) {
            throw new NetemException("--netem needs the sch_netem kernel module, which this kernel lacks (tc: "
                    + line + "); run without --netem to use the user-space link");
        }
        throw new NetemException(String.join(" ", argv) + " failed: " + line);
    }

    static boolean missingNetem(String tcOutput) {
        return tcOutput.contains("Specified qdisc kind is unknown")
                || tcOutput.contains("Unknown qdisc \"netem\"")
                || tcOutput.contains("qdisc kind is unknown");
    }
}
