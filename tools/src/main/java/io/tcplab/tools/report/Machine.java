package io.tcplab.tools.report;

import java.io.IOException;
import java.net.InetAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.stream.Stream;

/** The machine a run ran on, as a report shows it beside its figures (wall-time numbers depend on it). */
public record Machine(String host, String os, String cpu, int cores, String java) {
    private static final Path CPU_INFO = Path.of("/proc/cpuinfo");

    public static Machine here() {
        return new Machine(hostName(), System.getProperty("os.name") + " " + System.getProperty("os.version") + " "
                + System.getProperty("os.arch"), cpuModel().orElse("unknown"), Runtime.getRuntime().availableProcessors(),
                System.getProperty("java.vm.name") + " " + System.getProperty("java.version"));
    }

    private static String hostName() {
        try {
            return InetAddress.getLocalHost().getHostName();
        } catch (IOException e) {
            return "unknown";
        }
    }

    /** The first "model name" of /proc/cpuinfo (Linux); empty elsewhere. */
    private static Optional<String> cpuModel() {
        if (!Files.isReadable(CPU_INFO)) {
            return Optional.empty();
        }
        try (Stream<String> lines = Files.lines(CPU_INFO)) {
            return lines.filter(l -> l.startsWith("model name")).map(l -> l.substring(l.indexOf(':') + 1).trim())
                    .findFirst();
        } catch (IOException | java.io.UncheckedIOException e) {
            return Optional.empty();
        }
    }
}
