package io.tcplab.tools.scenario.file;

import java.util.List;

/**
 * The shape of a scenario file, as Jackson reads it (snake_case keys; sizes, rates and durations
 * as text with units). Nothing is checked here: {@link ScenarioValidator} turns it into a
 * {@link io.tcplab.tools.scenario.Scenario} and names the field of any bad value.
 */
public record ScenarioFile(String name, String duration, String warmup, String sampleInterval, Integer runs,
                           List<Long> seeds, TopologyEntry topology, List<FlowEntry> flows,
                           List<FlowEntry> background, List<EventEntry> events, List<String> metrics,
                           List<String> plots) {

    /** {@code kind}: dumbbell, parking-lot or explicit. */
    public record TopologyEntry(String kind, LinkEntry bottleneck, LinkEntry access, Integer congestionPoints,
                                List<String> routers, List<LinkEntry> links, String from, String to) {
    }

    /**
     * A link's settings; {@code name}, {@code from}, {@code to} only in an explicit topology.
     * {@code aqm} is text ({@code codel:target=5ms}) or a map ({@code {name: codel, target: 5ms}}).
     */
    public record LinkEntry(String name, String from, String to, String rate, String delay, String jitter, String queue,
                            String loss, String ecn, RedEntry red, Object aqm, String framing, LinkEntry reverse) {
    }

    public record RedEntry(String min, String max, Double maxP, Double weight, Boolean ecn, String aboveMax,
                           String idlePacket) {
    }

    public record FlowEntry(String name, String group, Integer count, String cc, Boolean sack, String ecn,
                            Boolean timestamps, String recovery, String spurious, Boolean pacing,
                            String sendBuffer, String receiveBuffer, String mss, String start, String startSpread,
                            String stop, String direction, String from, String to, String rtt, String traffic,
                            String size, String on, String off, String onOff, String load, WebEntry web,
                            Boolean trace, String stack, String profile) {
    }

    public record WebEntry(Double bodyMu, Double bodySigma, Double tailAlpha, String tailK, Double tailProbability,
                           String maxObject, Double objectsAlpha, Integer maxObjects, Double thinkAlpha,
                           String thinkK, Boolean persistent, Integer users, String buffer) {
    }

    /** {@code schedule} as {@code tcplab transfer --schedule} takes it, or {@code set} applied {@code at}. */
    public record EventEntry(String link, String at, String set, String schedule) {
    }
}
