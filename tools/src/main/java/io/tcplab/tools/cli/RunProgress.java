package io.tcplab.tools.cli;

import java.io.PrintStream;
import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarBuilder;
import me.tongfei.progressbar.ProgressBarStyle;

/**
 * Progress of {@code tcplab run} and the experiments' sweeps in simulated seconds, as a bar with ETA on stderr — shown only
 * once a run has taken more than a few wall-clock seconds, so quick runs print nothing extra.
 */
final class RunProgress implements AutoCloseable {
    private static final long SHOW_AFTER_NANOS = 3_000_000_000L;
    private final String task;
    private final long totalMillis;
    private final PrintStream err;
    private final boolean enabled;
    private final long wallStart = System.nanoTime();
    private ProgressBar bar;
    private long doneBeforeNanos;

    RunProgress(long totalVirtualNanos, PrintStream err, boolean enabled) {
        this("simulating", totalVirtualNanos, err, enabled);
    }

    /** {@code task} labels the bar ("running" for real time). */
    RunProgress(String task, long totalNanos, PrintStream err, boolean enabled) {
        this.task = task;
        this.totalMillis = totalNanos / 1_000_000;
        this.err = err;
        this.enabled = enabled;
    }

    /** The current run has reached virtual time {@code nanos}. */
    void at(long nanos) {
        if (!enabled) {
            return;
        }
        if (bar == null && System.nanoTime() - wallStart > SHOW_AFTER_NANOS) {
            bar = new ProgressBarBuilder().setTaskName(task).setInitialMax(totalMillis).setUnit(" s", 1000)
                    .setStyle(ProgressBarStyle.ASCII).setConsumer(new me.tongfei.progressbar.ConsoleProgressBarConsumer(err))
                    .showSpeed().build();
        }
        if (bar != null) {
            bar.stepTo((doneBeforeNanos + nanos) / 1_000_000);
        }
    }

    /** One run (seed) is done; the next starts from its end. */
    void runDone(long runNanos) {
        doneBeforeNanos += runNanos;
    }

    /** Runs in parallel: some run simulated {@code nanos} more; callable from any thread. */
    synchronized void advance(long nanos) {
        doneBeforeNanos += nanos;
        at(0);
    }

    @Override
    public void close() {
        if (bar != null) {
            bar.close();
        }
    }
}
