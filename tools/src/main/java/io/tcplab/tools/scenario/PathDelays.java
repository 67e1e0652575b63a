package io.tcplab.tools.scenario;

import java.util.ArrayDeque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The route between two routers of a topology as the emulator will take it (fewest hops, ties to
 * the link listed first: {@link io.tcplab.tools.emu.Network}'s rule), and what lies on it.
 */
public final class PathDelays {
    private PathDelays() {
    }

    /** The links from router {@code from} to router {@code to}, in order; empty if none leads there. */
    public static Optional<List<LinkSpec>> route(TopologySpec topology, String from, String to) {
        Map<String, LinkSpec> reachedBy = new HashMap<>();
        ArrayDeque<String> frontier = new ArrayDeque<>(List.of(to));
        reachedBy.put(to, null);
        while (!frontier.isEmpty()) {
            String next = frontier.poll();
            for (LinkSpec link : topology.links()) {
                if (link.to().equals(next) && !reachedBy.containsKey(link.from())) {
                    reachedBy.put(link.from(), link);
                    frontier.add(link.from());
                }
            }
        }
        if (!reachedBy.containsKey(from)) {
            return Optional.empty();
        }
        List<LinkSpec> path = new java.util.ArrayList<>();
        for (String at = from; !at.equals(to); ) {
            LinkSpec hop = reachedBy.get(at);
            path.add(hop);
            at = hop.to();
        }
        return Optional.of(path);
    }

    /** The sum of the one-way propagation delays along a route. */
    public static long oneWayNanos(List<LinkSpec> route) {
        return route.stream().mapToLong(l -> l.params().delayNanos()).sum();
    }

    /** The slowest rate along a route (0 if every link is unlimited). */
    public static long slowestRate(List<LinkSpec> route) {
        return route.stream().mapToLong(l -> l.params().rateBitsPerSec()).filter(r -> r > 0).min().orElse(0);
    }

    /** The largest drop-tail limit along a route in bytes (packets counted as 1500 B); 0 if none is limited. */
    public static long largestQueueBytes(List<LinkSpec> route) {
        long largest = 0;
        for (LinkSpec link : route) {
            var limit = link.params().queueLimit();
            if (!limit.equals(io.tcplab.tools.link.Limit.NONE)) {
                largest = Math.max(largest, limit.measure(limit.value() * 1500, limit.value()));
            }
        }
        return largest;
    }
}
