package io.tcplab.tools.experiment;

import java.util.List;

/**
 * Seed 001's two configurations from one template (the document's chain
 * {@code scenarios/ecn-chain.yaml}, the parking lot {@code scenarios/ecn-two-congestion-points.yaml},
 * or a user's copy): {@code ecn} runs it as written; {@code non-ecn} turns ECN off on every flow
 * (the RED queues then drop what they would have marked). A given duration also sets the warm-up
 * to a tenth of it; a given above-max choice ({@code mark} or {@code drop}) goes to every marking
 * RED queue, a given mark probability (RED's max_p) to every RED queue.
 */
public final class EcnSetup {
    /** The {@code --topology} choices, the default first. */
    public static final List<String> TOPOLOGIES = List.of("chain", "parking-lot");

    public static final String ECN = "ecn";
    public static final String NON_ECN = "non-ecn";
    public static final List<String> CONFIGURATIONS = List.of(ECN, NON_ECN);

    private final ScenarioTemplate template;
    private final Long durationNanos;
    private final String aboveMax;

    /** {@code durationNanos} and {@code aboveMax} null keep the template's. */
    public EcnSetup(ScenarioTemplate template, Long durationNanos, String aboveMax) {
        this.template = template;
        this.durationNanos = durationNanos;
        this.aboveMax = aboveMax;
    }

    /** The built-in template of a {@link #TOPOLOGIES} choice. */
    public static String template(String topology) {
        return switch (topology) {
            case "chain" -> "ecn-chain";
            case "parking-lot" -> "ecn-two-congestion-points";
            default -> throw new IllegalArgumentException("topology must be chain or parking-lot, got '" + topology + "'");
        };
    }

    /** {@code maxP} null keeps the template's. */
    public ScenarioTemplate cell(String configuration, Double maxP, long seed) {
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
        if (aboveMax != null) {
            t.redAboveMax(aboveMax);
        }
        if (maxP != null) {
            t.redMaxP(maxP);
        }
        return t.seed(seed);
    }

}
