package io.tcplab.tools.cli;

import io.tcplab.tools.replay.Recordings;
import java.nio.file.Path;
import picocli.CommandLine;
import picocli.CommandLine.Option;

/** {@code --record FILE}: the command's one tcplab stack recorded into FILE ({@code serve}, {@code send}, {@code ab}). */
final class RecordFile extends RecordOptions {
    @Option(names = "--record", paramLabel = "FILE",
            description = "Record the tcplab stack's every input, draw and output to FILE, for tcplab replay "
                    + "(docs/replay.md).")
    Path file;

    @Override
    Path target() {
        return file;
    }

    /**
     * What to record for {@code setup} (what ran), the options checked and the file made writable
     * before anything runs (a bad option otherwise); {@link Recordings#NONE} without --record.
     */
    Recordings recordings(CommandLine cmd, String setup) {
        check(cmd);
        if (file == null) {
            return Recordings.NONE;
        }
        EndpointOptions.checkWritable(cmd, "--record", file);
        return Recordings.file(file, keep(), setup);
    }
}
