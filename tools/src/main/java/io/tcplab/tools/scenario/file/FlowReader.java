package io.tcplab.tools.scenario.file;

import io.tcplab.stack.recovery.LossDetectors;
import io.tcplab.stack.cc.CongestionControls;
import io.tcplab.stack.conn.ConnectionOptions;
import io.tcplab.stack.conn.EcnMode;
import io.tcplab.stack.profile.Profiles;
import io.tcplab.stack.spurious.SpuriousLossDetectors;
import io.tcplab.tools.link.Limit;
import io.tcplab.tools.link.Units;
import io.tcplab.tools.scenario.FlowSpec;
import io.tcplab.tools.scenario.PathDelays;
import io.tcplab.tools.scenario.TopologySpec;
import io.tcplab.tools.scenario.TrafficSpec;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/** Checks one {@code flows} or {@code background} entry and expands it into its flows. */
final class FlowReader {
    static final List<String> TRAFFIC = List.of("bulk", "fixed", "onoff", "web");
    static final List<String> STACKS = List.of("tcplab", "kernel");
    private static final int MAX_COUNT = 10_000;

    private FlowReader() {
    }

    static List<FlowSpec> read(ScenarioFile.FlowEntry e, FieldPath at, String defaultName, String defaultGroup,
                               TopologySpec topology, long durationNanos) {
        at.required(e);
        String name = e.name() == null ? defaultName : e.name();
        if (!name.matches("[A-Za-z0-9_.-]+")) {
            throw at.field("name").error("bad name '" + name + "' (allowed: letters, digits, _ . -)");
        }
        String group = e.group() == null ? defaultGroup : e.group();
        int count = at.field("count").range(e.count(), 1, 1, MAX_COUNT);
        ConnectionOptions.Builder options = options(e, at);
        boolean autoBuffers = isAuto(e.sendBuffer()) && isAuto(e.receiveBuffer());
        TrafficSpec traffic = TrafficReader.read(e, at);
        long start = e.start() == null ? 0 : at.field("start").parse(e.start(), Units::parseDurationNanos);
        long spread = e.startSpread() == null ? 0 : at.field("start_spread").parse(e.startSpread(), Units::parseDurationNanos);
        long stop = e.stop() == null ? Long.MAX_VALUE : at.field("stop").parse(e.stop(), Units::parseDurationNanos);
        if (start + spread >= durationNanos) {
            throw at.field("start").error("starts at or after the end of the run (" + durationNanos / 1e9 + " s)");
        }
        if (stop != Long.MAX_VALUE && stop <= start + spread) {
            throw at.field("stop").error("must be after start (and start + start_spread)");
        }
        String stack = e.stack() == null ? "tcplab" : e.stack().trim();
        if (!STACKS.contains(stack)) {
            throw at.field("stack").error("unknown stack '" + stack + "' (allowed: " + String.join(", ", STACKS) + ")");
        }
        String[] ends = ends(e, at, topology);
        long[] rtts = rtts(e, at, topology, ends);
        ConnectionOptions built = build(options, at);
        List<FlowSpec> flows = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            String flowName = count == 1 ? name : name + "." + i;
            long flowStart = start + (count == 1 ? 0 : spread * i / count);
            flows.add(new FlowSpec(flowName, group, ends[0], ends[1], rtts[i % rtts.length], built, autoBuffers, traffic, flowStart,
                    stop, e.trace() != null && e.trace(), stack.equals("kernel")));
        }
        return flows;
    }

    /** The entry's profile makes the starting builder; every option the entry names is set over it. */
    private static ConnectionOptions.Builder options(ScenarioFile.FlowEntry e, FieldPath at) {
        ConnectionOptions.Builder b = profile(e, at);
        if (e.cc() != null) {
            b.congestionControl(algorithm(e.cc(), at.field("cc")));
        }
        if (e.sack() != null) {
            b.sack(e.sack());
        }
        if (e.ecn() != null) {
            b.ecnMode(ecnMode(e.ecn(), at.field("ecn")));
        }
        if (e.timestamps() != null) {
            b.timestamps(e.timestamps());
        }
        if (e.pacing() != null) {
            b.pacing(e.pacing());
        }
        if (e.recovery() != null) {
            b.recovery(recovery(e.recovery(), at.field("recovery")));
        }
        if (e.spurious() != null) {
            b.spurious(spurious(e.spurious(), at.field("spurious")));
        }
        if (!isAuto(e.sendBuffer())) {
            b.sendBufferBytes(bytes(e.sendBuffer(), at.field("send_buffer")));
        }
        if (!isAuto(e.receiveBuffer())) {
            b.receiveBufferBytes(bytes(e.receiveBuffer(), at.field("receive_buffer")));
        }
        if (e.mss() != null) {
            b.mss(bytes(e.mss(), at.field("mss")));
        }
        return b;
    }

    private static ConnectionOptions.Builder profile(ScenarioFile.FlowEntry e, FieldPath at) {
        try {
            return Profiles.get(e.profile() == null ? Profiles.TODAY : e.profile()).builder();
        } catch (IllegalArgumentException ex) {
            throw at.field("profile").error(ex.getMessage());
        }
    }

    private static ConnectionOptions build(ConnectionOptions.Builder b, FieldPath at) {
        try {
            return b.build();
        } catch (IllegalArgumentException ex) {
            throw at.error(ex.getMessage());
        }
    }

    /** Checks {@code name[:key=value,...]} against the algorithms on the class path. */
    /** A flow's {@code ecn:}: off, classic or accecn (true and false, the older words, mean classic and off). */
    static EcnMode ecnMode(String word, FieldPath at) {
        EcnMode mode = EcnMode.parse(word);
        if (mode == null) {
            throw at.error("'" + word + "' is not an ECN mode (allowed: off, classic, accecn; true, false)");
        }
        return mode;
    }

    static String algorithm(String spec, FieldPath at) {
        int colon = spec.indexOf(':');
        String name = (colon < 0 ? spec : spec.substring(0, colon)).trim().toLowerCase(Locale.ROOT);
        if (!CongestionControls.names().contains(name)) {
            throw at.error("unknown algorithm '" + name + "' (allowed: " + String.join(", ", CongestionControls.names()) + ")");
        }
        try {
            CongestionControls.validate(spec);
        } catch (IllegalArgumentException ex) {
            throw at.error(ex.getMessage());
        }
        return spec;
    }

    /** A loss detector's spec ({@link LossDetectors}): {@code rack}, {@code rfc6675}, {@code teb[:k=...]} or one on the class path. */
    private static String recovery(String spec, FieldPath at) {
        try {
            LossDetectors.factory(spec);
            return spec;
        } catch (IllegalArgumentException ex) {
            throw at.error(ex.getMessage());
        }
    }

    static <E extends Enum<E>> E choice(String text, FieldPath at, Class<E> type) {
        for (E value : type.getEnumConstants()) {
            if (value.name().equalsIgnoreCase(text.trim())) {
                return value;
            }
        }
        throw at.error("unknown value '" + text + "' (allowed: " + allowed(type) + ")");
    }

    private static <E extends Enum<E>> String allowed(Class<E> type) {
        List<String> names = new ArrayList<>();
        for (E value : type.getEnumConstants()) {
            names.add(value.name().toLowerCase(Locale.ROOT));
        }
        return String.join(", ", names);
    }

    private static String spurious(String text, FieldPath at) {
        try {
            SpuriousLossDetectors.split(text);
            return text;
        } catch (IllegalArgumentException e) {
            throw at.error(e.getMessage());
        }
    }

    private static boolean isAuto(String text) {
        return text == null || text.trim().equals("auto");
    }

    static int bytes(String text, FieldPath at) {
        Limit limit = at.parse(text, Units::parseLimit);
        if (limit.kind() != Limit.Kind.BYTES || limit.equals(Limit.NONE) || limit.value() > Integer.MAX_VALUE) {
            throw at.error("bad size '" + text + "' (allowed: bytes such as 1460B, 64KiB, 4MiB)");
        }
        return (int) limit.value();
    }

    /** The routers the sender and receiver attach to, after {@code direction}. */
    private static String[] ends(ScenarioFile.FlowEntry e, FieldPath at, TopologySpec topology) {
        Set<String> routers = new HashSet<>(topology.routers());
        String from = e.from() == null ? topology.defaultFrom() : TopologyReader.router(at.field("from"), e.from(), routers);
        String to = e.to() == null ? topology.defaultTo() : TopologyReader.router(at.field("to"), e.to(), routers);
        String direction = e.direction() == null ? "forward" : e.direction();
        if (!direction.equals("forward") && !direction.equals("reverse")) {
            throw at.field("direction").error("unknown direction '" + direction + "' (allowed: forward, reverse)");
        }
        if (from.equals(to)) {
            throw at.field("to").error("sender and receiver attach to the same router '" + from + "'");
        }
        return direction.equals("forward") ? new String[] {from, to} : new String[] {to, from};
    }

    /**
     * The entry's RTT, or its list of RTTs ({@code 4ms,28ms,54ms}) that the flows of a group take
     * in turn (flow i the (i mod n)-th); {@code {-1}}, the path's own round trip, without one.
     */
    private static long[] rtts(ScenarioFile.FlowEntry e, FieldPath at, TopologySpec topology, String[] ends) {
        var there = PathDelays.route(topology, ends[0], ends[1]);
        var back = PathDelays.route(topology, ends[1], ends[0]);
        if (there.isEmpty() || back.isEmpty()) {
            throw at.error("no route between routers '" + ends[0] + "' and '" + ends[1] + "' both ways");
        }
        if (e.rtt() == null) {
            return new long[] {-1};
        }
        long floor = PathDelays.oneWayNanos(there.get()) + PathDelays.oneWayNanos(back.get())
                + 2 * topology.access().delayNanos();
        String[] texts = e.rtt().split(",", -1);
        long[] rtts = new long[texts.length];
        for (int i = 0; i < texts.length; i++) {
            rtts[i] = at.field("rtt").parse(texts[i].trim(), Units::parseDurationNanos);
            if (rtts[i] < floor) {
                throw at.field("rtt").error("out of range: " + texts[i].trim() + " is below the path's own round trip of "
                        + floor / 1e6 + " ms (allowed: at least that)");
            }
        }
        return rtts;
    }
}
