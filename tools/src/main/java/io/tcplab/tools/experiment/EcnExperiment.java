package io.tcplab.tools.experiment;

import java.util.ArrayList;
import java.util.List;

/** Seed 001's runs as cells: each configuration × run, seeds {@code firstSeed, firstSeed + 1, ...}. */
public final class EcnExperiment {
    private EcnExperiment() {
    }

    public static List<CellRun> cells(EcnSetup setup, List<String> configurations, int runs, long firstSeed) {
        List<CellRun> cells = new ArrayList<>();
        for (String configuration : configurations) {
            for (int i = 0; i < runs; i++) {
                long seed = firstSeed + i;
                cells.add(CellRun.of("ecn-" + configuration + "-seed-" + seed, setup.cell(configuration, seed), seed,
                        List.of("experiment", "ecn", "--configuration", configuration, "--runs", "1", "--seed",
                                Long.toString(seed)),
                        (scenario, run) -> EcnMeasure.of(configuration, scenario, run)));
            }
        }
        return cells;
    }

    /** The runs whose ECN flows retransmitted or took RTOs with no ECN-capable packet lost anywhere. */
    public static List<EcnResult> repairsWithoutLoss(List<EcnResult> results) {
        return results.stream().filter(r -> !r.repairsWithoutLoss().isEmpty()).toList();
    }
}
