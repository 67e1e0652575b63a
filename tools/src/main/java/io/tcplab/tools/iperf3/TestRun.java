package io.tcplab.tools.iperf3;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.tcplab.stack.conn.Connection;
import io.tcplab.stack.conn.ConnectionError;
import io.tcplab.stack.conn.ConnectionHandler;
import io.tcplab.stack.conn.ConnectionInfo;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;

/**
 * The part of one iperf3 test both ends share: the data streams, who sends, counting bytes while
 * the test runs, one-second intervals, the results JSON exchanged with the peer, and the final
 * {@code -J} document. Client and server wrap it in their control-connection state machines.
 * Driver thread only.
 */
final class TestRun {
    static final String VERSION = "tcplab iperf3-compatible (protocol of iperf 3.12)";
    static final String CLIENT_VERSION = "3.12"; // what we claim in PARAM_EXCHANGE
    private static final long SECOND = 1_000_000_000L;
    private static final JsonNodeFactory F = JsonNodeFactory.instance;

    final Iperf3Loop loop;
    final Iperf3Params params;
    final byte[] cookie;
    final boolean server;
    /** Whether this end writes the data (client forward, server reverse). */
    final boolean sender;
    final List<DataStream> streams = new ArrayList<>();
    private final byte[] block;
    private final byte[] scratch = new byte[64 * 1024];
    private final Runnable onLimit;
    private final long createdWallMillis = System.currentTimeMillis();

    private boolean running;
    private boolean stopped;
    private long startNanos;
    private long endNanos;
    private long bytesSent;
    private long bytesReceived;
    private final ArrayNode intervals = F.arrayNode();
    private long lastIntervalNanos;
    private Iperf3Loop.Timer intervalTimer;
    private long[] cpuStart;

    /** {@code onLimit} runs once when a byte-limited test (-n) has sent or received its bytes. */
    TestRun(Iperf3Loop loop, Iperf3Params params, byte[] cookie, boolean server, Runnable onLimit) {
        this.loop = loop;
        this.params = params;
        this.cookie = cookie;
        this.server = server;
        this.sender = server == params.reverse();
        this.onLimit = onLimit;
        this.block = new byte[params.blockSize()];
        new SplittableRandom(System.nanoTime()).nextBytes(block); // iperf3 sends random bytes too
    }

    /** iperf3 numbers streams 1, 3, 4, 5, ... on both ends, and matches results by that id. */
    DataStream addStream(Connection c, int preambleBytes) {
        int id = streams.isEmpty() ? 1 : streams.size() + 2;
        DataStream s = new DataStream(id, c);
        s.preamble = preambleBytes;
        streams.add(s);
        c.setHandler(s);
        return s;
    }

    boolean running() {
        return running;
    }

    boolean stopped() {
        return stopped;
    }

    /** TEST_RUNNING: counting starts, the sender starts writing, the interval timer starts. */
    void start(long now) {
        running = true;
        startNanos = now;
        lastIntervalNanos = now;
        cpuStart = cpuTicks();
        for (DataStream s : streams) {
            s.startCounters();
        }
        scheduleInterval(now);
        for (DataStream s : streams) {
            s.pump(now);
            s.drain(now);
        }
    }

    private void scheduleInterval(long now) {
        long next = lastIntervalNanos + SECOND;
        intervalTimer = loop.schedule(next - now, () -> {
            if (running) {
                long t = loop.now();
                addInterval(t);
                scheduleInterval(t);
            }
        });
    }

    /** TEST_END: counting and writing stop; the last partial interval is recorded. */
    void stop(long now) {
        if (stopped) {
            return;
        }
        stopped = true;
        if (!running) {
            startNanos = now;
            lastIntervalNanos = now;
            cpuStart = cpuTicks();
        }
        running = false;
        endNanos = now;
        if (intervalTimer != null) {
            intervalTimer.cancel();
        }
        if (now - lastIntervalNanos > SECOND / 100 || intervals.isEmpty()) {
            addInterval(now);
        }
    }

    /** Closes every data stream (unread data makes it a reset, as when iperf3 closes its sockets). */
    void closeStreams(long now) {
        for (DataStream s : streams) {
            s.conn.close(now);
        }
    }

    void abortStreams(long now) {
        for (DataStream s : streams) {
            s.conn.abort(now);
        }
    }

    /** Every byte written has been acknowledged by the peer. */
    boolean allAcked() {
        for (DataStream s : streams) {
            if (s.conn.info().bytesAcked() < s.preamble + s.bytes) {
                return false;
            }
        }
        return true;
    }

