package io.tcplab.tools.experiment;

import io.tcplab.tools.link.aqm.ServedAqm;

/**
 * The L4S coexistence cells from one template ({@code scenarios/l4s-coexistence.yaml} or a user's
 * copy): the bottleneck gets the cell's AQM, and when a duration is given the run lasts that long
 * with a tenth of it as warm-up. Everything else (flows, rates, RTTs) is the file's.
 */
public final class L4sSetup {
    public static final String TEMPLATE = "l4s-coexistence";

    private final ScenarioTemplate template;
    private final Long durationNanos;

    /** {@code durationNanos} null keeps the template's duration and warm-up. */
    public L4sSetup(ScenarioTemplate template, Long durationNanos) {
        this.template = template;
        this.durationNanos = durationNanos;
    }

    public ScenarioTemplate cell(ServedAqm aqm, long seed) {
        ScenarioTemplate t = template.copy().bottleneckAqm(aqm.toString());
        t.set("name", template.scenario().name() + ", " + aqm.name());
        if (durationNanos != null) {
            t.lasting(durationNanos);
        }
        return t.seed(seed);
    }
}
