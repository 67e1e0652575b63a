package io.tcplab.tools.cli;

import io.tcplab.tools.report.IndexPage;
import io.tcplab.tools.report.NoResultException;
import io.tcplab.tools.report.ReportPage;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code tcplab report DIR...}: a self-contained HTML page per result directory, and an index across them. */
@Command(name = "report", mixinStandardHelpOptions = true, versionProvider = Version.class, sortOptions = false,
        description = {"Writes DIR/report.html for each result directory (as run, ab and the experiments write them "
                + "with --report DIR): the command line, version, seed, profile and machine, the tables, every plot "
                + "embedded and the data files linked; one file that opens offline. --index FILE adds a page "
                + "linking them all. See docs/report.md.",
                "Exit codes: 0 success, 2 a directory without a result or a bad option."})
public final class ReportCommand implements Callable<Integer> {
    @Spec
    private CommandSpec command;

    @Parameters(paramLabel = "DIR", arity = "1..*", description = "result directories")
    private List<Path> dirs;

    @Option(names = "--index", paramLabel = "FILE.html",
            description = "Also write an index page here: a row per directory with its command, seed and headline "
                    + "figures, linking its report.")
    private Path index;

    @Override
    public Integer call() throws IOException {
        // every directory checked first: a typo in the last one should not leave half the pages rewritten
        for (Path dir : dirs) {
            if (!Files.isDirectory(dir)) {
                return Messages.badOption(command, dir + ": not a directory");
            }
            try {
                ReportPage.kind(dir);
            } catch (NoResultException e) {
                return Messages.badOption(command, e.getMessage());
            }
        }
        PrintWriter out = command.commandLine().getOut();
        try {
            for (Path dir : dirs) {
                out.println("report: " + ReportPage.write(dir));
            }
            if (index != null) {
                IndexPage.write(index, dirs);
                out.println("index: " + index);
            }
        } catch (NoResultException e) {
            throw new IllegalStateException(e);
        }
        out.flush();
        return 0;
    }
}
