package io.tcplab.tools.iperf3;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * One finished (or failed) test in iperf3's {@code -J} shape: {@code start}, {@code intervals},
 * {@code end} with {@code sum_sent} / {@code sum_received}, and {@code error} when it failed.
 */
public final class Iperf3Result {
    static final ObjectMapper MAPPER = new ObjectMapper();

    private final ObjectNode json;

    Iperf3Result(ObjectNode json) {
        this.json = json;
    }

    /** The whole document; callers may add fields of their own. */
    public ObjectNode json() {
        return json;
    }

    /** Null when the test completed; else iperf3-style one-line reason. */
    public String error() {
        JsonNode e = json.get("error");
        return e == null ? null : e.asText();
    }

    public boolean ok() {
        return error() == null;
    }

    /** {@code end.sum_sent.bytes}: what the sending side wrote. */
    public long bytesSent() {
        return json.path("end").path("sum_sent").path("bytes").asLong(0);
    }

    /** {@code end.sum_received.bytes}: what the receiving side read. */
    public long bytesReceived() {
        return json.path("end").path("sum_received").path("bytes").asLong(0);
    }

    /** {@code end.sum_received.bits_per_second}. */
    public double receivedBitsPerSecond() {
        return json.path("end").path("sum_received").path("bits_per_second").asDouble(0);
    }

    public String toJsonString(boolean pretty) {
        try {
            return pretty ? MAPPER.copy().enable(SerializationFeature.INDENT_OUTPUT).writeValueAsString(json)
                    : MAPPER.writeValueAsString(json);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    /** One line for a person: the bytes and rate of a test that ran, else why it failed. */
    public String summary() {
        return ok() ? String.format(java.util.Locale.ROOT, "iperf3 test: %d bytes sent, %d received, %.2f Mbit/s",
                bytesSent(), bytesReceived(), receivedBitsPerSecond() / 1e6) : "iperf3 test failed: " + error();
    }

    @Override
    public String toString() {
        return toJsonString(false);
    }
}
