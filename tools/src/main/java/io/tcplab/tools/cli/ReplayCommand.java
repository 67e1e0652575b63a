package io.tcplab.tools.cli;

import io.tcplab.stack.conn.ConnectionOptions;
import io.tcplab.tools.replay.Replay;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code tcplab replay FILE}: a recorded run again, on virtual time, checked packet by packet. */
@Command(name = "replay", mixinStandardHelpOptions = true, versionProvider = Version.class, sortOptions = false,
        description = {"Replays a recording (--record on serve and send) on a stack made as the recorded one was: "
                + "the recorded packets, polls and application calls go in at their places, and every packet, "
                + "callback and deadline that comes out is checked against the recording. With --cc, --recovery "
                + "or --spurious it is a what-if replay: every connection takes that instead, and the replay says "
                + "where the stack first does otherwise (from there on the network would have answered "
                + "differently). See docs/replay.md.",
                "Exit codes: 0 the replay matched to the end, 1 it diverged, 2 a bad option or file."})
public final class ReplayCommand implements Callable<Integer> {
    @Spec
    private CommandSpec command;

    @Parameters(paramLabel = "FILE", description = "the recording")
    private Path file;

    @Option(names = "--cc", paramLabel = "SPEC", converter = Converters.Cc.class,
            description = "What-if: every connection's congestion control.")
    private String cc;

    @Option(names = "--recovery", paramLabel = "SPEC", converter = Converters.Recovery.class,
            description = "What-if: every connection's loss detector.")
    private String recovery;

    @Option(names = "--spurious", paramLabel = "LIST", converter = Converters.Spurious.class,
            description = "What-if: every connection's spurious-loss detectors.")
    private Converters.SpuriousSpec spurious;

    @Override
    public Integer call() {
        PrintWriter out = command.commandLine().getOut();
        boolean whatIf = cc != null || recovery != null || spurious != null;
        try {
            Replay.Result r = whatIf ? Replay.run(file, this::change) : Replay.run(file);
            out.printf(Locale.ROOT, "%s (%s): %s to the end: %d packets, %d inputs, %.6f s of recorded time%n", file,
                    r.setup(), whatIf ? "the what-if replay ran" : "identical", r.packets(), r.inputs(),
                    r.spanNanos() / 1e9);
            out.flush();
            return 0;
        } catch (Replay.Divergence d) {
            out.println(file + ": " + d.getMessage());
            out.flush();
            return 1;
        } catch (IOException | UncheckedIOException | IllegalArgumentException e) {
            return Messages.badOption(command, file + ": " + Messages.strip(e));
        }
    }

    private ConnectionOptions.Builder change(ConnectionOptions.Builder b) {
        if (cc != null) {
            b.congestionControl(cc);
        }
        if (recovery != null) {
            b.recovery(recovery);
        }
        if (spurious != null) {
            b.spurious(spurious.spec());
        }
        return b;
    }
}
