package io.tcplab.tools.ab.suite;

import io.tcplab.tools.ab.AbResult;
import java.util.List;
import java.util.function.Function;

/**
 * One (path, algorithm) row of the suite: a cell per seed, or the reason it was skipped (the
 * kernel lacks the algorithm) and no cells. Its status follows from its cells: failed if a run
 * failed, refused if a run lost packets outside the link (as {@code ab} refuses one), else compared.
 */
public record SuiteRow(SuitePath path, String algorithm, String skipped, List<SuiteCell> cells) {
    public enum Status {
        COMPARED, REFUSED, SKIPPED, FAILED
    }

    public SuiteRow {
        cells = List.copyOf(cells);
        if ((skipped != null) != cells.isEmpty()) {
            throw new IllegalArgumentException("a row is skipped (no cells) or has cells");
        }
    }

    public static SuiteRow skipped(SuitePath path, String algorithm, String reason) {
        return new SuiteRow(path, algorithm, reason, List.of());
    }

    public Status status() {
        if (skipped != null) {
            return Status.SKIPPED;
        }
        if (firstReason(SuiteCell::failure) != null) {
            return Status.FAILED;
        }
        return firstReason(SuiteCell::refusal) != null ? Status.REFUSED : Status.COMPARED;
    }

    /** Why the row is no comparison ({@code seed 2: ...} for a run's failure or refusal), or null when it is one. */
    public String reason() {
        return switch (status()) {
            case SKIPPED -> skipped;
            case FAILED -> firstReason(SuiteCell::failure);
            case REFUSED -> firstReason(SuiteCell::refusal);
            case COMPARED -> null;
        };
    }

    /** tcplab/kernel for {@code metric} over the seeds; only for a compared row. */
    public RatioInterval ratio(Metric metric) {
        if (status() != Status.COMPARED) {
            throw new IllegalStateException("row " + path.name() + " " + algorithm + " is " + status());
        }
        double[] t = cells.stream().mapToDouble(c -> metric.of(c.result().tcplab())).toArray();
        double[] k = cells.stream().mapToDouble(c -> metric.of(c.result().kernel())).toArray();
        return RatioInterval.of(t, k);
    }

    /** The mean over the seeds of one side's {@code metric} ({@code kernel}: true for the kernel's runs). */
    public double mean(Metric metric, boolean kernel) {
        return cells.stream().mapToDouble(c -> metric.of(kernel ? c.result().kernel() : c.result().tcplab()))
                .average().orElse(Double.NaN);
    }

    /** The first seed's result: what the plot draws. */
    public AbResult first() {
        return cells.get(0).result();
    }

    private String firstReason(Function<SuiteCell, String> why) {
        for (SuiteCell c : cells) {
            String w = why.apply(c);
            if (w != null) {
                return "seed " + c.seed() + ": " + w;
            }
        }
        return null;
    }
}
