package io.tcplab.tools.experiment;

/**
 * Seed 000's cell scenarios from one template ({@code scenarios/friendliness-cell.yaml} or a
 * user's copy): flow1 gets the protocol under test, flow1 and flow2 get the cell's RTT (the
 * document: "flow1 and flow2 have the same RTT"; the background keeps the RTTs the template gives
 * it), and, when a duration is given, the run lasts that long with a tenth of it as warm-up and
 * flow2 starting when the warm-up ends — flow1 has had the warm-up to settle among the background,
 * and the convergence clock and the measurement start together.
 */
public final class FriendlinessSetup {
    public static final String TEMPLATE = "friendliness-cell";
    public static final String TESTED = "flow1";
    public static final String STANDARD = "flow2";

    private final ScenarioTemplate template;
    private final Long durationNanos;

    /** {@code durationNanos} null keeps the template's duration, warm-up and start times. */
    public FriendlinessSetup(ScenarioTemplate template, Long durationNanos) {
        this.template = template;
        this.durationNanos = durationNanos;
        template.flow(TESTED);
        template.flow(STANDARD);
    }

    public ScenarioTemplate cell(FriendlinessCell cell, long seed) {
        ScenarioTemplate t = template.copy();
        String rtt = ScenarioTemplate.duration(cell.rttNanos());
        t.set("name", "friendliness " + cell.protocol() + " " + rtt);
        t.flow(TESTED).put("cc", cell.protocol()).put("rtt", rtt);
        t.flow(STANDARD).put("cc", "reno").put("sack", true).put("rtt", rtt);
        if (durationNanos != null) {
            t.lasting(durationNanos);
            t.flow(STANDARD).put("start", ScenarioTemplate.duration(durationNanos / 10));
        }
        return t.seed(seed);
    }
}
