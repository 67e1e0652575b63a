package io.tcplab.tools.report;

import io.tcplab.tools.plot.ChartFiles;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * The report of one result directory, {@value #FILE} in it: the run (command line, version, seed,
 * profile, machine), the kind's tables, every image under the directory embedded, and the data
 * files linked.
 */
public final class ReportPage {
    public static final String FILE = "report.html";

    private ReportPage() {
    }

    /** What a directory holds, checked before anything is written. */
    public static ResultKind kind(Path dir) throws NoResultException {
        return ResultKind.of(dir).orElseThrow(() -> new NoResultException(dir));
    }

    /** Writes {@code dir/report.html}; returns it. */
    public static Path write(Path dir) throws IOException, NoResultException {
        ResultKind kind = kind(dir);
        Optional<RunRecord> record = RunRecord.read(dir);
        Page page = new Page("tcplab " + kind.command() + ": " + name(dir));
        run(page, record);
        kind.sections(dir, page);
        List<Path> files = files(dir);
        page.heading("Plots");
        List<Path> images = files.stream().filter(f -> Page.isImage(f) && !drawnAsSvgToo(f)).toList();
        if (images.isEmpty()) {
            page.note("no plots in this directory");
        }
        for (Path image : images) {
            page.image(relative(dir, image), image);
        }
        page.heading("Data files");
        Table data = new Table("", List.of("file", "bytes"));
        for (Path f : files) {
            if (!images.contains(f)) {
                data.cells(List.of(new Table.Cell(relative(dir, f), Html.uri(relative(dir, f))),
                        Table.Cell.of(Long.toString(Files.size(f)))));
            }
        }
        page.table(data);
        Path file = dir.resolve(FILE);
        page.write(file);
        return file;
    }

    /** A PNG with its SVG beside it: the page shows the SVG (sharp at any zoom) and links the PNG. */
    private static boolean drawnAsSvgToo(Path image) {
        return image.getFileName().toString().endsWith(".png") && Files.isRegularFile(ChartFiles.svgBeside(image));
    }

    /** The run's facts, or a note that the directory does not record them. */
    private static void run(Page page, Optional<RunRecord> record) {
        page.heading("Run");
        if (record.isEmpty()) {
            page.note("No " + RunRecord.FILE + " here: the command line, version, seed, profile and machine were not "
                    + "recorded (a command's --report DIR records them).");
            return;
        }
        RunRecord r = record.get();
        page.command(r.commandLine());
        Machine m = r.machine();
        page.facts(List.of(List.of("version", r.version()), List.of("seed", r.seed()),
                List.of("profile", r.profile() == null ? "as the input file gives" : r.profile()),
                List.of("finished", r.finished()), List.of("host", m.host()), List.of("system", m.os()),
                List.of("CPU", m.cpu() + ", " + m.cores() + " cores available"), List.of("Java", m.java())));
    }

    /** Every file under the directory but the report itself, in path order. */
    private static List<Path> files(Path dir) throws IOException {
        try (Stream<Path> walk = Files.walk(dir)) {
            return walk.filter(Files::isRegularFile).filter(f -> !f.equals(dir.resolve(FILE))).sorted().toList();
        } catch (UncheckedIOException e) {
            throw e.getCause();
        }
    }

    /** A path below {@code dir} with '/' between names, as a page's relative link takes it. */
    static String relative(Path dir, Path file) {
        return dir.relativize(file).toString().replace(java.io.File.separatorChar, '/');
    }

    static String name(Path dir) {
        Path name = dir.toAbsolutePath().normalize().getFileName();
        return name == null ? dir.toString() : name.toString();
    }
}
