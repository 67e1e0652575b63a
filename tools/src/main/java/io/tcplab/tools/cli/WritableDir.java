package io.tcplab.tools.cli;

import java.io.IOException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.Path;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;

/** An output directory option, made (if missing) and checked before the run; and why a path cannot be written. */
final class WritableDir {
    private WritableDir() {
    }

    /** A directory that cannot be made or written is a bad option, found before minutes of running. */
    static void ensure(CommandSpec command, Path dir, String option) {
        try {
            Files.createDirectories(dir);
            if (!Files.isWritable(dir)) {
                throw new FileSystemException(dir.toString(), null, "not writable");
            }
        } catch (IOException e) {
            throw new ParameterException(command.commandLine(), option + " cannot write '" + dir + "' (" + reason(e) + ")");
        }
    }

    /** What the file system said, for "(reason)" after an option that cannot write its file or directory. */
    static String reason(IOException e) {
        return e instanceof FileSystemException f && f.getReason() != null ? f.getReason() : e.getClass().getSimpleName();
    }
}
