package io.tcplab.tun;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Runs the set-up commands ({@code ip}, {@code ip netns exec}) with {@link ProcessBuilder}: only
 * for set-up and tear-down, never per packet.
 */
final class Commands {
    static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(30);
    private static volatile String ipPath;

    private Commands() {
    }

    /** The {@code ip} binary: found in PATH or the sbin directories that PATH may lack off-root. */
    static String ip() {
        String p = ipPath;
        if (p == null) {
            p = find("ip");
            ipPath = p;
        }
        return p;
    }

    static String find(String name) {
        List<String> dirs = new ArrayList<>();
        String path = System.getenv("PATH");
        if (path != null) {
            dirs.addAll(Arrays.asList(path.split(":")));
        }
        dirs.addAll(List.of("/usr/sbin", "/sbin", "/usr/bin", "/bin", "/usr/local/sbin", "/usr/local/bin"));
        for (String d : dirs) {
            if (d.isEmpty()) {
                continue;
            }
            Path candidate = Path.of(d, name);
            if (Files.isExecutable(candidate)) {
                return candidate.toString();
            }
        }
        return null;
    }

    /** Runs {@code argv} to completion (killing it after {@code timeout}); never throws on a non-zero exit. */
    static CommandResult run(List<String> argv, Duration timeout) {
        Process process;
        try {
            process = new ProcessBuilder(argv).redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")))
                    .start();
        } catch (IOException e) {
            throw new TunException("tcplab: cannot run " + argv.get(0) + ": " + e.getMessage(), e);
        }
        Drain out = new Drain(process.getInputStream());
        Drain err = new Drain(process.getErrorStream());
        out.start();
        err.start();
        try {
            if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                process.descendants().forEach(ProcessHandle::destroyForcibly);
                process.destroyForcibly();
                throw new TunException("tcplab: " + String.join(" ", argv) + " did not finish within " + timeout);
            }
            // a background child may still hold the pipes: take what is there, do not wait for it
            out.join(1000);
            err.join(1000);
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
            throw new TunException("tcplab: interrupted while running " + String.join(" ", argv), e);
        }
        return new CommandResult(List.copyOf(argv), process.exitValue(), out.text(), err.text());
    }

    /**
     * Runs {@code ip [-n netns] args...}; on failure throws "tcplab: {what}: {ip's first error line}".
     * Returns ip's standard output.
     */
    static String ip(String netns, String what, String... args) {
        CommandResult r = run(ipArgv(netns, args), DEFAULT_TIMEOUT);
        if (!r.ok()) {
            throw new TunException("tcplab: " + what + ": " + r.firstErrorLine());
        }
        return r.stdout();
    }

    /** Like {@link #ip} but returns the result instead of throwing (tear-down, probes). */
    static CommandResult ipQuiet(String netns, String... args) {
        return run(ipArgv(netns, args), DEFAULT_TIMEOUT);
    }

    /** {@code command} as run inside {@code netns} ({@code ip netns exec}), or as it is when netns is null. */
    static List<String> inNamespace(String netns, String... command) {
        List<String> argv = netns == null ? new ArrayList<>() : ipArgv(null, "netns", "exec", netns);
        argv.addAll(Arrays.asList(command));
        return argv;
    }

    static List<String> ipArgv(String netns, String... args) {
        String ip = ip();
        if (ip == null) {
            throw new TunException("tcplab: the ip command (iproute2) is not installed");
        }
        List<String> argv = new ArrayList<>();
        argv.add(ip);
        if (netns != null) {
            argv.add("-n");
            argv.add(netns);
        }
        argv.addAll(Arrays.asList(args));
        return argv;
    }

    private static final class Drain extends Thread {
        private final InputStream in;
        private final ByteArrayOutputStream buffer = new ByteArrayOutputStream();

        Drain(InputStream in) {
            super("tcplab-cmd-output");
            setDaemon(true);
            this.in = in;
        }

        @Override
        public void run() {
            try {
                in.transferTo(buffer);
            } catch (IOException e) {
                // the process ended; keep what was read
            }
        }

        String text() {
            return buffer.toString(StandardCharsets.UTF_8);
        }
    }
}
