package io.tcplab.tools.experiment;

import java.util.ArrayList;
import java.util.List;

/** Runs every variant under every kind of spike of a {@link DelaySpikeSpec}, kinds first. */
public final class DelaySpikeExperiment {
    private DelaySpikeExperiment() {
    }

    public static List<VariantRun> run(DelaySpikeSpec spec) {
        List<VariantRun> runs = new ArrayList<>();
        for (SpikeKind kind : spec.kinds()) {
            for (Variant variant : spec.variants()) {
                runs.add(BulkFlowRun.run(spec, kind, variant));
            }
        }
        return runs;
    }
}
