package io.tcplab.tools.link.bridge;

import io.tcplab.tools.link.Limit;
import io.tcplab.tools.link.LinkParams;
import io.tcplab.tools.link.LinkSchedule;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.List;

/**
 * The same link settings and schedule as {@code tc qdisc ... netem} command lines, for hosts whose
 * kernel has netem: one {@code add} at time 0, then one {@code change} (with every setting, as
 * netem replaces them all) at each time the schedule changes something, and a {@code del} to undo.
 * It only builds argument lists; {@link NetemRunner} runs them.
 *
 * <p>Not everything translates: netem has no periodic loss and no ECN step marking, and it
 * reorders differently (a picked packet skips the delay instead of being held back), so
 * {@code loss-every}, {@code ecn}, an explicit {@code reorder-delay}, {@code jitter} and {@code stall} are refused, and
 * reordering needs a delay. Queue limits are in packets for netem; a byte limit becomes
 * {@code ceil(bytes / mtu)} packets, and {@code none} a limit of {@value #NO_LIMIT_PACKETS}.
 */
public final class NetemPlan {
    static final long NO_LIMIT_PACKETS = 1_000_000;

    /** One command line and when to run it, counted from the start. */
    public record Step(long atNanos, List<String> argv) {
    }

    private NetemPlan() {
    }

    /**
     * The steps for device {@code dev} (egress only, as netem works), run in namespace
     * {@code netns} when not null; {@code mtu} sizes byte limits in packets.
     */
    public static List<Step> plan(String tc, String netns, String dev, int mtu, LinkParams initial,
                                  LinkSchedule schedule) {
        if (!schedule.stalls().isEmpty()) {
            throw new IllegalArgumentException("netem cannot hold the link (stall); use the user-space link");
        }
        if (initial.aqm() != null || initial.red() != null) {
            throw new IllegalArgumentException("netem has no AQM (" + initial.queueDiscipline().replaceAll(":.*", "")
                    + "); the user-space link runs it");
        }
        LinkParams p = initial.copy();
        List<Step> steps = new ArrayList<>();
        steps.add(new Step(0, command(tc, netns, dev, "add", p, mtu)));
        List<LinkSchedule.Change> changes = schedule.changes();
        for (int i = 0; i < changes.size(); ) {
            long at = changes.get(i).atNanos();
            while (i < changes.size() && changes.get(i).atNanos() == at) {
                changes.get(i++).applyTo(p);
            }
            if (at == 0) { // changes at time 0 are part of the first setting
                steps.set(0, new Step(0, command(tc, netns, dev, "add", p, mtu)));
            } else {
                steps.add(new Step(at, command(tc, netns, dev, "change", p, mtu)));
            }
        }
        return steps;
    }

    /** The command that removes what {@link #plan} added. */
    public static List<String> delete(String tc, String netns, String dev) {
        List<String> argv = prefix(tc, netns);
        argv.addAll(List.of("qdisc", "del", "dev", dev, "root"));
        return argv;
    }

    /** {@code tc [-n NS] qdisc VERB dev DEV root netem ...} with every setting of {@code p}. */
    static List<String> command(String tc, String netns, String dev, String verb, LinkParams p, int mtu) {
        if (p.lossEvery() != 0) {
            throw new IllegalArgumentException("netem has no periodic loss (loss-every)");
        }
        if (p.ecnThreshold() != null) {
            throw new IllegalArgumentException("netem has no ECN step marking (ecn threshold)");
        }
        if (p.reorderDelayNanos() >= 0) {
            throw new IllegalArgumentException("netem cannot hold reordered packets back by a set time (reorder-delay)");
        }
        if (p.jitterNanos() > 0) {
            throw new IllegalArgumentException("netem's jitter reorders packets; tcplab's keeps their order (jitter)");
        }
        if (p.reorderProbability() > 0 && p.delayNanos() == 0) {
            throw new IllegalArgumentException("netem reorders only packets that are delayed: give a delay with reorder");
        }
        List<String> argv = prefix(tc, netns);
        argv.addAll(List.of("qdisc", verb, "dev", dev, "root", "netem"));
        argv.add("delay");
        argv.add(time(p.delayNanos()));
        if (p.rateBitsPerSec() > 0) {
            argv.add("rate");
            argv.add(p.rateBitsPerSec() + "bit");
        }
        argv.add("limit");
        argv.add(Long.toString(packets(p.queueLimit(), mtu)));
        if (p.lossProbability() > 0) {
            argv.addAll(List.of("loss", "random", percent(p.lossProbability())));
        }
        if (p.duplicateProbability() > 0) {
            argv.addAll(List.of("duplicate", percent(p.duplicateProbability())));
        }
        if (p.corruptProbability() > 0) {
            argv.addAll(List.of("corrupt", percent(p.corruptProbability())));
        }
        if (p.reorderProbability() > 0) {
            argv.addAll(List.of("reorder", percent(p.reorderProbability())));
        }
        return argv;
    }

    private static List<String> prefix(String tc, String netns) {
        List<String> argv = new ArrayList<>();
        argv.add(tc);
        if (netns != null) {
            argv.add("-n");
            argv.add(netns);
        }
        return argv;
    }

    /** Whole milliseconds or microseconds as tc reads them (rounded to the microsecond). */
    static String time(long nanos) {
        if (nanos % 1_000_000 == 0) {
            return nanos / 1_000_000 + "ms";
        }
        return Math.round(nanos / 1000.0) + "us";
    }

    static String percent(double p) {
        BigDecimal pct = BigDecimal.valueOf(p).multiply(BigDecimal.valueOf(100)).setScale(6, RoundingMode.HALF_UP)
                .stripTrailingZeros();
        return pct.toPlainString() + "%";
    }

    static long packets(Limit limit, int mtu) {
        if (limit.equals(Limit.NONE)) {
            return NO_LIMIT_PACKETS;
        }
        if (limit.kind() == Limit.Kind.PACKETS) {
            return Math.max(1, limit.value());
        }
        return Math.max(1, (limit.value() + mtu - 1) / mtu);
    }
}
