package io.tcplab.tools.analyze;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * {@code --csv DIR}: each flow's data direction as series, times in seconds since the capture's
 * first packet and sequence numbers relative to the ISN, in {@code flow-N-KIND.csv}: segments
 * (time_s, frame, seq, end, bytes, kind), acks (time_s, frame, ack, window_bytes, window_edge),
 * sack (time_s, frame, left, right), rtt (time_s, frame, source ack|timestamps, rtt_ms) and
 * goodput (time_s at the bin's start, bytes newly acknowledged, goodput_bps; every bin from the
 * flow's first packet to its last, empty ones as 0).
 */
public final class AnalysisCsv {
    private AnalysisCsv() {
    }

    /** Writes the files into {@code dir} (made if missing); returns them. */
    public static List<Path> write(Analysis a, Path dir) throws IOException {
        Files.createDirectories(dir);
        List<Path> files = new ArrayList<>();
        for (FlowReport f : a.flows()) {
            DirectionReport d = f.data();
            DirectionSeries s = d.series();
            long t0 = a.startNanos();
            String prefix = "flow-" + f.flow() + "-";
            files.add(write(dir.resolve(prefix + "segments.csv"), "time_s,frame,seq,end,bytes,kind", out -> {
                for (DirectionSeries.SegmentPoint p : s.segments) {
                    out.printf(Locale.ROOT, "%s,%d,%d,%d,%d,%s%n", time(p.timeNanos(), t0), p.frame(), p.start(),
                            p.end(), p.end() - p.start(), p.kind().name().toLowerCase(Locale.ROOT));
                }
            }));
            files.add(write(dir.resolve(prefix + "acks.csv"), "time_s,frame,ack,window_bytes,window_edge", out -> {
                for (DirectionSeries.AckPoint p : s.acks) {
                    out.printf(Locale.ROOT, "%s,%d,%d,%d,%d%n", time(p.timeNanos(), t0), p.frame(), p.ack(),
                            p.windowEdge() - p.ack(), p.windowEdge());
                }
            }));
            files.add(write(dir.resolve(prefix + "sack.csv"), "time_s,frame,left,right", out -> {
                for (DirectionSeries.SackBlock b : s.sacks) {
                    out.printf(Locale.ROOT, "%s,%d,%d,%d%n", time(b.timeNanos(), t0), b.frame(), b.left(), b.right());
                }
            }));
            files.add(write(dir.resolve(prefix + "rtt.csv"), "time_s,frame,source,rtt_ms", out -> {
                rtt(out, "ack", d.ackSamples(), t0);
                rtt(out, "timestamps", d.tsSamples(), t0);
            }));
            files.add(write(dir.resolve(prefix + "goodput.csv"), "time_s,bytes,goodput_bps",
                    out -> goodput(out, a, f, s)));
        }
        return files;
    }

    private static void goodput(PrintWriter out, Analysis a, FlowReport f, DirectionSeries s) {
        long interval = a.options().intervalNanos();
        long first = (long) Math.floor(f.startSeconds() * 1e9 / interval);
        long last = (long) Math.floor((f.startSeconds() + f.durationSeconds()) * 1e9 / interval);
        for (Map.Entry<Long, Long> e : s.ackedPerBin.entrySet()) {
            first = Math.min(first, e.getKey());
            last = Math.max(last, e.getKey());
        }
        for (long bin = first; bin <= last; bin++) {
            long bytes = s.ackedPerBin.getOrDefault(bin, 0L);
            out.printf(Locale.ROOT, "%s,%d,%.1f%n", seconds(bin * interval), bytes, bytes * 8 / (interval / 1e9));
        }
    }

    private static void rtt(PrintWriter out, String source, List<RttSample> samples, long t0) {
        for (RttSample r : samples) {
            out.printf(Locale.ROOT, "%s,%d,%s,%.6f%n", time(r.timeNanos(), t0), r.frame(), source, r.rttNanos() / 1e6);
        }
    }

    private interface Body {
        void write(PrintWriter out);
    }

    private static Path write(Path file, String header, Body body) throws IOException {
        try (PrintWriter out = new PrintWriter(Files.newBufferedWriter(file))) {
            out.println(header);
            body.write(out);
        }
        return file;
    }

    private static String time(long nanos, long t0) {
        return seconds(nanos - t0);
    }

    private static String seconds(long nanos) {
        return String.format(Locale.ROOT, "%.9f", nanos / 1e9);
    }
}
