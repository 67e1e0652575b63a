package io.tcplab.tools.experiment;

import java.util.List;

/**
 * Seed 001's two configurations from one template ({@code scenarios/ecn-two-congestion-points.yaml}
 * or a user's copy): {@code ecn} runs it as written; {@code non-ecn} turns ECN off on every flow
 * (the RED queues then drop what they would have marked). A given duration also sets the warm-up
 * to a tenth of it.
 */
public final class EcnSetup {
    public static final String TEMPLATE = "ecn-two-congestion-points";
    public static final String ECN = "ecn";
    public static final String NON_ECN = "non-ecn";
    public static final List<String> CONFIGURATIONS = List.of(ECN, NON_ECN);

    private final ScenarioTemplate template;
    private final Long durationNanos;

    public EcnSetup(ScenarioTemplate template, Long durationNanos) {
        this.template = template;
        this.durationNanos = durationNanos;
    }

    public ScenarioTemplate cell(String configuration, long seed) {
        if (!CONFIGURATIONS.contains(configuration)) {
            throw new IllegalArgumentException("configuration must be ecn or non-ecn, got '" + configuration + "'");
        }
        ScenarioTemplate t = template.copy();
        t.set("name", "ecn experiment, " + configuration);
        if (configuration.equals(NON_ECN)) {
            t.eachFlow(f -> f.put("ecn", false));
        }
        if (durationNanos != null) {
            t.lasting(durationNanos);
        }
        return t.seed(seed);
    }

}
