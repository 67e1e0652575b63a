package io.tcplab.tools.report;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/** One page across result directories: a sortable row per directory, linking its report, with its command and headline. */
public final class IndexPage {
    private IndexPage() {
    }

    /** Writes {@code file}; each directory's report.html is linked relative to it, so the set can move as a whole. */
    public static void write(Path file, List<Path> dirs) throws IOException, NoResultException {
        Path base = file.toAbsolutePath().normalize().getParent();
        Table table = new Table("", List.of("result", "command", "command line", "seed", "profile", "finished",
                "headline"));
        for (Path dir : dirs) {
            ResultKind kind = ReportPage.kind(dir);
            Optional<RunRecord> record = RunRecord.read(dir);
            String link = base.relativize(dir.toAbsolutePath().normalize().resolve(ReportPage.FILE)).toString()
                    .replace(java.io.File.separatorChar, '/');
            table.cells(List.of(new Table.Cell(ReportPage.name(dir), Html.uri(link)), Table.Cell.of(kind.command()),
                    Table.Cell.of(record.map(RunRecord::commandLine).orElse("-")),
                    Table.Cell.of(record.map(RunRecord::seed).orElse("-")),
                    Table.Cell.of(record.map(r -> r.profile() == null ? "-" : r.profile()).orElse("-")),
                    Table.Cell.of(record.map(RunRecord::finished).orElse("-")), Table.Cell.of(kind.headline(dir))));
        }
        Page page = new Page("tcplab results").paragraph(dirs.size() + " result directories; a click on a column "
                + "header sorts by it, a click on a result opens its report.").table(table);
        Files.createDirectories(base);
        page.write(file);
    }
}
