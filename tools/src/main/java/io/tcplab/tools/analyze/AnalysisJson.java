package io.tcplab.tools.analyze;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.PrintWriter;

/**
 * The {@code --json} report: one object, the capture's counts and {@code "flows"}, one object per
 * flow with the components of {@link FlowReport} and {@link DirectionReport} by name.
 */
public final class AnalysisJson {
    private static final ObjectMapper MAPPER = new ObjectMapper();

    private AnalysisJson() {
    }

    public static void print(Analysis a, PrintWriter out) {
        out.println(tree(a).toString());
        out.flush();
    }

    static ObjectNode tree(Analysis a) {
        ObjectNode root = MAPPER.createObjectNode();
        root.put("capture", a.capture());
        root.put("frames", a.frames());
        root.put("tcpPackets", a.tcpPackets());
        root.put("skippedNotTcp", a.skippedNotTcp());
        root.put("skippedMalformed", a.skippedMalformed());
        root.put("fromSeconds", a.options().fromNanos() < 0 ? null : a.options().fromNanos() / 1e9);
        root.put("toSeconds", a.options().toNanos() < 0 ? null : a.options().toNanos() / 1e9);
        root.put("intervalSeconds", a.options().intervalNanos() / 1e9);
        root.set("flows", MAPPER.valueToTree(a.flows()));
        return root;
    }
}
