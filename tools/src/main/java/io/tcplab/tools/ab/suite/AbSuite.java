package io.tcplab.tools.ab.suite;

import io.tcplab.stack.conn.ConnectionOptions;
import io.tcplab.tools.ab.AbException;
import io.tcplab.tools.ab.AbPath;
import io.tcplab.tools.ab.AbPlot;
import io.tcplab.tools.ab.AbResult;
import io.tcplab.tools.ab.AbSpec;
import io.tcplab.tools.ab.RealPath;
import io.tcplab.tools.link.LinkSchedule;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.BiFunction;

/**
 * {@code ab --suite}: every cell of a {@link Suite} (path × algorithm × seed) as one {@code ab}
 * run through a {@link Runner} (the kernel's run, then tcplab's, same seed), a progress
 * line per cell, the rows of the report; a row whose algorithm the kernel lacks is skipped, with
 * the reason. A run that fails is its cell's failure; the other cells still run.
 */
public final class AbSuite {
    /** A path's plot: a chart per algorithm, this big each. */
    private static final int PLOT_WIDTH = 1000;
    private static final int PLOT_HEIGHT = 600;

    /** Runs both sides of a spec (the real one makes namespaces; tests hand in results). */
    public interface Runner {
        AbResult run(AbSpec spec, PrintWriter log) throws InterruptedException;
    }

    /** What every cell shares: tcplab's options per algorithm and ECN, the MTU, sampling, time limit, port. */
    public record Common(BiFunction<String, Boolean, ConnectionOptions> tcplab, int mtu, long sampleIntervalNanos,
                  Long timeoutNanos, int port) {
    }

    private final Suite suite;
    private final Common common;
    private final List<String> kernelAlgorithms;
    private final Runner runner;

    public AbSuite(Suite suite, Common common, List<String> kernelAlgorithms, Runner runner) {
        this.suite = suite;
        this.common = common;
        this.kernelAlgorithms = List.copyOf(kernelAlgorithms);
        this.runner = runner;
    }

    /** Runs the matrix in file order, a line on {@code progress} per cell. */
    public List<SuiteRow> run(PrintWriter progress) throws InterruptedException {
        int total = 0;
        for (SuitePath p : suite.paths()) {
            total += (int) p.algorithms().stream().filter(this::kernelHas).count() * suite.seeds().size();
        }
        List<SuiteRow> rows = new ArrayList<>();
        int done = 0;
        for (SuitePath p : suite.paths()) {
            for (String cc : p.algorithms()) {
                if (!kernelHas(cc)) {
                    SuiteRow row = SuiteRow.skipped(p, cc, "the kernel lacks tcp_" + RealPath.algorithmName(cc)
                            + " (its algorithms: " + String.join(", ", kernelAlgorithms) + ")");
                    say(progress, "%s %s: skipped, %s", p.name(), cc, row.reason());
                    rows.add(row);
                    continue;
                }
                List<SuiteCell> cells = new ArrayList<>();
                for (long seed : suite.seeds()) {
                    done++;
                    long t0 = System.nanoTime();
                    SuiteCell cell = cell(p, cc, seed);
                    cells.add(cell);
                    say(progress, "[%d/%d] %s %s seed %d: %s (%.1f s)", done, total, p.name(), cc, seed,
                            outcome(cell), (System.nanoTime() - t0) / 1e9);
                }
                rows.add(new SuiteRow(p, cc, null, cells));
            }
        }
        return rows;
    }

    private SuiteCell cell(SuitePath p, String cc, long seed) throws InterruptedException {
        AbSpec spec = path(p).spec(p.bytes(), common.tcplab().apply(cc, p.ecn()), seed, common.mtu(),
                common.sampleIntervalNanos(), common.timeoutNanos(), common.port());
        try {
            return SuiteCell.ran(seed, runner.run(spec, null));
        } catch (AbException e) {
            return SuiteCell.failed(seed, e.getMessage());
        }
    }

    /** The path as ab's options would give it: the data direction's loss, reordering and CE threshold. */
    static AbPath path(SuitePath p) {
        return new AbPath(p.rateBitsPerSec(), p.rttNanos(), p.queue(), l -> l.setLossProbability(p.loss())
                .setReorderProbability(p.reorder()).setEcnThreshold(p.ecnThreshold()), p.loss(), p.at(),
                new LinkSchedule(List.of()));
    }

    private boolean kernelHas(String cc) {
        return kernelAlgorithms.contains(RealPath.algorithmName(cc));
    }

    private static String outcome(SuiteCell c) {
        if (c.failure() != null) {
            return "failed: " + c.failure();
        }
        if (c.refusal() != null) {
            return "refused: " + c.refusal();
        }
        AbResult r = c.result();
        return String.format(Locale.ROOT, "kernel %.2f, tcplab %.2f Mbit/s", r.kernel().goodputBitsPerSec() / 1e6,
                r.tcplab().goodputBitsPerSec() / 1e6);
    }

    private static void say(PrintWriter progress, String format, Object... args) {
        progress.printf(Locale.ROOT, "ab --suite " + format + "%n", args);
        progress.flush();
    }

    /**
     * One PNG per path into {@code dir}: {@code NAME.png}, cwnd and RTT over time of the first
     * seed of each compared row, one chart below the other; a path without one gets none.
     */
    public static List<Path> plots(List<SuiteRow> rows, Suite suite, Path dir) throws IOException {
        Files.createDirectories(dir);
        List<Path> written = new ArrayList<>();
        for (SuitePath p : suite.paths()) {
            List<AbResult> charts = rows.stream().filter(r -> r.path().equals(p))
                    .filter(r -> r.status() == SuiteRow.Status.COMPARED).map(SuiteRow::first).toList();
            if (!charts.isEmpty()) {
                Path file = dir.resolve(p.name() + ".png");
                AbPlot.png(charts, file, PLOT_WIDTH, PLOT_HEIGHT);
                written.add(file);
            }
        }
        return written;
    }
}
