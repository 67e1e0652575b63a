package io.tcplab.tools.experiment;

import java.util.ArrayList;
import java.util.List;

/**
 * Seed 001's runs as cells: each mark probability × configuration × run, seeds {@code firstSeed,
 * firstSeed + 1, ...}. A mark probability of null is the file's own.
 */
public final class EcnExperiment {
    private EcnExperiment() {
    }

    public static List<CellRun> cells(EcnSetup setup, List<String> configurations, List<Double> maxPs, int runs,
                                      long firstSeed) {
        List<CellRun> cells = new ArrayList<>();
        for (Double maxP : maxPs) {
            for (String configuration : configurations) {
                for (int i = 0; i < runs; i++) {
                    long seed = firstSeed + i;
                    List<String> args = new ArrayList<>(List.of("experiment", "ecn", "--configuration", configuration));
                    String name = "ecn-" + configuration;
                    if (maxP != null) {
                        args.addAll(List.of("--max-p", maxP.toString()));
                        name += "-maxp-" + maxP;
                    }
                    args.addAll(List.of("--runs", "1", "--seed", Long.toString(seed)));
                    cells.add(CellRun.of(name + "-seed-" + seed, setup.cell(configuration, maxP, seed), seed, args,
                            (scenario, run) -> EcnMeasure.of(configuration, scenario, run)));
                }
            }
        }
        return cells;
    }

    /** The runs whose ECN flows retransmitted or took RTOs with no ECN-capable packet lost anywhere. */
    public static List<EcnResult> repairsWithoutLoss(List<EcnResult> results) {
        return results.stream().filter(r -> !r.repairsWithoutLoss().isEmpty()).toList();
    }
}
