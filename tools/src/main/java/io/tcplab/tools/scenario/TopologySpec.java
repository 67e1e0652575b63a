package io.tcplab.tools.scenario;

import io.tcplab.tools.link.LinkParams;
import java.util.ArrayList;
import java.util.List;

/**
 * The routers and named one-way links of a scenario. Flows do not appear here: each flow gets its
 * own sender host on router {@code from} and receiver host on router {@code to}, joined to them
 * by access links with {@code access} settings (the sender's delay set from the flow's RTT).
 *
 * @param kind         "dumbbell", "parking-lot" or "explicit" (for reports)
 * @param routers      router names
 * @param links        one-way links between routers
 * @param access       settings of every access link, both ways
 * @param defaultFrom  where a flow's sender attaches unless it says
 * @param defaultTo    where its receiver attaches unless it says
 * @param bottlenecks  the links whose utilization and drops the summary reports first
 */
public record TopologySpec(String kind, List<String> routers, List<LinkSpec> links, LinkParams access,
                           String defaultFrom, String defaultTo, List<String> bottlenecks) {
    public TopologySpec {
        routers = List.copyOf(routers);
        links = List.copyOf(links);
        bottlenecks = List.copyOf(bottlenecks);
    }

    /** Routers "left" and "right" joined by "bottleneck" (left→right) and "bottleneck-reverse". */
    public static TopologySpec dumbbell(LinkParams bottleneck, LinkParams reverse, LinkParams access) {
        return new TopologySpec("dumbbell", List.of("left", "right"),
                List.of(new LinkSpec("bottleneck", "left", "right", bottleneck),
                        new LinkSpec("bottleneck-reverse", "right", "left", reverse)),
                access, "left", "right", List.of("bottleneck"));
    }

    /**
     * A chain of {@code points + 1} routers r0..rN; congestion point i is link "cp{i}" from
     * r{i-1} to r{i} (and "cp{i}-reverse" back). A flow from r0 to rN crosses every point; one
     * from r{i-1} to r{i} crosses point i only.
     */
    public static TopologySpec parkingLot(int points, LinkParams each, LinkParams reverse, LinkParams access) {
        if (points < 1) {
            throw new IllegalArgumentException("a parking lot needs at least 1 congestion point, not " + points);
        }
        List<String> routers = new ArrayList<>();
        List<LinkSpec> links = new ArrayList<>();
        List<String> bottlenecks = new ArrayList<>();
        routers.add("r0");
        for (int i = 1; i <= points; i++) {
            routers.add("r" + i);
            links.add(new LinkSpec("cp" + i, "r" + (i - 1), "r" + i, each));
            links.add(new LinkSpec("cp" + i + "-reverse", "r" + i, "r" + (i - 1), reverse));
            bottlenecks.add("cp" + i);
        }
        return new TopologySpec("parking-lot", routers, links, access, "r0", "r" + points, bottlenecks);
    }
}
