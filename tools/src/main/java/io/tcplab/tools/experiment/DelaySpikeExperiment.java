package io.tcplab.tools.experiment;

import io.tcplab.tools.ab.RealPath;
import io.tcplab.tools.replay.Recordings;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Runs every variant under every kind of spike of a {@link DelaySpikeSpec}, kinds first: on the
 * emulator, or (a real spec) one after another in wall-clock time between two namespaces that
 * are removed afterwards, also on failure.
 */
public final class DelaySpikeExperiment {
    private DelaySpikeExperiment() {
    }

    /** Port of the first real run; each run gets the next, so none meets another's TIME-WAIT. */
    static final int FIRST_PORT = 5301;

    public static List<VariantRun> run(DelaySpikeSpec spec) {
        if (spec.real()) {
            throw new IllegalArgumentException("a real run needs runReal");
        }
        List<VariantRun> runs = new ArrayList<>();
        for (SpikeKind kind : spec.kinds()) {
            for (Variant variant : spec.variants()) {
                runs.add(BulkFlowRun.run(spec, kind, variant));
            }
        }
        return runs;
    }

    /**
     * The real run; {@code progress} (null: quiet) gets a line as each run starts; each tcplab
     * variant's stack is recorded as {@code recordings} say, one per kind and variant
     * ({@code KIND-VARIANT}). Throws {@link io.tcplab.tools.ab.AbException} with one line when a
     * run cannot be set up or fails.
     */
    public static RealRuns runReal(DelaySpikeSpec spec, PrintWriter progress, Recordings recordings)
            throws InterruptedException {
        List<VariantRun> runs = new ArrayList<>();
        int total = spec.kinds().size() * spec.variants().size();
        try (RealPath path = RealPath.open(RealPath.algorithmName(spec.base().congestionControl))) {
            for (SpikeKind kind : spec.kinds()) {
                for (Variant variant : spec.variants()) {
                    if (progress != null) {
                        progress.printf(Locale.ROOT, "run %d of %d: %s under a %s spike, %.0f s%n", runs.size() + 1,
                                total, variant.label(), kind.label(), spec.durationNanos() / 1e9);
                        progress.flush();
                    }
                    runs.add(RealBulkFlowRun.run(path, spec, kind, variant, FIRST_PORT + runs.size(), recordings));
                }
            }
            return new RealRuns(runs, path.namespaces());
        } catch (RuntimeException e) {
            throw RealPath.wrap(e);
        }
    }

    /** A real run's rows and the namespaces it used (removed by the time this exists). */
    public record RealRuns(List<VariantRun> runs, List<String> namespaces) {
    }
}
