package io.tcplab.tools.report.transfer;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.tcplab.stack.conn.ConnectionOptions;
import io.tcplab.tools.link.Limit;
import io.tcplab.tools.link.LinkParams;
import io.tcplab.tools.scenario.TransferResult;
import io.tcplab.tools.scenario.TransferSpec;

import java.io.PrintWriter;

/**
 * The {@code --json} report: TransferResult's components by their camelCase names, plus the
 * spec that produced them under {@code "spec"} (TransferSpec's components, links by LinkParams'
 * accessor names), so a result file says how to reproduce it.
 */
public final class JsonReport {
    private static final ObjectMapper MAPPER = new ObjectMapper();

    private JsonReport() {
    }

    public static void print(TransferSpec spec, TransferResult result, PrintWriter out) {
        ObjectNode root = MAPPER.valueToTree(result);
        root.set("spec", spec(spec));
        out.println(root.toString());
        out.flush();
    }

    private static ObjectNode spec(TransferSpec s) {
        ObjectNode node = MAPPER.createObjectNode();
        node.put("bytes", s.bytes());
        node.set("forward", link(s.forward()));
        node.set("reverse", link(s.reverse()));
        node.set("forwardSchedule", MAPPER.valueToTree(s.forwardSchedule().changes()));
        node.put("seed", s.seed());
        node.set("options", options(s.options()));
        node.put("initialIsn", s.initialIsn());
        node.put("timeLimitNanos", s.timeLimitNanos());
        node.put("payload", s.payload());
        return node;
    }

    /** The connection settings a user chose on the command line (the rest are the stack's defaults). */
    private static ObjectNode options(ConnectionOptions o) {
        ObjectNode node = MAPPER.createObjectNode();
        node.put("congestionControl", o.congestionControl);
        node.put("profile", o.profile);
        node.put("sack", o.sack);
        node.put("timestamps", o.timestamps);
        node.put("windowScale", o.windowScale);
        node.put("ecn", o.ecnMode.word());
        node.put("recovery", o.recovery);
        ArrayNode spurious = node.putArray("spurious");
        o.spurious.forEach(spurious::add);
        node.put("pacing", o.pacing);
        node.put("bufferBytes", o.sendBufferBytes);
        return node;
    }

    private static ObjectNode link(LinkParams p) {
        ObjectNode node = MAPPER.createObjectNode();
        node.put("rateBitsPerSec", p.rateBitsPerSec());
        node.put("delayNanos", p.delayNanos());
        node.put("queueLimit", p.queueLimit().toString());
        node.put("lossProbability", p.lossProbability());
        node.put("lossEvery", p.lossEvery());
        node.put("reorderProbability", p.reorderProbability());
        node.put("reorderDelayNanos", p.reorderDelayNanos());
        node.put("duplicateProbability", p.duplicateProbability());
        node.put("corruptProbability", p.corruptProbability());
        Limit ecn = p.ecnThreshold();
        node.put("ecnThreshold", ecn == null ? null : ecn.toString());
        node.put("queueDiscipline", p.queueDiscipline());
        return node;
    }
}
