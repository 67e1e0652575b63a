package io.tcplab.tools.iperf3;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;

/**
 * A test's parameters as the client sends them in PARAM_EXCHANGE: {@code parallel} streams (-P),
 * {@code reverse} (-R: the server sends), {@code timeSeconds} (-t) or {@code bytes} (-n, which
 * wins when both are set, as in iperf3), {@code blockSize} (-l).
 */
public record Iperf3Params(int parallel, boolean reverse, int timeSeconds, long bytes, int blockSize, int omitSeconds) {
    /** iperf3's own upper bound on -P. */
    public static final int MAX_STREAMS = 128;

    public Iperf3Params {
        if (parallel < 1 || parallel > MAX_STREAMS) {
            throw new IllegalArgumentException("parallel streams must be 1 to " + MAX_STREAMS + ", got " + parallel);
        }
        if (timeSeconds < 0) {
            throw new IllegalArgumentException("time must be >= 0 seconds, got " + timeSeconds);
        }
        if (bytes < 0) {
            throw new IllegalArgumentException("bytes must be >= 0, got " + bytes);
        }
        if (blockSize < 1 || blockSize > (16 << 20)) {
            throw new IllegalArgumentException("block size must be 1 byte to 16 MiB, got " + blockSize);
        }
        if (omitSeconds < 0) {
            throw new IllegalArgumentException("omit must be >= 0 seconds, got " + omitSeconds);
        }
    }

    /** iperf3's defaults: one stream, forward, 10 s, 128 KiB blocks. */
    public static Iperf3Params defaults() {
        return new Iperf3Params(1, false, Iperf3Protocol.DEFAULT_TIME_SECONDS, 0, Iperf3Protocol.DEFAULT_BLOCK_SIZE, 0);
    }

    public Iperf3Params withParallel(int n) {
        return new Iperf3Params(n, reverse, timeSeconds, bytes, blockSize, omitSeconds);
    }

    public Iperf3Params withReverse(boolean r) {
        return new Iperf3Params(parallel, r, timeSeconds, bytes, blockSize, omitSeconds);
    }

    /** A time-limited test (-t); clears a byte limit. */
    public Iperf3Params withTime(int seconds) {
        return new Iperf3Params(parallel, reverse, seconds, 0, blockSize, omitSeconds);
    }

    /** A byte-limited test (-n); the time limit no longer applies. */
    public Iperf3Params withBytes(long n) {
        return new Iperf3Params(parallel, reverse, 0, n, blockSize, omitSeconds);
    }

    public Iperf3Params withBlockSize(int n) {
        return new Iperf3Params(parallel, reverse, timeSeconds, bytes, n, omitSeconds);
    }

    /** Whether the test ends on bytes (-n) rather than time. */
    public boolean byteLimited() {
        return bytes > 0;
    }

    /** The JSON the client sends, with iperf3's field names. */
    public ObjectNode toJson(String clientVersion) {
        ObjectNode j = JsonNodeFactory.instance.objectNode();
        j.put("tcp", true);
        j.put("omit", omitSeconds);
        j.put("time", byteLimited() ? 0 : timeSeconds);
        j.put("num", bytes);
        j.put("blockcount", 0);
        j.put("parallel", parallel);
        if (reverse) {
            j.put("reverse", true);
        }
        j.put("len", blockSize);
        j.put("pacing_timer", 1000);
        j.put("client_version", clientVersion);
        return j;
    }

    /**
     * Reads a client's parameters; {@code unsupported} collects the iperf3 options present that
     * this endpoint does not implement (UDP, bidirectional, block counts, rate limits...).
     */
    public static Iperf3Params fromJson(JsonNode j, List<String> unsupported) {
        if (j.path("udp").asBoolean(false)) {
            unsupported.add("UDP (-u)");
        }
        if (j.has("sctp")) {
            unsupported.add("SCTP (--sctp)");
        }
        if (j.path("bidirectional").asBoolean(false)) {
            unsupported.add("bidirectional (--bidir)");
        }
        if (j.path("blockcount").asLong(0) > 0) {
            unsupported.add("block count (-k)");
        }
        if (j.path("bandwidth").asLong(0) > 0) {
            unsupported.add("bitrate limit (-b)");
        }
        int parallel = j.path("parallel").asInt(1);
        int len = j.path("len").asInt(Iperf3Protocol.DEFAULT_BLOCK_SIZE);
        return new Iperf3Params(parallel, j.path("reverse").asBoolean(false), j.path("time").asInt(0),
                j.path("num").asLong(0), len <= 0 ? Iperf3Protocol.DEFAULT_BLOCK_SIZE : len, j.path("omit").asInt(0));
    }
}