    double seconds() {
        return (endNanos - startNanos) / 1e9;
    }

    private void addInterval(long now) {
        double start = (lastIntervalNanos - startNanos) / 1e9;
        double end = (now - startNanos) / 1e9;
        double secs = end - start;
        ArrayNode ss = F.arrayNode();
        long sumBytes = 0;
        long sumRetrans = 0;
        for (DataStream s : streams) {
            long bytes = s.bytes - s.intervalBytes;
            s.intervalBytes = s.bytes;
            ObjectNode o = ss.addObject();
            o.put("socket", s.id);
            o.put("start", start);
            o.put("end", end);
            o.put("seconds", secs);
            o.put("bytes", bytes);
            o.put("bits_per_second", bps(bytes, secs));
            if (sender) {
                ConnectionInfo info = s.conn.info();
                long r = info.segmentsRetransmitted() - s.intervalRetrans;
                s.intervalRetrans = info.segmentsRetransmitted();
                s.sample(info);
                sumRetrans += r;
                o.put("retransmits", r);
                o.put("snd_cwnd", info.cwndBytes());
                o.put("rtt", info.srttNanos() / 1000);
                o.put("pmtu", info.mss() + 40);
            }
            o.put("omitted", false);
            o.put("sender", sender);
            sumBytes += bytes;
        }
        ObjectNode sum = F.objectNode();
        sum.put("start", start);
        sum.put("end", end);
        sum.put("seconds", secs);
        sum.put("bytes", sumBytes);
        sum.put("bits_per_second", bps(sumBytes, secs));
        if (sender) {
            sum.put("retransmits", sumRetrans);
        }
        sum.put("omitted", false);
        sum.put("sender", sender);
        ObjectNode iv = intervals.addObject();
        iv.set("streams", ss);
        iv.set("sum", sum);
        lastIntervalNanos = now;
    }

    private static double bps(long bytes, double seconds) {
        return seconds > 0 ? bytes * 8 / seconds : 0;
    }

    // ================================================================ results

    String congestionControl() {
        return streams.isEmpty() ? "reno" : streams.get(0).conn.options().congestionControl;
    }

    /** What this end sends in EXCHANGE_RESULTS. */
    ObjectNode localResults() {
        ObjectNode j = F.objectNode();
        double[] cpu = cpuPercent();
        j.put("cpu_util_total", cpu[0]);
        j.put("cpu_util_user", cpu[1]);
        j.put("cpu_util_system", cpu[2]);
        j.put("sender_has_retransmits", sender ? 1 : -1);
        j.put("congestion_used", congestionControl());
        ArrayNode a = j.putArray("streams");
        for (DataStream s : streams) {
            ObjectNode o = a.addObject();
            o.put("id", s.id);
            o.put("bytes", s.bytes);
            o.put("retransmits", sender ? s.retransmits() : -1);
            o.put("jitter", 0);
            o.put("errors", 0);
            o.put("packets", 0);
            o.put("start_time", 0);
            o.put("end_time", seconds());
        }
        return j;
    }

    /**
     * The {@code -J} document. {@code start} holds what the caller set up (connected,
     * connecting_to or accepted_connection); {@code remote} is the peer's results, or null.
     */
    ObjectNode report(ObjectNode start, JsonNode remote, String error) {
        ObjectNode doc = F.objectNode();
        ObjectNode st = start == null ? F.objectNode() : start;
        ArrayNode connected = F.arrayNode();
        for (DataStream s : streams) {
            ObjectNode c = connected.addObject();
            c.put("socket", s.id);
            c.put("local_host", addressText(s.conn.localAddress()));
            c.put("local_port", s.conn.localPort());
            c.put("remote_host", addressText(s.conn.remoteAddress()));
            c.put("remote_port", s.conn.remotePort());
        }
        st.set("connected", connected);
        st.put("version", VERSION);
        st.put("system_info", System.getProperty("os.name") + " " + System.getProperty("os.version") + " "
                + System.getProperty("os.arch") + ", Java " + System.getProperty("java.version"));
        ObjectNode ts = st.putObject("timestamp");
        ZonedDateTime when = ZonedDateTime.ofInstant(java.time.Instant.ofEpochMilli(createdWallMillis), ZoneOffset.UTC);
        ts.put("time", DateTimeFormatter.ofPattern("EEE, dd MMM yyyy HH:mm:ss 'GMT'", Locale.ROOT).format(when));
        ts.put("timesecs", createdWallMillis / 1000);
        st.put("cookie", Iperf3Protocol.cookieText(cookie));
        if (!streams.isEmpty()) {
            st.put("tcp_mss_default", streams.get(0).conn.info().mss());
        }
        ObjectNode ts2 = st.putObject("test_start");
        ts2.put("protocol", "TCP");
        ts2.put("num_streams", params.parallel());
        ts2.put("blksize", params.blockSize());
        ts2.put("omit", params.omitSeconds());
        ts2.put("duration", params.byteLimited() ? 0 : params.timeSeconds());
        ts2.put("bytes", params.bytes());
        ts2.put("blocks", 0);
        ts2.put("reverse", params.reverse() ? 1 : 0);
        ts2.put("tos", 0);
        ts2.put("target_bitrate", 0);
        doc.set("start", st);
        doc.set("intervals", intervals);
        if (stopped) {
            doc.set("end", end(remote));
        } else {
            doc.putObject("end");
        }
        if (error != null) {
            doc.put("error", error);
        }
        return doc;
    }

