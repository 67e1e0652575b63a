package io.tcplab.tools.cli;

import static org.assertj.core.api.Assertions.fail;

import io.tcplab.tun.CommandResult;
import io.tcplab.tun.SystemTools.Tool;
import io.tcplab.tun.NamespaceHosts;
import io.tcplab.tun.testing.Requires;
import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * A Slurm cluster of this machine alone, for the length of a test: munged, slurmctld and slurmd
 * run in the foreground as this JVM's children, with everything they read and write (munge key
 * and socket, slurm.conf, state, spool, logs) in a temporary directory of its own, so nothing of
 * the machine's own Slurm or munge is used or touched. Commands reach it through
 * {@code SLURM_CONF} ({@link #env()}).
 *
 * <p>Skips (fails under TCPLAB_REQUIRE_TEST_HOSTS=1) without root or the programs.
 * {@link #close()} cancels what still runs, waits for the node to be empty, stops the daemons and
 * deletes the directory; a JVM shutdown hook does the same if the run is interrupted.
 */
final class SingleNodeSlurm implements AutoCloseable {
    private static final Duration COMMAND_LIMIT = Duration.ofSeconds(30);
    private static final Duration START_LIMIT = Duration.ofSeconds(30);
    private static final Duration STOP_LIMIT = Duration.ofSeconds(30);
    private static final Duration POLL = Duration.ofMillis(100);
    private static final String PARTITION = "tcplab";

    private final Path dir;
    private final Path conf;
    private final List<Process> daemons = new ArrayList<>();
    private final Thread onExit = new Thread(this::stop, "stop single-node Slurm");

    private SingleNodeSlurm(Path dir) {
        this.dir = dir;
        this.conf = dir.resolve("slurm.conf");
    }

    /** Starts the cluster and returns once its node is idle. */
    static SingleNodeSlurm start() throws IOException, InterruptedException {
        requireHere();
        // munged serves clients only through a socket whose every parent directory all may pass through.
        Path dir = Files.createTempDirectory("tcplab-slurm", PosixFilePermissions.asFileAttribute(
                PosixFilePermissions.fromString("rwx--x--x")));
        SingleNodeSlurm slurm = new SingleNodeSlurm(dir);
        Runtime.getRuntime().addShutdownHook(slurm.onExit);
        try {
            slurm.startDaemons();
            return slurm;
        } catch (IOException | InterruptedException | RuntimeException | Error e) {
            slurm.close();
            throw e;
        }
    }

    private static void requireHere() throws IOException {
        // Slurm's programs first: the package that brings them (slurm-wlm) brings munge too.
        for (Tool tool : List.of(Tool.SLURMCTLD, Tool.SLURMD, Tool.SBATCH, Tool.SRUN, Tool.SINFO, Tool.SQUEUE,
                Tool.SCANCEL, Tool.MUNGED)) {
            Requires.tool(tool, "a single-node Slurm");
        }
        Requires.here().met(root(), "a single-node Slurm (slurmd starts the jobs as their user)");
    }

    private static NamespaceHosts.Availability root() throws IOException {
        // /proc/self belongs to this process's effective user.
        boolean root = Integer.valueOf(0).equals(Files.getAttribute(Path.of("/proc/self"), "unix:uid"));
        return new NamespaceHosts.Availability(root, "the single-node Slurm needs root; run as root");
    }

    /** What sbatch, sinfo and the others need to find this cluster. */
    Map<String, String> env() {
        return Map.of("SLURM_CONF", conf.toString());
    }

    /** Runs a Slurm command against this cluster in {@code workDir}, with {@code more} environment. */
    CommandResult run(Path workDir, Map<String, String> more, Duration limit, String... argv)
            throws IOException, InterruptedException {
        Map<String, String> env = new HashMap<>(more);
        env.putAll(env());
        return Programs.run(workDir, env, limit, argv);
    }

    private void startDaemons() throws IOException, InterruptedException {
        Path key = dir.resolve("munge.key");
        byte[] secret = new byte[128];
        new SecureRandom().nextBytes(secret);
        Files.write(key, secret);
        Files.setPosixFilePermissions(key, PosixFilePermissions.fromString("rw-------"));
        Path socket = dir.resolve("munge.socket");
        daemon("munged", "munged", "--foreground", "--key-file=" + key, "--socket=" + socket,
                "--pid-file=" + dir.resolve("munged.pid"), "--log-file=" + dir.resolve("munged.log"),
                "--seed-file=" + dir.resolve("munged.seed"));
        await("munged's socket " + socket, () -> Files.exists(socket));

        Files.createDirectories(dir.resolve("state"));
        Files.createDirectories(dir.resolve("spool"));
        Files.writeString(conf, SlurmConf.text(dir, socket, node(), PARTITION, freePort(), freePort()));
        daemon("slurmctld", "slurmctld", "-D", "-f", conf.toString());
        daemon("slurmd", "slurmd", "-D", "-f", conf.toString());
        await("the node idle in sinfo", () -> "idle".equals(sinfo()));
    }

    /** This machine as {@code slurmd -C} describes it (its hostname, CPUs, memory), reached on loopback. */
    private String node() throws IOException, InterruptedException {
        CommandResult c = Programs.run(dir, Map.of(), COMMAND_LIMIT, "slurmd", "-C");
        if (!c.ok()) {
            fail("slurmd -C: " + c.firstErrorLine());
        }
        return c.stdout().lines().findFirst().orElseThrow() + " NodeAddr=127.0.0.1 State=UNKNOWN";
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        }
    }

    private void daemon(String name, String... argv) throws IOException {
        ProcessBuilder builder = new ProcessBuilder(argv).directory(dir.toFile())
                .redirectErrorStream(true).redirectOutput(dir.resolve(name + ".out").toFile());
        builder.environment().putAll(env());
        daemons.add(builder.start());
    }

    private String sinfo() throws IOException, InterruptedException {
        return run(dir, Map.of(), COMMAND_LIMIT, "sinfo", "-h", "-N", "-o", "%T").stdout().strip();
    }

    private interface Condition {
        boolean holds() throws IOException, InterruptedException;
    }

    /** Polls {@code condition} until it holds; fails with the daemons' output if one dies or time runs out. */
    private void await(String what, Condition condition) throws IOException, InterruptedException {
        long deadline = System.nanoTime() + START_LIMIT.toNanos();
        while (!condition.holds()) {
            if (daemons.stream().anyMatch(p -> !p.isAlive()) || System.nanoTime() > deadline) {
                fail("waiting for " + what + ": a daemon exited or " + START_LIMIT + " passed\n" + daemonOutput());
            }
            Thread.sleep(POLL.toMillis());
        }
    }

    /** The daemons' logs, for a failure message. */
    String daemonOutput() throws IOException {
        StringBuilder b = new StringBuilder();
        for (String log : List.of("munged.log", "munged.out", "slurmctld.log", "slurmctld.out", "slurmd.log", "slurmd.out")) {
            Path p = dir.resolve(log);
            if (Files.exists(p)) {
                b.append("--- ").append(log).append('\n').append(Files.readString(p));
            }
        }
        return b.toString();
    }

    @Override
    public void close() {
        stop();
        try {
            Runtime.getRuntime().removeShutdownHook(onExit);
        } catch (IllegalStateException shuttingDown) {
            // the hook is running or has run: nothing left to remove
        }
    }

    private synchronized void stop() {
        try {
            cancelJobs();
        } catch (IOException | AssertionError e) {
            // the daemons are stopped below all the same
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        stopDaemons();
        delete(dir);
    }

    /** Cancels every job and waits until none is left on the node, so that no job's process outlives slurmd. */
    private void cancelJobs() throws IOException, InterruptedException {
        if (daemons.size() < 3 || !daemons.stream().allMatch(Process::isAlive)) {
            return; // no cluster, so no jobs
        }
        run(dir, Map.of(), COMMAND_LIMIT, "scancel", "--partition=" + PARTITION);
        long deadline = System.nanoTime() + STOP_LIMIT.toNanos();
        while (!run(dir, Map.of(), COMMAND_LIMIT, "squeue", "-h").stdout().isBlank() && System.nanoTime() < deadline) {
            Thread.sleep(POLL.toMillis());
        }
    }

    /** SIGTERM to each daemon, newest first; SIGKILL to one that has not exited after the limit. */
    private void stopDaemons() {
        for (int i = daemons.size() - 1; i >= 0; i--) {
            Process p = daemons.get(i);
            p.destroy();
            try {
                if (!p.waitFor(STOP_LIMIT.toSeconds(), TimeUnit.SECONDS)) {
                    p.destroyForcibly().waitFor();
                }
            } catch (InterruptedException e) {
                p.destroyForcibly();
                Thread.currentThread().interrupt();
            }
        }
        daemons.clear();
    }

    private static void delete(Path dir) {
        try (Stream<Path> files = Files.walk(dir)) {
            for (Path p : files.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        } catch (IOException e) {
            System.err.println("tcplab: could not delete " + dir + ": " + e);
        }
    }
}
