package io.tcplab.tools.scenario.file;

import io.tcplab.tools.link.Framing;
import io.tcplab.tools.link.LinkParams;
import io.tcplab.tools.link.RedParams;
import io.tcplab.tools.link.Units;
import io.tcplab.tools.link.aqm.AqmSpec;
import io.tcplab.tools.link.aqm.ServedAqm;
import io.tcplab.tools.scenario.LinkSpec;
import io.tcplab.tools.scenario.TopologySpec;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** Checks the {@code topology} block and builds its {@link TopologySpec}. */
final class TopologyReader {
    static final List<String> KINDS = List.of("dumbbell", "parking-lot", "explicit");

    private TopologyReader() {
    }

    static TopologySpec read(ScenarioFile.TopologyEntry t, FieldPath at) {
        at.required(t);
        String kind = at.field("kind").required(t.kind());
        LinkParams access = t.access() == null ? LinkParams.of() : params(t.access(), at.field("access"), false);
        TopologySpec spec = switch (kind) {
            case "dumbbell" -> {
                only(t.congestionPoints(), at.field("congestion_points"), "parking-lot");
                noExplicitParts(t, at);
                FieldPath b = at.field("bottleneck");
                yield TopologySpec.dumbbell(params(b.required(t.bottleneck()), b, true), reverse(t.bottleneck(), b), access);
            }
            case "parking-lot" -> {
                noExplicitParts(t, at);
                FieldPath b = at.field("bottleneck");
                int points = at.field("congestion_points").range(
                        at.field("congestion_points").required(t.congestionPoints()), 0, 1, 64);
                yield TopologySpec.parkingLot(points, params(b.required(t.bottleneck()), b, true),
                        reverse(t.bottleneck(), b), access);
            }
            case "explicit" -> {
                only(t.bottleneck(), at.field("bottleneck"), "dumbbell or parking-lot");
                only(t.congestionPoints(), at.field("congestion_points"), "parking-lot");
                yield explicit(t, at, access);
            }
            default -> throw at.field("kind").error("unknown topology '" + kind + "' (allowed: " + String.join(", ", KINDS) + ")");
        };
        return withAttachments(spec, t, at);
    }

    private static TopologySpec explicit(ScenarioFile.TopologyEntry t, FieldPath at, LinkParams access) {
        FieldPath routersAt = at.field("routers");
        List<String> routers = routersAt.required(t.routers());
        if (routers.isEmpty()) {
            throw routersAt.error("needs at least one router");
        }
        Set<String> routerSet = new LinkedHashSet<>();
        for (int i = 0; i < routers.size(); i++) {
            String r = routers.get(i);
            if (r == null || !r.matches("[A-Za-z0-9_.-]+") || !routerSet.add(r)) {
                throw routersAt.index(i).error("bad or repeated router name '" + r + "' (allowed: letters, digits, _ . -, each once)");
            }
        }
        FieldPath linksAt = at.field("links");
        List<ScenarioFile.LinkEntry> entries = linksAt.required(t.links());
        List<LinkSpec> links = new ArrayList<>();
        Set<String> names = new HashSet<>();
        List<String> forwardNames = new ArrayList<>();
        for (int i = 0; i < entries.size(); i++) {
            FieldPath l = linksAt.index(i);
            ScenarioFile.LinkEntry e = l.required(entries.get(i));
            String name = l.field("name").required(e.name());
            String from = router(l.field("from"), e.from(), routerSet);
            String to = router(l.field("to"), e.to(), routerSet);
            if (from.equals(to)) {
                throw l.field("to").error("a link must join two different routers, both are '" + from + "'");
            }
            if (!names.add(name) || !names.add(name + "-reverse")) {
                throw l.field("name").error("link name '" + name + "' is used twice");
            }
            links.add(new LinkSpec(name, from, to, params(e, l, true)));
            links.add(new LinkSpec(name + "-reverse", to, from, reverse(e, l)));
            forwardNames.add(name);
        }
        return new TopologySpec("explicit", List.copyOf(routerSet), links, access, routers.get(0),
                routers.get(routers.size() - 1), forwardNames);
    }

    private static TopologySpec withAttachments(TopologySpec spec, ScenarioFile.TopologyEntry t, FieldPath at) {
        Set<String> routers = new HashSet<>(spec.routers());
        String from = t.from() == null ? spec.defaultFrom() : router(at.field("from"), t.from(), routers);
        String to = t.to() == null ? spec.defaultTo() : router(at.field("to"), t.to(), routers);
        return new TopologySpec(spec.kind(), spec.routers(), spec.links(), spec.access(), from, to, spec.bottlenecks());
    }

    static String router(FieldPath at, String name, Set<String> routers) {
        at.required(name);
        if (!routers.contains(name)) {
            throw at.error("unknown router '" + name + "' (allowed: " + String.join(", ", routers) + ")");
        }
        return name;
    }

    private static LinkParams reverse(ScenarioFile.LinkEntry forward, FieldPath at) {
        return forward.reverse() == null ? params(forward, at, true) : params(forward.reverse(), at.field("reverse"), false);
    }

