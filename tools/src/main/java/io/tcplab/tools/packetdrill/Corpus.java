package io.tcplab.tools.packetdrill;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * The packetdrill scripts outside the repository: found from the system property
 * {@code tcplab.packetdrill.dir} (default {@code ../shared/packetdrill} from the repository root,
 * which is {@code ../../shared/packetdrill} from a module directory).
 */
public final class Corpus {
    public static final String PROPERTY = "tcplab.packetdrill.dir";

    private Corpus() {
    }

    /** The corpus folder (holding {@code tcp/}), if it is there. */
    public static Optional<Path> locate() {
        String configured = System.getProperty(PROPERTY);
        List<Path> candidates = new ArrayList<>();
        if (configured != null && !configured.isBlank()) {
            Path p = Paths.get(configured);
            candidates.add(p);
            if (!p.isAbsolute()) {
                candidates.add(Paths.get("..").resolve(p)); // relative to the repo root, run from a module
            }
        } else {
            candidates.add(Paths.get("../shared/packetdrill"));
            candidates.add(Paths.get("../../shared/packetdrill"));
        }
        return candidates.stream().filter(p -> Files.isDirectory(p.resolve("tcp")))
                .map(p -> p.toAbsolutePath().normalize()).findFirst();
    }

    /** Every {@code .pkt} file under {@code path} (or {@code path} itself), sorted. */
    public static List<Path> scripts(Path path) {
        if (Files.isRegularFile(path)) {
            return List.of(path);
        }
        try (Stream<Path> walk = Files.walk(path)) {
            return walk.filter(p -> p.toString().endsWith(".pkt") && Files.isRegularFile(p)).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The scripts named in {@code PORTABLE.txt}, relative to {@code tcp/}. */
    public static List<String> portable(Path corpus) {
        try {
            return Files.readAllLines(corpus.resolve("PORTABLE.txt")).stream().map(String::strip)
                    .filter(s -> !s.isEmpty() && !s.startsWith("#")).toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A script's name for reports: its path under {@code tcp/} when it has one, else as given. */
    public static String nameOf(Path script) {
        Path abs = script.toAbsolutePath().normalize();
        for (Path p = abs.getParent(); p != null; p = p.getParent()) {
            if (p.getFileName() != null && p.getFileName().toString().equals("tcp")) {
                return p.relativize(abs).toString().replace('\\', '/');
            }
        }
        return script.toString();
    }
}
