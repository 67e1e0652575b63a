package io.tcplab.tools.experiment;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.LongConsumer;

/**
 * Runs cells on a pool of threads, one emulator per cell (each deterministic by its seed, so the
 * results do not depend on the number of threads), and returns their results in the cells' order.
 */
public final class ParallelCells {
    private ParallelCells() {
    }

    /**
     * @param advanced hears, from any thread, how much more virtual time (ns) some cell has simulated
     */
    public static List<CellResult> run(List<CellRun> cells, int threads, LongConsumer advanced)
            throws InterruptedException {
        ExecutorService pool = Executors.newFixedThreadPool(Math.max(1, Math.min(threads, cells.size())));
        try {
            List<Future<CellResult>> futures = new ArrayList<>();
            for (CellRun cell : cells) {
                futures.add(pool.submit(() -> cell.run(new Delta(advanced))));
            }
            List<CellResult> results = new ArrayList<>();
            for (int i = 0; i < futures.size(); i++) {
                try {
                    results.add(futures.get(i).get());
                } catch (ExecutionException e) {
                    throw new IllegalStateException("cell " + cells.get(i).name() + " failed: " + e.getCause(), e.getCause());
                }
            }
            return results;
        } finally {
            pool.shutdownNow();
        }
    }

    /** Turns one run's virtual clock readings into increments. */
    private static final class Delta implements LongConsumer {
        private final LongConsumer advanced;
        private long last;

        Delta(LongConsumer advanced) {
            this.advanced = advanced;
        }

        @Override
        public void accept(long now) {
            advanced.accept(now - last);
            last = now;
        }
    }
}
