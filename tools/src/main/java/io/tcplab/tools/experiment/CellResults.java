package io.tcplab.tools.experiment;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/** Result files: one JSON object per cell and seed, written by runs and jobs, read by {@code tcplab merge}. */
public final class CellResults {
    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT)
            .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);

    private CellResults() {
    }

    /** Writes {@code DIR/NAME.json}. */
    public static Path write(Path dir, String name, CellResult result) throws IOException {
        Files.createDirectories(dir);
        Path file = dir.resolve(name + ".json");
        JSON.writeValue(file.toFile(), result);
        return file;
    }

    public static String json(Object value) throws IOException {
        return JSON.writeValueAsString(value);
    }

    /**
     * Every {@code *.json} result under the given directories (recursively, in path order). A
     * file that is not a result is an {@link IllegalArgumentException} naming it.
     */
    public static List<CellResult> read(List<Path> dirs) throws IOException {
        List<Path> files = new ArrayList<>();
        for (Path dir : dirs) {
            if (!Files.isDirectory(dir)) {
                throw new IllegalArgumentException(dir + ": not a directory");
            }
            try (Stream<Path> walk = Files.walk(dir)) {
                walk.filter(p -> p.toString().endsWith(".json")).forEach(files::add);
            }
        }
        files.sort(Comparator.comparing(Path::toString));
        List<CellResult> results = new ArrayList<>();
        for (Path f : files) {
            try {
                results.add(JSON.readValue(f.toFile(), CellResult.class));
            } catch (IOException e) {
                throw new IllegalArgumentException(f + ": not a result file (" + firstLine(e.getMessage()) + ")");
            }
        }
        return results;
    }

    private static String firstLine(String text) {
        int nl = text == null ? -1 : text.indexOf('\n');
        return nl < 0 ? String.valueOf(text) : text.substring(0, nl);
    }
}
