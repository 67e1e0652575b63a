package io.tcplab.tools.experiment;

import io.tcplab.tools.link.aqm.AqmSpec;
import io.tcplab.tools.link.aqm.ServedAqm;
import java.util.ArrayList;
import java.util.List;

/** The L4S coexistence sweep as cells: every AQM × run, seeds {@code firstSeed, firstSeed + 1, ...}. */
public final class L4sExperiment {
    /** What runs without --aqm: the DualQ Coupled AQM, and FQ-CoDel to compare with. */
    public static final List<String> DEFAULT_AQMS = List.of("dualpi2", "fq_codel");

    private L4sExperiment() {
    }

    public static List<CellRun> cells(L4sSetup setup, List<ServedAqm> aqms, int runs, long firstSeed) {
        List<CellRun> cells = new ArrayList<>();
        for (ServedAqm aqm : aqms) {
            for (int i = 0; i < runs; i++) {
                long seed = firstSeed + i;
                cells.add(CellRun.of("l4s-" + label(aqm.toString()) + "-seed-" + seed, setup.cell(aqm, seed), seed,
                        List.of("experiment", "l4s", "--aqm", aqm.toString(), "--runs", "1", "--seed",
                                Long.toString(seed)),
                        L4sMeasure::of));
            }
        }
        return cells;
    }

    /**
     * A cell's name in file names: the AQM's name when it runs with its defaults, else its whole
     * setting with what a file name should not hold replaced.
     */
    public static String label(String aqm) {
        AqmSpec spec = AqmSpec.parse(aqm);
        if (spec.toString().equals(AqmSpec.parse(spec.name()).toString())) {
            return spec.name();
        }
        return spec.toString().replaceAll("[^A-Za-z0-9._-]", "_");
    }
}
