package io.tcplab.tools.cli;

import io.tcplab.tools.replay.Recordings;
import java.nio.file.Path;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;

/**
 * {@code --record DIR}: each tcplab stack of a run of several recorded into a file of its own in
 * DIR ({@code run --real}, {@code experiment delay-spike --real}).
 */
final class RecordDir extends RecordOptions {
    @Option(names = "--record", paramLabel = "DIR",
            description = "Record each tcplab stack's every input, draw and output into DIR (made if missing), a file "
                    + "per stack (run: DIR/seed-N/FLOW.rec; delay-spike: DIR/KIND-VARIANT.rec), for tcplab replay; "
                    + "kernel senders are not tcplab stacks and are not recorded (docs/replay.md).")
    Path dir;

    @Override
    Path target() {
        return dir;
    }

    /**
     * What to record for {@code setup} (what ran) into DIR, the options checked and the directory
     * made before anything runs (a bad option otherwise); {@link Recordings#NONE} without --record.
     */
    Recordings recordings(CommandSpec command, String setup) {
        return recordings(command, ".", setup);
    }

    /** The same into DIR's {@code subdirectory} (one run's of several). */
    Recordings recordings(CommandSpec command, String subdirectory, String setup) {
        check(command.commandLine());
        if (dir == null) {
            return Recordings.NONE;
        }
        Path within = dir.resolve(subdirectory).normalize();
        WritableDir.ensure(command, within, "--record");
        return Recordings.directory(within, keep(), setup);
    }
}