    private ObjectNode end(JsonNode remote) {
        ObjectNode end = F.objectNode();
        ArrayNode streamsOut = end.putArray("streams");
        double secs = seconds();
        boolean remoteRetrans = remote != null && remote.path("sender_has_retransmits").asLong(0) == 1;
        long sentBytes = 0;
        long recvBytes = 0;
        long retrans = 0;
        double sentSecs = secs;
        double recvSecs = secs;
        for (DataStream s : streams) {
            JsonNode r = remoteStream(remote, s.id);
            ObjectNode local = F.objectNode();
            local.put("socket", s.id);
            local.put("start", 0);
            local.put("end", secs);
            local.put("seconds", secs);
            local.put("bytes", s.bytes);
            local.put("bits_per_second", bps(s.bytes, secs));
            ObjectNode other = F.objectNode();
            long rBytes = r == null ? 0 : r.path("bytes").asLong(0);
            double rEnd = r == null ? secs : r.path("end_time").asDouble(secs);
            other.put("socket", s.id);
            other.put("start", 0);
            other.put("end", rEnd);
            other.put("seconds", rEnd);
            other.put("bytes", rBytes);
            other.put("bits_per_second", bps(rBytes, rEnd));
            if (sender) {
                local.put("retransmits", s.retransmits());
                local.put("max_snd_cwnd", s.maxCwnd);
                local.put("max_rtt", s.maxRttMicros);
                local.put("min_rtt", s.rttSamples == 0 ? 0 : s.minRttMicros);
                local.put("mean_rtt", s.rttSamples == 0 ? 0 : s.sumRttMicros / s.rttSamples);
                local.put("sender", true);
                other.put("sender", true);
                retrans += s.retransmits();
                sentBytes += s.bytes;
                recvBytes += rBytes;
                recvSecs = rEnd;
            } else {
                if (remoteRetrans) {
                    other.put("retransmits", r == null ? 0 : r.path("retransmits").asLong(0));
                    retrans += r == null ? 0 : r.path("retransmits").asLong(0);
                }
                local.put("sender", false);
                other.put("sender", false);
                sentBytes += rBytes;
                recvBytes += s.bytes;
                sentSecs = rEnd;
            }
            ObjectNode pair = streamsOut.addObject();
            pair.set("sender", sender ? local : other);
            pair.set("receiver", sender ? other : local);
        }
        ObjectNode sent = end.putObject("sum_sent");
        sent.put("start", 0);
        sent.put("end", sentSecs);
        sent.put("seconds", sentSecs);
        sent.put("bytes", sentBytes);
        sent.put("bits_per_second", bps(sentBytes, sentSecs));
        if (sender || remoteRetrans) {
            sent.put("retransmits", retrans);
        }
        sent.put("sender", sender);
        ObjectNode recv = end.putObject("sum_received");
        recv.put("start", 0);
        recv.put("end", recvSecs);
        recv.put("seconds", recvSecs);
        recv.put("bytes", recvBytes);
        recv.put("bits_per_second", bps(recvBytes, recvSecs));
        recv.put("sender", sender);
        ObjectNode cpu = end.putObject("cpu_utilization_percent");
        double[] c = cpuPercent();
        cpu.put("host_total", c[0]);
        cpu.put("host_user", c[1]);
        cpu.put("host_system", c[2]);
        cpu.put("remote_total", remote == null ? 0 : remote.path("cpu_util_total").asDouble(0));
        cpu.put("remote_user", remote == null ? 0 : remote.path("cpu_util_user").asDouble(0));
        cpu.put("remote_system", remote == null ? 0 : remote.path("cpu_util_system").asDouble(0));
        String remoteCc = remote == null ? null : remote.path("congestion_used").asText(null);
        end.put(sender ? "sender_tcp_congestion" : "receiver_tcp_congestion", congestionControl());
        if (remoteCc != null) {
            end.put(sender ? "receiver_tcp_congestion" : "sender_tcp_congestion", remoteCc);
        }
        return end;
    }

