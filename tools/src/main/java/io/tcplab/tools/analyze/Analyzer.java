package io.tcplab.tools.analyze;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** Reads a capture and runs every TCP packet through its flow: {@link #analyze} is {@code tcplab analyze}. */
public final class Analyzer {
    private final AnalysisOptions options;
    private final SegmentDecoder decoder = new SegmentDecoder();
    private final Map<String, Flow> flows = new HashMap<>();
    private final List<Flow> ordered = new ArrayList<>();
    private long startNanos = Long.MIN_VALUE;
    private long frames;
    private long tcp;
    private long notTcp;
    private long malformed;

    private Analyzer(AnalysisOptions options) {
        this.options = options;
    }

    /** The flows of {@code capture}; throws {@link CaptureException} (one line) for a file it cannot read. */
    public static Analysis analyze(Path capture, AnalysisOptions options) {
        Analyzer a = new Analyzer(options);
        CaptureReader.read(capture, a::frame);
        if (options.flow() > a.ordered.size()) {
            throw new CaptureException("--flow " + options.flow() + ": " + capture + " has " + a.ordered.size()
                    + " TCP flow" + (a.ordered.size() == 1 ? "" : "s"));
        }
        List<FlowReport> reports = new ArrayList<>();
        for (Flow f : a.ordered) {
            if (f.counted() && (options.flow() == 0 || options.flow() == f.index)) {
                reports.add(FlowReport.of(f, a.startNanos));
            }
        }
        return new Analysis(capture.toString(), a.frames, a.tcp, a.notTcp, a.malformed, a.startNanos, options, reports);
    }

    private void frame(CaptureReader.Frame frame) {
        frames++;
        if (startNanos == Long.MIN_VALUE) {
            startNanos = frame.timeNanos();
        }
        Segment s = decoder.decode(frame);
        if (s == null) {
            if (decoder.outcome() == SegmentDecoder.Outcome.MALFORMED) {
                malformed++;
            } else {
                notTcp++;
            }
            return;
        }
        tcp++;
        Flow flow = flows.computeIfAbsent(key(s), k -> {
            Flow f = new Flow(ordered.size() + 1, s);
            ordered.add(f);
            return f;
        });
        long sinceStart = s.timeNanos() - startNanos;
        flow.add(s, options.inWindow(sinceStart), Math.floorDiv(sinceStart, options.intervalNanos()));
    }

    /** The same for both directions: the two endpoints in a fixed order. */
    private static String key(Segment s) {
        String a = s.from();
        String b = s.to();
        return a.compareTo(b) <= 0 ? a + " " + b : b + " " + a;
    }
}
