package io.tcplab.tools.cli;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.tcplab.stack.conn.ConnectionOptions;
import io.tcplab.stack.profile.Profile;
import io.tcplab.tools.replay.Keep;
import io.tcplab.tools.replay.Replay;
import io.tcplab.tools.replay.ReplayFiles;
import io.tcplab.tools.report.BuildVersion;
import io.tcplab.tools.report.Report;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code tcplab replay FILE}: a recorded run again, on virtual time, checked packet by packet. */
@Command(name = "replay", mixinStandardHelpOptions = true, versionProvider = Version.class, sortOptions = false,
        description = {"Replays a recording (--record on serve, send, ab, run --real, delay-spike --real) on a stack made as the recorded one was: "
                + "the recorded packets, polls and application calls go in at their places, and every packet, "
                + "callback and deadline that comes out is checked against the recording. With --profile, --cc, "
                + "--recovery or --spurious it is a what-if replay: every connection takes that instead, and the replay says "
                + "where the stack first does otherwise (from there on the network would have answered "
                + "differently). With --out DIR it also writes each connection's trace CSV, JSON report and plot, "
                + "up to the divergence if there is one. See docs/replay.md.",
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

    @Option(names = "--profile", paramLabel = "NAME", converter = Converters.ProfileName.class,
            description = "What-if: every connection takes this era profile's values over its recorded options "
                    + "(tcplab profile list); --cc, --recovery and --spurious apply over it.")
    private Profile profile;

    @Option(names = "--out", paramLabel = "DIR",
            description = "Also write into DIR, for each connection N of the replayed stack (numbered from 0 as in "
                    + "the recording): connection-N.csv, its trace (the columns of --trace on serve and send, "
                    + "seconds from the connection's start); connection-N.json, its report (the fields of their "
                    + "--json); connection-N.png, cwnd, ssthresh and in flight, srtt and RTO, SND.UNA and SND.NXT "
                    + "over time. On a divergence: what was traced up to it.")
    private Path outDir;

    @Option(names = "--json", description = "Print the outcome as one JSON object instead of the line.")
    private boolean json;

    @Override
    public Integer call() {
        if (outDir != null) {
            WritableDir.ensure(command, outDir, "--out");
        }
        boolean whatIf = profile != null || cc != null || recovery != null || spurious != null;
        ReplayFiles files = outDir == null ? null : new ReplayFiles(outDir);
        Replay.Observer observer = files == null ? Replay.Observer.NONE : files;
        Replay.Result result = null;
        String divergence = null;
        try {
            result = whatIf ? Replay.run(file, this::change, observer) : Replay.run(file, observer);
        } catch (Replay.Divergence d) {
            divergence = d.getMessage();
        } catch (ReplayFiles.WriteFailure e) {
            closeQuietly(files);
            return outFailed(e);
        } catch (IOException | UncheckedIOException | IllegalArgumentException e) {
            closeQuietly(files);
            return Messages.badOption(command, file + ": " + Messages.strip(e));
        }
        List<Path> written = List.of();
        if (files != null) {
            try {
                written = files.finish(divergence != null);
            } catch (IOException | UncheckedIOException e) {
                return outFailed(e);
            }
        }
        if (json) {
            printJson(whatIf, result, divergence, files, written);
        } else {
            printLines(whatIf, result, divergence, files);
        }
        return divergence == null ? 0 : 1;
    }

    private void printLines(boolean whatIf, Replay.Result r, String divergence, ReplayFiles files) {
        PrintWriter out = command.commandLine().getOut();
        if (divergence == null) {
            out.printf(Locale.ROOT, "%s (%s%s): %s to the end: %d packets, %d inputs, %.6f s of recorded time%n", file,
                    r.setup(), provenance(r), whatIf ? "the what-if replay ran" : "identical", r.packets(), r.inputs(),
                    r.spanNanos() / 1e9);
        } else {
            out.println(file + ": " + divergence);
        }
        if (files != null) {
            out.printf(Locale.ROOT, "%s: %s of %d connection%s (trace CSV, JSON, plot) in %s%n", file,
                    divergence == null ? "wrote the trace" : "wrote what was traced up to the divergence",
                    files.connections(), files.connections() == 1 ? "" : "s", outDir);
        }
        out.flush();
    }

    private void printJson(boolean whatIf, Replay.Result r, String divergence, ReplayFiles files, List<Path> written) {
        ObjectNode o = Report.MAPPER.createObjectNode();
        o.put("file", file.toString());
        o.put("whatIf", whatIf);
        o.put("toTheEnd", divergence == null);
        o.put("divergence", divergence);
        if (r != null) {
            o.put("setup", r.setup());
            o.put("recordedBy", r.recordedBy());
            o.put("keeps", r.keep() == Keep.HEADERS ? "headers" : "packets");
            o.put("entries", r.entries());
            o.put("packets", r.packets());
            o.put("inputs", r.inputs());
            o.put("recordedSeconds", r.spanNanos() / 1e9);
        }
        if (files != null) {
            o.put("out", outDir.toString());
            o.put("connections", files.connections());
            ArrayNode names = o.putArray("files");
            written.forEach(p -> names.add(p.getFileName().toString()));
        }
        PrintWriter out = command.commandLine().getOut();
        out.println(o);
        out.flush();
    }

    /** What the line says of the recording besides its setup: headers only, another build. */
    private static String provenance(Replay.Result r) {
        String s = r.keep() == Keep.HEADERS ? "; headers only" : "";
        return r.recordedBy().equals(BuildVersion.text()) ? s : s + "; recorded by " + r.recordedBy();
    }

    /** The directory --out checked could not take a file after all (full, or changed under us): the run failed. */
    private int outFailed(Exception e) {
        return Messages.failed(command, "--out cannot write '" + outDir + "' (" + Messages.strip(e) + ")");
    }

    private static void closeQuietly(ReplayFiles files) {
        if (files != null) {
            try {
                files.close();
            } catch (IOException e) {
                // the replay's own failure is what gets reported
            }
        }
    }

    private ConnectionOptions.Builder change(ConnectionOptions.Builder b) {
        if (profile != null) {
            profile.applyTo(b);
        }
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
