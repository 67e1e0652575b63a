package io.tcplab.tools.scenario.file;

import io.tcplab.tools.link.LinkSchedule;
import io.tcplab.tools.link.Units;
import io.tcplab.tools.scenario.FlowSpec;
import io.tcplab.tools.scenario.LinkEvent;
import io.tcplab.tools.scenario.LinkSpec;
import io.tcplab.tools.scenario.Scenario;
import io.tcplab.tools.scenario.ScenarioNames;
import io.tcplab.tools.scenario.TopologySpec;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.LongStream;

/** Turns a {@link ScenarioFile} into a {@link Scenario}, or fails with the first bad field, in one line. */
public final class ScenarioValidator {
    static final long DEFAULT_DURATION_NANOS = 60_000_000_000L;

    private ScenarioValidator() {
    }

    public static Scenario validate(ScenarioFile f, String fileName) {
        FieldPath root = new FieldPath(fileName, "");
        long duration = f.duration() == null ? DEFAULT_DURATION_NANOS
                : positive(root.field("duration"), f.duration());
        long warmup = f.warmup() == null ? duration / 10 : root.field("warmup").parse(f.warmup(), Units::parseDurationNanos);
        if (warmup >= duration) {
            throw root.field("warmup").error("out of range: " + f.warmup() + " (allowed: less than the duration)");
        }
        long sample = f.sampleInterval() == null ? Scenario.DEFAULT_SAMPLE_NANOS
                : positive(root.field("sample_interval"), f.sampleInterval());
        TopologySpec topology = TopologyReader.read(f.topology(), root.field("topology"));
        List<FlowSpec> flows = new ArrayList<>();
        flows(f.flows(), root.field("flows"), "flow", "test", topology, duration, flows);
        flows(f.background(), root.field("background"), "bg", "background", topology, duration, flows);
        if (flows.isEmpty()) {
            throw root.field("flows").error("missing (required: at least one flow in flows or background)");
        }
        uniqueNames(flows, topology, root);
        List<LinkEvent> events = events(f.events(), root.field("events"), topology, flows);
        return new Scenario(f.name() == null ? fileName : f.name(), topology, flows, events, duration, warmup, sample,
                seeds(f, root), choices(f.metrics(), root.field("metrics"), Scenario.METRICS),
                choices(f.plots(), root.field("plots"), Scenario.PLOTS));
    }

    private static void flows(List<ScenarioFile.FlowEntry> entries, FieldPath at, String prefix, String group,
                              TopologySpec topology, long duration, List<FlowSpec> out) {
        if (entries == null) {
            return;
        }
        for (int i = 0; i < entries.size(); i++) {
            out.addAll(FlowReader.read(entries.get(i), at.index(i), prefix + i, group, topology, duration));
        }
    }

    private static void uniqueNames(List<FlowSpec> flows, TopologySpec topology, FieldPath root) {
        Set<String> taken = new HashSet<>(topology.routers());
        for (FlowSpec flow : flows) {
            if (!taken.add(flow.name())) {
                throw root.field("flows").error("flow name '" + flow.name() + "' is used twice (or names a router)");
            }
        }
    }

    private static List<LinkEvent> events(List<ScenarioFile.EventEntry> entries, FieldPath at, TopologySpec topology,
                                          List<FlowSpec> flows) {
        List<LinkEvent> events = new ArrayList<>();
        if (entries == null) {
            return events;
        }
        Set<String> links = new LinkedHashSet<>();
        topology.links().stream().map(LinkSpec::name).forEach(links::add);
        for (FlowSpec flow : flows) {
            links.addAll(ScenarioNames.accessLinks(flow));
        }
        for (int i = 0; i < entries.size(); i++) {
            FieldPath e = at.index(i);
            ScenarioFile.EventEntry entry = e.required(entries.get(i));
            String link = e.field("link").required(entry.link());
            if (!links.contains(link)) {
                throw e.field("link").error("unknown link '" + link + "' (allowed: " + String.join(", ", topology.links()
                        .stream().map(LinkSpec::name).toList()) + ", or a flow's access link such as "
                        + ScenarioNames.accessLinks(flows.get(0)).get(0) + ")");
            }
            LinkSchedule schedule = schedule(entry, e);
            topology.links().stream().filter(l -> l.name().equals(link) && l.params().aqm() != null).findFirst()
                    .ifPresent(l -> {
                        if (schedule.changes().stream().anyMatch(c -> c.key().equals("ecn") || c.key().equals("red"))) {
                            throw e.field(entry.set() != null ? "set" : "schedule").error("ecn and red act on the "
                                    + "drop-tail queue; link '" + link + "' runs the " + l.params().aqm().name() + " AQM");
                        }
                    });
            events.add(new LinkEvent(link, schedule));
        }
        return events;
    }

    private static LinkSchedule schedule(ScenarioFile.EventEntry entry, FieldPath e) {
        if ((entry.schedule() == null) == (entry.set() == null)) {
            throw e.error("needs either schedule (e.g. delay=1s@10s,delay=10ms@11s) or at and set (e.g. at: 10s, set: rate=25Mbit)");
        }
        if (entry.schedule() != null) {
            TopologyReader.only(entry.at(), e.field("at"), "set");
            return e.field("schedule").parse(entry.schedule(), LinkSchedule::parse);
        }
        String at = e.field("at").required(entry.at());
        e.field("at").parse(at, Units::parseDurationNanos);
        StringBuilder text = new StringBuilder();
        for (String pair : entry.set().split(",")) {
            text.append(text.length() == 0 ? "" : ",").append(pair.trim()).append('@').append(at.trim());
        }
        return e.field("set").parse(text.toString(), LinkSchedule::parse);
    }

    private static List<Long> seeds(ScenarioFile f, FieldPath root) {
        if (f.seeds() != null) {
            TopologyReader.only(f.runs(), root.field("runs"), "no seeds list (seeds gives the runs)");
            if (f.seeds().isEmpty() || f.seeds().contains(null)) {
                throw root.field("seeds").error("needs at least one seed, all numbers");
            }
            return f.seeds();
        }
        int runs = root.field("runs").range(f.runs(), 1, 1, 10_000);
        return LongStream.rangeClosed(1, runs).boxed().toList();
    }

    private static Set<String> choices(List<String> given, FieldPath at, List<String> allowed) {
        if (given == null) {
            return Set.copyOf(allowed);
        }
        for (int i = 0; i < given.size(); i++) {
            if (!allowed.contains(given.get(i))) {
                throw at.index(i).error("unknown value '" + given.get(i) + "' (allowed: " + String.join(", ", allowed) + ")");
            }
        }
        return Set.copyOf(given);
    }

    private static long positive(FieldPath at, String text) {
        long n = at.parse(text, Units::parseDurationNanos);
        if (n <= 0) {
            throw at.error("out of range: " + text + " (allowed: a duration above 0)");
        }
        return n;
    }
}
