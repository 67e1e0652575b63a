package io.tcplab.tools.experiment;

import io.tcplab.tools.metrics.ConvergenceCriterion;
import java.util.ArrayList;
import java.util.List;

/** Seed 000's sweep as cells: every RTT × protocol × run, seeds {@code firstSeed, firstSeed + 1, ...}. */
public final class FriendlinessExperiment {
    private FriendlinessExperiment() {
    }

    public static List<CellRun> cells(FriendlinessSetup setup, List<String> protocols, List<Long> rttsNanos, int runs,
                                      long firstSeed, ConvergenceCriterion convergence) {
        List<CellRun> cells = new ArrayList<>();
        for (long rtt : rttsNanos) {
            for (String protocol : protocols) {
                FriendlinessCell cell = new FriendlinessCell(protocol, rtt);
                for (int i = 0; i < runs; i++) {
                    long seed = firstSeed + i;
                    cells.add(CellRun.of("friendliness-" + cell.label() + "-seed-" + seed, setup.cell(cell, seed), seed,
                            List.of("experiment", "friendliness", "--protocols", protocol, "--rtts",
                                    ScenarioTemplate.duration(rtt), "--runs", "1", "--seed", Long.toString(seed),
                                    "--convergence", convergence.spec()),
                            (scenario, run) -> FriendlinessMeasure.of(cell, scenario, run, convergence)));
                }
            }
        }
        return cells;
    }
}
