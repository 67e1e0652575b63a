package io.tcplab.tools.report;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * What one command leaves in a result directory, and how its report shows it. A directory is of
 * the kind whose {@link #dataFile()} it holds; the tables come from that file as the command
 * wrote it, nothing is recomputed.
 */
interface ResultKind {
    List<ResultKind> ALL = List.of(new RunResults(), new AbResults(), new DelaySpikeResults(),
            new FriendlinessResults(), new EcnResults(), new L4sResults());

    /** The command, as the page's title names it (e.g. "experiment delay-spike"). */
    String command();

    /** The file that marks a directory as this kind's, relative to it. */
    String dataFile();

    /** The kind's sections: headings, tables and notes. */
    void sections(Path dir, Page page) throws IOException;

    /** One line of the headline figures, for the index page. */
    String headline(Path dir) throws IOException;

    static Optional<ResultKind> of(Path dir) {
        return ALL.stream().filter(k -> Files.isRegularFile(dir.resolve(k.dataFile()))).findFirst();
    }

    /** What a result directory is expected to hold, for the message about one that holds none of it. */
    static String expected() {
        return ALL.stream().map(k -> k.dataFile() + " (" + k.command() + ")").collect(Collectors.joining(", "));
    }
}
