package io.tcplab.tools.analyze;

import java.io.PrintWriter;
import java.util.Locale;

/** The text report: a line about the capture, then one row per flow (its data direction). */
public final class AnalysisTable {
    private static final String ROW = "%4s  %-45s %8s %8s %12s %12s %9s %6s %6s %5s %5s %-24s %-24s %10s %6s%n";

    private AnalysisTable() {
    }

    public static void print(Analysis a, PrintWriter out) {
        out.println(summary(a));
        out.printf(Locale.ROOT, ROW, "flow", "data direction", "dur s", "packets", "unique B", "wire B", "goodput",
                "retx", "resent", "ooo", "lost", "rtt seq/ack ms (n)", "rtt timestamps ms (n)", "rwnd max B", "sack");
        for (FlowReport f : a.flows()) {
            DirectionReport d = f.data();
            out.printf(Locale.ROOT, ROW, f.flow(), d.from() + " > " + d.to(), String.format(Locale.ROOT, "%.3f",
                    f.durationSeconds()), f.packets(), d.uniqueBytes(), d.wireBytes(), rate(d.goodputBitsPerSecond()),
                    d.retransmissions(), d.resent(), d.outOfOrder(), d.lost(), rtt(d.rttAck()), rtt(d.rttTimestamps()),
                    d.receiveWindow().maxBytes() == null ? "-" : d.receiveWindow().maxBytes(), d.sackBlocks());
        }
        out.flush();
    }

    static String summary(Analysis a) {
        String window = a.options().fromNanos() < 0 && a.options().toNanos() < 0 ? ""
                : String.format(Locale.ROOT, ", window %s to %s s", seconds(a.options().fromNanos(), "start"),
                        seconds(a.options().toNanos(), "end"));
        return String.format(Locale.ROOT, "%s: %d frames, %d TCP, %d skipped (%d not TCP, %d malformed), %d flow%s%s",
                a.capture(), a.frames(), a.tcpPackets(), a.skippedNotTcp() + a.skippedMalformed(), a.skippedNotTcp(),
                a.skippedMalformed(), a.flows().size(), a.flows().size() == 1 ? "" : "s", window);
    }

    private static String seconds(long nanos, String open) {
        return nanos < 0 ? open : String.format(Locale.ROOT, "%.3f", nanos / 1e9);
    }

    /** bit/s with a unit: 940.2Mbit/s, 12.0kbit/s. */
    static String rate(double bps) {
        if (bps >= 1e9) {
            return String.format(Locale.ROOT, "%.2fG", bps / 1e9);
        }
        if (bps >= 1e6) {
            return String.format(Locale.ROOT, "%.1fM", bps / 1e6);
        }
        return String.format(Locale.ROOT, "%.1fk", bps / 1e3);
    }

    private static String rtt(RttStats r) {
        if (r.samples() == 0) {
            return "-";
        }
        return String.format(Locale.ROOT, "%s/%s/%s (%d)", ms(r.minMs()), ms(r.meanMs()), ms(r.maxMs()), r.samples());
    }

    private static String ms(double ms) {
        return String.format(Locale.ROOT, ms < 10 ? "%.3f" : "%.1f", ms);
    }
}
