package io.tcplab.tools.scenario.real;

import io.tcplab.tools.link.Limit;
import io.tcplab.tools.link.LinkParams;
import io.tcplab.tools.link.LinkSchedule;
import io.tcplab.tools.link.RedParams;
import io.tcplab.tools.scenario.LinkEvent;
import io.tcplab.tools.scenario.LinkSpec;
import io.tcplab.tools.scenario.Scenario;
import io.tcplab.tools.scenario.TopologySpec;
import java.util.ArrayList;
import java.util.List;
import java.math.BigDecimal;
import java.math.MathContext;

/**
 * Fits a scenario to what this machine carries in real time. When the fastest topology link is
 * above {@code maxRate}, every rate (topology and access links, and rate changes of events) is
 * multiplied by {@code factor = maxRate / fastest}, and so is every queue limit, ECN step
 * threshold and RED threshold, in bytes or packets alike: delays and the MSS stay, so each queue
 * stays the same fraction of the path's bandwidth-delay product. A duration above the cap
 * becomes the cap, the warm-up shrinking in proportion. {@link #line()} says all of it in one line.
 *
 * @param factor  what rates and queues were multiplied by (1: not scaled)
 * @param scaled  the scenario to run
 * @param line    one line: what was scaled, from what to what
 */
public record RealScale(double factor, Scenario scaled, String line) {

    /**
     * Scales {@code s} to {@code maxRateBitsPerSec}; {@code durationCapNanos} &le; 0 keeps the
     * duration (the user gave one).
     */
    public static RealScale of(Scenario s, long maxRateBitsPerSec, long durationCapNanos) {
        long fastest = s.topology().links().stream().mapToLong(l -> l.params().rateBitsPerSec()).max().orElse(0);
        double f = fastest > maxRateBitsPerSec ? (double) maxRateBitsPerSec / fastest : 1;
        List<String> said = new ArrayList<>();
        TopologySpec topology = s.topology();
        if (f < 1) {
            said.add("rates and queues x" + number(f) + " to fit --max-rate " + mbps(maxRateBitsPerSec));
            List<LinkSpec> links = new ArrayList<>();
            for (LinkSpec l : topology.links()) {
                LinkParams p = scale(l.params(), f);
                links.add(new LinkSpec(l.name(), l.from(), l.to(), p));
                said.add(l.name() + " " + change(l.params(), p));
            }
            LinkParams access = scale(topology.access(), f);
            if (topology.access().rateBitsPerSec() > 0) {
                said.add("access " + change(topology.access(), access));
            }
            topology = new TopologySpec(topology.kind(), topology.routers(), links, access, topology.defaultFrom(),
                    topology.defaultTo(), topology.bottlenecks());
            said.add("delays and MSS kept (queues the same in BDPs)");
        }
        long duration = s.durationNanos();
        long warmup = s.warmupNanos();
        if (durationCapNanos > 0 && duration > durationCapNanos) {
            warmup = (long) ((double) warmup * durationCapNanos / duration);
            said.add("duration capped " + seconds(duration) + " -> " + seconds(durationCapNanos) + " (warm-up "
                    + seconds(s.warmupNanos()) + " -> " + seconds(warmup) + "; --duration overrides)");
            duration = durationCapNanos;
        }
        List<LinkEvent> events = new ArrayList<>();
        for (LinkEvent e : s.events()) {
            events.add(new LinkEvent(e.link(), scale(e.schedule(), f)));
        }
        Scenario scaled = new Scenario(s.name(), topology, s.flows(), events, duration, warmup, s.sampleNanos(),
                s.seeds(), s.metrics(), s.plots());
        String line = said.isEmpty()
                ? "real mode: nothing scaled (fastest link " + mbps(fastest) + " within --max-rate " + mbps(maxRateBitsPerSec) + ")"
                : "real mode: " + String.join("; ", said);
        return new RealScale(f, scaled, line);
    }

    /** A copy with rate, queue, ECN threshold and RED thresholds multiplied by {@code f}. */
    static LinkParams scale(LinkParams p, double f) {
        LinkParams out = p.copy();
        if (f >= 1) {
            return out;
        }
        out.setRateBitsPerSec(Math.round(p.rateBitsPerSec() * f));
        out.setQueueLimit(scale(p.queueLimit(), f));
        if (p.ecnThreshold() != null) {
            out.setEcnThreshold(scale(p.ecnThreshold(), f));
        }
        RedParams red = p.red();
        if (red != null) {
            Limit min = scale(red.min(), f);
            Limit max = scale(red.max(), f);
            if (max.value() <= min.value()) {
                max = new Limit(min.value() + 1, min.kind()); // rounding met them: keep RED's min < max
            }
            out.setRed(new RedParams(min, max, red.maxP(), red.weight(), red.ecn(), red.aboveMax(),
                    red.idlePacketBytes()));
        }
        return out;
    }

    /** {@code value x f}, rounded, at least one packet or 1500 bytes; no limit stays none. */
    static Limit scale(Limit limit, double f) {
        if (limit.equals(Limit.NONE)) {
            return limit;
        }
        long floor = limit.kind() == Limit.Kind.PACKETS ? 1 : 1500;
        return new Limit(Math.max(Math.min(floor, limit.value()), Math.round(limit.value() * f)), limit.kind());
    }

    /** Rate, queue and ECN-threshold changes scaled; the rest as written. */
    static LinkSchedule scale(LinkSchedule schedule, double f) {
        if (f >= 1) {
            return schedule;
        }
        List<LinkSchedule.Change> out = new ArrayList<>();
        for (LinkSchedule.Change c : schedule.changes()) {
            String value = switch (c.key()) {
                case "rate" -> Math.round(LinkParams.of().set("rate", c.value()).rateBitsPerSec() * f) + "bit";
                case "queue" -> scale(LinkParams.of().set("queue", c.value()).queueLimit(), f).toString();
                case "ecn" -> c.value().equals("off") ? c.value()
                        : scale(LinkParams.of().set("ecn", c.value()).ecnThreshold(), f).toString();
                default -> c.value();
            };
            out.add(new LinkSchedule.Change(c.atNanos(), c.key(), value));
        }
        return new LinkSchedule(out);
    }

    private static String change(LinkParams from, LinkParams to) {
        String rate = from.rateBitsPerSec() == 0 ? "unlimited" : mbps(from.rateBitsPerSec()) + " -> " + mbps(to.rateBitsPerSec());
        return from.queueLimit().equals(Limit.NONE) ? rate : rate + ", queue " + from.queueLimit() + " -> " + to.queueLimit();
    }

    static String mbps(long bitsPerSec) {
        return number(bitsPerSec / 1e6) + " Mbit/s";
    }

    private static String seconds(long nanos) {
        return number(nanos / 1e9) + " s";
    }

    /** Four significant digits at most, no trailing zeros: 0.25, 400, 12.5. */
    static String number(double x) {
        return new BigDecimal(x).round(new MathContext(4)).stripTrailingZeros().toPlainString();
    }
}
