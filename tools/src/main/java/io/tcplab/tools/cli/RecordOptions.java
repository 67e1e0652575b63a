package io.tcplab.tools.cli;

import io.tcplab.tools.replay.Keep;
import java.nio.file.Path;
import picocli.CommandLine;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;

/**
 * {@code --record} and {@code --record-headers} (docs/replay.md): what every command that can
 * record its tcplab stacks shares; {@link RecordFile} and {@link RecordDir} say where they go.
 */
abstract class RecordOptions {
    @Option(names = "--record-headers",
            description = "With --record: keep packets' headers and lengths and written data's length only, not "
                    + "their bytes (a fraction of the size; the replay checks emitted headers, not payloads).")
    boolean headers;

    /** Where --record writes, or null without it. */
    abstract Path target();

    Keep keep() {
        return headers ? Keep.HEADERS : Keep.PACKETS;
    }

    /** --record-headers alone is a bad option. */
    void check(CommandLine cmd) {
        if (headers && target() == null) {
            throw new ParameterException(cmd, "--record-headers needs --record");
        }
    }
}