    private static JsonNode remoteStream(JsonNode remote, int id) {
        if (remote == null) {
            return null;
        }
        for (JsonNode s : remote.path("streams")) {
            if (s.path("id").asInt(-1) == id) {
                return s;
            }
        }
        return null;
    }

    static String addressText(byte[] a) {
        try {
            return InetAddress.getByAddress(a).getHostAddress();
        } catch (UnknownHostException e) {
            return "?";
        }
    }

    // ================================================================ CPU, from /proc/self/stat (Linux)

    /** user and system clock ticks of this process, or null where /proc is missing. */
    private static long[] cpuTicks() {
        try {
            String s = Files.readString(Path.of("/proc/self/stat"));
            String[] f = s.substring(s.lastIndexOf(')') + 2).split(" ");
            return new long[] {Long.parseLong(f[11]), Long.parseLong(f[12])};
        } catch (Exception e) {
            return null;
        }
    }

    /** total, user, system percent of one CPU over the test (ticks assumed 100 a second, as on Linux). */
    private double[] cpuPercent() {
        long[] now = cpuTicks();
        double wall = seconds();
        if (cpuStart == null || now == null || wall <= 0) {
            return new double[3];
        }
        double user = (now[0] - cpuStart[0]) / 100.0 / wall * 100;
        double sys = (now[1] - cpuStart[1]) / 100.0 / wall * 100;
        return new double[] {user + sys, user, sys};
    }

    // ================================================================ one data stream

    /** A data connection: reads and counts, or writes blocks while the test runs. */
    final class DataStream implements ConnectionHandler {
        final int id;
        final Connection conn;
        long bytes;
        long intervalBytes;
        long retransBase;
        long intervalRetrans;
        long maxCwnd;
        long maxRttMicros;
        long minRttMicros = Long.MAX_VALUE;
        long sumRttMicros;
        long rttSamples;
        private int blockOffset;
        /** Bytes written before the test's own (the client's cookie). */
        int preamble;
        ConnectionError error;
        boolean closed;

        DataStream(int id, Connection conn) {
            this.id = id;
            this.conn = conn;
        }

        void startCounters() {
            long r = conn.info().segmentsRetransmitted();
            retransBase = r;
            intervalRetrans = r;
        }

        long retransmits() {
            return conn.info().segmentsRetransmitted() - retransBase;
        }

        void sample(ConnectionInfo info) {
            maxCwnd = Math.max(maxCwnd, info.cwndBytes());
            long rtt = info.srttNanos() / 1000;
            if (rtt > 0) {
                maxRttMicros = Math.max(maxRttMicros, rtt);
                minRttMicros = Math.min(minRttMicros, rtt);
                sumRttMicros += rtt;
                rttSamples++;
            }
        }

        /** Writes blocks while the send buffer takes them, up to the -n limit. */
        void pump(long now) {
            if (!sender || !running) {
                return;
            }
            while (running) {
                int want = block.length - blockOffset;
                if (params.byteLimited()) {
                    long left = params.bytes() - bytesSent;
                    if (left <= 0) {
                        return;
                    }
                    want = (int) Math.min(want, left);
                }
                int n = conn.write(now, block, blockOffset, want);
                if (n <= 0) {
                    return;
                }
                bytes += n;
                bytesSent += n;
                blockOffset = (blockOffset + n) % block.length;
                if (params.byteLimited() && bytesSent >= params.bytes()) {
                    onLimit.run();
                    return;
                }
                if (n < want) {
                    return;
                }
            }
        }

        /** Reads what arrived; counts it while the test runs. */
        void drain(long now) {
            while (true) {
                int n = conn.read(now, scratch, 0, scratch.length);
                if (n <= 0) {
                    return;
                }
                if (running && !sender) {
                    bytes += n;
                    bytesReceived += n;
                    if (params.byteLimited() && bytesReceived >= params.bytes()) {
                        onLimit.run();
                    }
                }
            }
        }

        @Override
        public void onReadable(Connection connection, long nowNanos) {
            drain(nowNanos);
        }

        @Override
        public void onWritable(Connection connection, long nowNanos) {
            pump(nowNanos);
        }

        @Override
        public void onClosed(Connection connection, ConnectionError err, long nowNanos) {
            closed = true;
            error = err;
        }
    }
}
