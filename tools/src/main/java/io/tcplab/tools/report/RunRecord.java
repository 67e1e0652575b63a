package io.tcplab.tools.report;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Optional;

/**
 * How a result directory came about, written beside its results as {@value #FILE} so that its
 * report can say it: the command and its arguments as typed, tcplab's version, the seed(s), the
 * profile, the machine and when the run ended. {@code profile} is null where the command left it
 * to its input (a scenario file's flows).
 */
public record RunRecord(String command, List<String> arguments, String version, String seed, String profile,
                        Machine machine, String finished) {
    public static final String FILE = "tcplab-run.json";
    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT)
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);

    public RunRecord {
        arguments = List.copyOf(arguments);
    }

    /** A record of a run of {@code command} that ends now, on this machine. */
    public static RunRecord now(String command, List<String> arguments, String version, String seed, String profile) {
        return new RunRecord(command, arguments, version, seed, profile, Machine.here(),
                Instant.now().truncatedTo(ChronoUnit.SECONDS).toString());
    }

    /** The command line as one shell-readable string: arguments with spaces or quotes are single-quoted. */
    public String commandLine() {
        StringBuilder line = new StringBuilder(command);
        for (String a : arguments) {
            line.append(' ').append(a.matches("[A-Za-z0-9_./:=,%@+-]+") ? a : "'" + a.replace("'", "'\\''") + "'");
        }
        return line.toString();
    }

    public void write(Path dir) throws IOException {
        JSON.writeValue(Files.createDirectories(dir).resolve(FILE).toFile(), this);
    }

    /** The record in {@code dir}, if the run that wrote the directory left one. */
    public static Optional<RunRecord> read(Path dir) throws IOException {
        Path file = dir.resolve(FILE);
        return Files.isRegularFile(file) ? Optional.of(JSON.readValue(file.toFile(), RunRecord.class)) : Optional.empty();
    }
}