    /** A link's settings; {@code named} says whether name, from and to may appear (explicit links only). */
    static LinkParams params(ScenarioFile.LinkEntry e, FieldPath at, boolean reverseAllowed) {
        if (!reverseAllowed) {
            only(e.reverse(), at.field("reverse"), "a forward link");
        }
        LinkParams p = LinkParams.of();
        if (e.rate() != null) {
            p.setRateBitsPerSec(at.field("rate").parse(e.rate(), Units::parseRateBitsPerSec));
        }
        if (e.delay() != null) {
            p.setDelayNanos(at.field("delay").parse(e.delay(), Units::parseDurationNanos));
        }
        if (e.jitter() != null) {
            p.setJitterNanos(at.field("jitter").parse(e.jitter(), Units::parseDurationNanos));
        }
        if (e.queue() != null) {
            p.setQueueLimit(at.field("queue").parse(e.queue(), Units::parseLimit));
        }
        if (e.loss() != null) {
            p.setLossProbability(at.field("loss").parse(e.loss(), Units::parseProbability));
        }
        if (e.ecn() != null && !e.ecn().equals("off")) {
            p.setEcnThreshold(at.field("ecn").parse(e.ecn(), Units::parseLimit));
        }
        if (e.red() != null) {
            p.setRed(red(e.red(), at.field("red")));
        }
        if (e.aqm() != null) {
            FieldPath aqmAt = at.field("aqm");
            AqmSpec spec = aqmAt.parse(aqmText(e.aqm(), aqmAt), AqmSpec::parse);
            if (spec instanceof ServedAqm served && (e.red() != null || p.ecnThreshold() != null)) {
                throw aqmAt.error("the " + served.name() + " AQM replaces the drop-tail queue: not with "
                        + (e.red() != null ? "red" : "ecn") + " on the same link");
            }
            if (spec instanceof AqmSpec.Red && e.red() != null) {
                throw aqmAt.error("red is given twice: as aqm and as a red block");
            }
            p.setAqm(spec);
        }
        if (e.framing() != null) {
            p.setFraming(at.field("framing").parse(e.framing(), Framing::parse));
        }
        return p;
    }

    /** {@code aqm:} as text, or a map ({@code name} and the settings) made into the same text. */
    private static String aqmText(Object aqm, FieldPath at) {
        if (aqm instanceof String text) {
            return text;
        }
        if (!(aqm instanceof Map<?, ?> map)) {
            throw at.error("expected NAME[:key=value,...] or a map with name and settings, e.g. {name: codel, target: 5ms}");
        }
        Object name = map.get("name");
        if (!(name instanceof String)) {
            throw at.field("name").error("missing (required: one of " + String.join(", ", AqmSpec.NAMES) + ")");
        }
        StringBuilder text = new StringBuilder((String) name);
        char separator = ':';
        for (Map.Entry<?, ?> entry : map.entrySet()) {
            if (entry.getKey().equals("name")) {
                continue;
            }
            Object v = entry.getValue();
            if (v instanceof Map || v instanceof List || v == null) {
                throw at.field(String.valueOf(entry.getKey())).error("expected a single value");
            }
            String value = v instanceof Boolean b ? (b ? "on" : "off") : String.valueOf(v);
            text.append(separator).append(entry.getKey()).append('=').append(value);
            separator = ',';
        }
        return text.toString();
    }

    private static RedParams red(ScenarioFile.RedEntry r, FieldPath at) {
        var min = at.field("min").parse(at.field("min").required(r.min()), Units::parseLimit);
        var max = at.field("max").parse(at.field("max").required(r.max()), Units::parseLimit);
        double maxP = at.field("max_p").range(r.maxP(), 0.1, Double.MIN_VALUE, 1);
        double weight = at.field("weight").range(r.weight(), 0.002, Double.MIN_VALUE, 1);
        long idle = r.idlePacket() == null ? RedParams.DEFAULT_IDLE_PACKET_BYTES
                : at.field("idle_packet").parse(r.idlePacket(), Units::parseLimit).value();
        boolean ecn = r.ecn() != null && r.ecn();
        RedParams.AboveMax aboveMax = RedParams.AboveMax.MARK;
        if (r.aboveMax() != null) {
            aboveMax = RedParams.AboveMax.parse(r.aboveMax());
            if (aboveMax == null) {
                throw at.field("above_max").error("unknown value '" + r.aboveMax() + "' (allowed: mark, drop)");
            }
            only(ecn ? null : r.aboveMax(), at.field("above_max"), "ecn: true");
        }
        try {
            return new RedParams(min, max, maxP, weight, ecn, aboveMax, (int) Math.min(idle, 65535));
        } catch (IllegalArgumentException e) {
            throw at.error(e.getMessage());
        }
    }

    private static void noExplicitParts(ScenarioFile.TopologyEntry t, FieldPath at) {
        only(t.routers(), at.field("routers"), "explicit");
        only(t.links(), at.field("links"), "explicit");
        if (t.bottleneck() != null) {
            only(t.bottleneck().name(), at.field("bottleneck").field("name"), "topology.links entries");
            only(t.bottleneck().from(), at.field("bottleneck").field("from"), "topology.links entries");
            only(t.bottleneck().to(), at.field("bottleneck").field("to"), "topology.links entries");
        }
    }

    static void only(Object value, FieldPath at, String where) {
        if (value != null) {
            throw at.error("not allowed here (only with " + where + ")");
        }
    }
}
