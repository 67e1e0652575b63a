package io.tcplab.tools.experiment;

import io.tcplab.stack.profile.Profiles;
import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;

/** The text report: the path in one line, then one table per kind of spike, one row per variant. */
public final class DelaySpikeTable {
    private static final String ROW = "%-11s %5s %8s %6s %7s %9s %10s %11s %10s %10s %11s%n";

    private DelaySpikeTable() {
    }

    public static void print(DelaySpikeSpec spec, List<VariantResult> rows, PrintWriter out) {
        out.printf(Locale.ROOT, "delay spike%s: %s%n", spec.real() ? " (real time: TUN devices, the user-space link, "
                + "the kernel receiving)" : "", describe(spec));
        for (SpikeKind kind : spec.kinds()) {
            out.println();
            out.printf(Locale.ROOT, "%s%n", title(spec, kind));
            out.printf(Locale.ROOT, ROW, "variant", "RTOs", "retrans", "undos", "double", "goodput",
                    "spike+5s", "cwnd before", "cwnd touch", "cwnd back", "queue");
            out.printf(Locale.ROOT, ROW, "", "", "", "", "drops", "Mbit/s", "Mbit/s", "spike (B)", "after (s)",
                    "stays (s)", "drops");
            for (VariantResult r : rows) {
                if (r.kind().equals(kind.label())) {
                    out.printf(Locale.ROOT, ROW, r.variant(), count(r.rtos()), r.retransmissions(),
                            count(r.spuriousUndos()), count(r.doubleDrops()), String.format(Locale.ROOT, "%.2f", r.goodputMbps()),
                            String.format(Locale.ROOT, "%.2f", r.spikeGoodputMbps()), r.cwndPreSpikeBytes(),
                            seconds(r.cwndTouchSeconds()), seconds(r.cwndBackSeconds()), r.queueDropped());
                }
            }
        }
        out.flush();
    }

    private static String seconds(double s) {
        return s < 0 ? "never" : String.format(Locale.ROOT, "%.3f", s);
    }

    /** The path and run, e.g. {@code 10 Mbit/s, 100 ms RTT, queue 125000B, 30 s, seed 1, reno, teb:k=2,...}. */
    public static String describe(DelaySpikeSpec spec) {
        return String.format(Locale.ROOT, "%s Mbit/s, %s ms RTT, queue %s each way, %s s of bulk data, seed %d, %s, %s",
                number(spec.rateBitsPerSec() / 1e6), number(spec.rttNanos() / 1e6), spec.queue(),
                number(spec.durationNanos() / 1e9), spec.seed(), spec.base().congestionControl, spec.teb().spec())
                + (spec.base().profile.equals(Profiles.TODAY) ? "" : ", profile " + spec.base().profile)
                + (spec.base().pacing ? ", tcplab paced" : "")
                + (spec.receiver().profile.equals(spec.base().profile) ? "" : ", receiver profile " + spec.receiver().profile);
    }

    /** What the spike of this kind does, e.g. {@code stall: the data link held for 1 s at 10 s, ...}. */
    public static String title(DelaySpikeSpec spec, SpikeKind kind) {
        String at = number(spec.spikeAtNanos() / 1e9) + " s";
        String lasting = number(spec.spikeDurationNanos() / 1e9) + " s";
        String links = switch (spec.direction()) {
            case DATA -> "the data link";
            case ACK -> "the ACK link";
            case BOTH -> "the data and ACK links";
        };
        return switch (kind) {
            case STALL -> "stall: " + links + " held for " + lasting + " at " + at + ", then released in order";
            case DELAY -> "delay: a one-way delay of " + number(spec.spikeDelayNanos() / 1e6) + " ms on " + links
                    + " for " + lasting + " from " + at + ", per packet";
        };
    }

    private static String count(Long value) {
        return value == null ? "n/a" : value.toString();
    }

    private static String number(double value) {
        return value == Math.rint(value) ? Long.toString((long) value) : String.format(Locale.ROOT, "%.3f", value);
    }
}
