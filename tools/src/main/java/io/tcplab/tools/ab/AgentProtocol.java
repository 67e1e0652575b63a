package io.tcplab.tools.ab;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;

/**
 * The control connection between {@code tcplab ab --remote} (host A) and {@code tcplab ab-agent}
 * (host B): one JSON object per line, over kernel TCP.
 *
 * <pre>
 * A: {"op":"receive","bytes":N,"sampleIntervalNanos":I}   B: {"port":P}   (a fresh listener)
 *    ... A's sender connects to B:P, sends N bytes and FIN ...
 *                                                         B: {"bytes":..,"sha256":..,"durationNanos":..,
 *                                                             "sampleNanos":[..],"sampleBytes":[..]}
 * A: {"op":"bye"}                                          (B closes the control connection)
 * </pre>
 *
 * A failure on B's side is {@code {"error":"one line"}} in place of the reply.
 */
public final class AgentProtocol implements AutoCloseable {
    static final ObjectMapper JSON = new ObjectMapper();
    /** A line longer than this is no message of ours. */
    private static final int MAX_LINE = 1 << 20;

    private final Socket socket;
    private final BufferedReader in;
    private final OutputStream out;

    AgentProtocol(Socket socket) throws IOException {
        this.socket = socket;
        this.in = new BufferedReader(new InputStreamReader(socket.getInputStream(), StandardCharsets.UTF_8));
        this.out = socket.getOutputStream();
    }

    /** The next message, or null when the peer closed the connection. */
    ObjectNode read() throws IOException {
        String line = in.readLine();
        if (line == null) {
            return null;
        }
        if (line.length() > MAX_LINE) {
            throw new IOException("a control message longer than " + MAX_LINE + " characters");
        }
        JsonNode n = JSON.readTree(line);
        if (!(n instanceof ObjectNode o)) {
            throw new IOException("a control message that is not a JSON object: " + abbreviate(line));
        }
        if (o.has("error")) {
            throw new AbException("the agent: " + o.get("error").asText());
        }
        return o;
    }

    void write(ObjectNode message) throws IOException {
        out.write((message.toString() + "\n").getBytes(StandardCharsets.UTF_8));
        out.flush();
    }

    static ObjectNode message() {
        return JSON.createObjectNode();
    }

    static ObjectNode toJson(AgentRun r) {
        ObjectNode n = message().put("bytes", r.bytes()).put("sha256", r.sha256()).put("durationNanos", r.durationNanos());
        r.sampleNanos().forEach(n.putArray("sampleNanos")::add);
        r.sampleBytes().forEach(n.putArray("sampleBytes")::add);
        return n;
    }

    static AgentRun fromJson(ObjectNode n) throws IOException {
        for (String field : new String[] {"bytes", "sha256", "durationNanos", "sampleNanos", "sampleBytes"}) {
            if (!n.has(field)) {
                throw new IOException("the agent's result has no " + field + ": " + abbreviate(n.toString()));
            }
        }
        java.util.List<Long> at = new java.util.ArrayList<>();
        n.get("sampleNanos").forEach(v -> at.add(v.asLong()));
        java.util.List<Long> bytes = new java.util.ArrayList<>();
        n.get("sampleBytes").forEach(v -> bytes.add(v.asLong()));
        return new AgentRun(n.get("bytes").asLong(), n.get("sha256").asText(), n.get("durationNanos").asLong(), at,
                bytes);
    }

    private static String abbreviate(String s) {
        return s.length() > 80 ? s.substring(0, 80) + "..." : s;
    }

    @Override
    public void close() throws IOException {
        socket.close();
    }
}
