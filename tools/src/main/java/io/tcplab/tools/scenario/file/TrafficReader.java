package io.tcplab.tools.scenario.file;

import io.tcplab.tools.link.Units;
import io.tcplab.tools.scenario.TrafficSpec;
import io.tcplab.tools.traffic.WebModel;

/** Checks a flow's {@code traffic} and the fields that belong to its kind. */
final class TrafficReader {
    private TrafficReader() {
    }

    static TrafficSpec read(ScenarioFile.FlowEntry e, FieldPath at) {
        String kind = e.traffic() == null ? "bulk" : e.traffic();
        if (!FlowReader.TRAFFIC.contains(kind)) {
            throw at.field("traffic").error("unknown traffic '" + kind + "' (allowed: " + String.join(", ", FlowReader.TRAFFIC) + ")");
        }
        only(kind, "fixed", e.size(), at.field("size"));
        only(kind, "onoff", e.on(), at.field("on"));
        only(kind, "onoff", e.off(), at.field("off"));
        only(kind, "onoff", e.onOff(), at.field("on_off"));
        only(kind, "web", e.load(), at.field("load"));
        only(kind, "web", e.web(), at.field("web"));
        return switch (kind) {
            case "fixed" -> new TrafficSpec.Fixed(positiveBytes(e.size(), at.field("size")));
            case "onoff" -> onOff(e, at);
            case "web" -> web(e, at);
            default -> new TrafficSpec.Bulk();
        };
    }

    private static TrafficSpec onOff(ScenarioFile.FlowEntry e, FieldPath at) {
        long on = positiveDuration(e.on(), at.field("on"));
        long off = positiveDuration(e.off(), at.field("off"));
        String dist = e.onOff() == null ? "exponential" : e.onOff();
        if (!dist.equals("exponential") && !dist.equals("fixed")) {
            throw at.field("on_off").error("unknown distribution '" + dist + "' (allowed: exponential, fixed)");
        }
        return new TrafficSpec.OnOff(on, off, dist.equals("exponential"));
    }

    private static TrafficSpec web(ScenarioFile.FlowEntry e, FieldPath at) {
        FieldPath loadAt = at.field("load");
        long load = loadAt.parse(loadAt.required(e.load()), Units::parseRateBitsPerSec);
        if (load <= 0) {
            throw loadAt.error("out of range: " + e.load() + " (allowed: a rate above 0, e.g. 38Mbit)");
        }
        WebModel d = WebModel.surge(load);
        ScenarioFile.WebEntry w = e.web() == null
                ? new ScenarioFile.WebEntry(null, null, null, null, null, null, null, null, null, null, null, null, null)
                : e.web();
        FieldPath wa = at.field("web");
        long tailK = w.tailK() == null ? d.tailBytes() : positiveBytes(w.tailK(), wa.field("tail_k"));
        long maxObject = w.maxObject() == null ? d.maxObjectBytes() : positiveBytes(w.maxObject(), wa.field("max_object"));
        long thinkK = w.thinkK() == null ? d.thinkNanos() : positiveDuration(w.thinkK(), wa.field("think_k"));
        int buffer = w.buffer() == null ? TrafficSpec.Web.DEFAULT_BUFFER_BYTES : FlowReader.bytes(w.buffer(), wa.field("buffer"));
        try {
            return new TrafficSpec.Web(new WebModel(load,
                    wa.field("body_mu").range(w.bodyMu(), d.bodyMu(), 0, 30),
                    wa.field("body_sigma").range(w.bodySigma(), d.bodySigma(), 0.01, 10),
                    wa.field("tail_alpha").range(w.tailAlpha(), d.tailAlpha(), 0.1, 10),
                    tailK,
                    wa.field("tail_probability").range(w.tailProbability(), d.tailProbability(), 0, 1),
                    maxObject,
                    wa.field("objects_alpha").range(w.objectsAlpha(), d.objectsAlpha(), 0.1, 10),
                    wa.field("max_objects").range(w.maxObjects(), d.maxObjects(), 1, 1000),
                    wa.field("think_alpha").range(w.thinkAlpha(), d.thinkAlpha(), 1.01, 10),
                    thinkK,
                    w.persistent() == null ? d.persistent() : w.persistent(),
                    wa.field("users").range(w.users(), 0, 0, 100_000)), buffer);
        } catch (IllegalArgumentException ex) {
            throw wa.error(ex.getMessage());
        }
    }

    private static void only(String kind, String owner, Object value, FieldPath at) {
        if (value != null && !kind.equals(owner)) {
            throw at.error("not allowed here (only with traffic: " + owner + ")");
        }
    }

    private static long positiveBytes(String text, FieldPath at) {
        at.required(text);
        long n = FlowReader.bytes(text, at);
        if (n <= 0) {
            throw at.error("out of range: " + text + " (allowed: at least 1 byte)");
        }
        return n;
    }

    private static long positiveDuration(String text, FieldPath at) {
        long n = at.parse(at.required(text), Units::parseDurationNanos);
        if (n <= 0) {
            throw at.error("out of range: " + text + " (allowed: a duration above 0)");
        }
        return n;
    }
}
