package io.tcplab.tools.iperf3;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.tcplab.stack.Listener;
import io.tcplab.stack.conn.Connection;
import io.tcplab.stack.conn.ConnectionError;
import io.tcplab.stack.conn.ConnectionHandler;
import io.tcplab.stack.conn.ConnectionOptions;
import io.tcplab.tun.RealTimeDriver;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Consumer;

/**
 * An iperf3 server (like {@code iperf3 -s}) on a tcplab stack: a stock {@code iperf3 -c} reaches
 * it and runs TCP tests, forward or reverse (-R), with parallel streams (-P), limited by time (-t)
 * or bytes (-n). One test at a time; a client arriving meanwhile gets ACCESS_DENIED, as from
 * iperf3. Each finished test yields an {@link Iperf3Result} in iperf3's {@code -J} shape, seen
 * from the server.
 *
 * <pre>{@code
 * try (Iperf3Server s = Iperf3Server.start(driver, 5201, Iperf3Server.Options.defaults().oneOff(true))) {
 *     Iperf3Result r = s.awaitResult(Duration.ofSeconds(60));
 * }
 * }</pre>
 */
public final class Iperf3Server implements AutoCloseable {
    /**
     * @param oneOff stop listening after the first test (iperf3 -s -1)
     * @param connectionOptions for the accepted connections; null for the stack's defaults
     * @param onResult called on the driver thread with each test's result; may be null
     */
    public record Options(boolean oneOff, ConnectionOptions connectionOptions, Consumer<Iperf3Result> onResult) {
        public static Options defaults() {
            return new Options(false, null, null);
        }

        public Options oneOff(boolean b) {
            return new Options(b, connectionOptions, onResult);
        }

        public Options connectionOptions(ConnectionOptions o) {
            return new Options(oneOff, o, onResult);
        }

        public Options onResult(Consumer<Iperf3Result> c) {
            return new Options(oneOff, connectionOptions, c);
        }
    }

    private final Iperf3Loop loop;
    private final int port;
    private final Options options;
    private final LinkedBlockingQueue<Iperf3Result> results = new LinkedBlockingQueue<>();
    private final CompletableFuture<Void> finished = new CompletableFuture<>();
    private Listener listener;
    private ServerTest current;
    private boolean closed;

    private Iperf3Server(Iperf3Loop loop, int port, Options options) {
        this.loop = loop;
        this.port = port;
        this.options = options;
    }

    /** Listens on {@code port} of the driver's stack (5201 is iperf3's). */
    public static Iperf3Server start(RealTimeDriver driver, int port, Options options) {
        Iperf3Server s = new Iperf3Server(Iperf3Loop.of(driver), port, options == null ? Options.defaults() : options);
        driver.call(() -> {
            s.listen();
            return null;
        });
        return s;
    }

    static Iperf3Server start(Iperf3Loop loop, int port, Options options) {
        Iperf3Server s = new Iperf3Server(loop, port, options == null ? Options.defaults() : options);
        loop.execute(s::listen);
        return s;
    }

    private void listen() {
        listener = loop.stack().listen(port, options.connectionOptions(), (conn, now) -> new Greeting(conn));
    }

    public int port() {
        return port;
    }

    /** The next finished test's result, in the order they finished. */
    public Iperf3Result awaitResult(Duration timeout) throws InterruptedException, TimeoutException {
        Iperf3Result r = results.poll(timeout.toNanos(), TimeUnit.NANOSECONDS);
        if (r == null) {
            throw new TimeoutException("no iperf3 test finished within " + timeout);
        }
        return r;
    }

    /** A finished test's result if one is waiting, else null. */
    public Iperf3Result pollResult() {
        return results.poll();
    }

    /** Completes when the server stops: after its one test when one-off, or on {@link #close}. */
    public CompletableFuture<Void> finished() {
        return finished;
    }

    /** Stops listening; a test still running is cut off (its result carries an error). */
    @Override
    public void close() {
        try {
            loop.execute(this::shutdown);
        } catch (RuntimeException stopped) {
            finished.complete(null); // the driver is gone, and everything with it
        }
        try {
            finished.get(5, TimeUnit.SECONDS);
        } catch (Exception e) {
            // best effort
        }
    }

    private void shutdown() {
        if (closed) {
            return;
        }
        closed = true;
        if (listener != null) {
            listener.close();
        }
        if (current != null) {
            current.fail(loop.now(), "the server was stopped", true);
        }
        finished.complete(null);
    }

    private void publish(Iperf3Result r) {
        results.add(r);
        if (options.onResult() != null) {
            options.onResult().accept(r);
        }
        if (options.oneOff()) {
            shutdown();
        }
    }

    // ================================================================ the first 37 bytes of every connection

    /** Reads the cookie, then decides: a new test's control connection, a stream of the current one, or busy. */
    private final class Greeting implements ConnectionHandler {
        private final ControlChannel ch;
        private boolean decided;

        Greeting(Connection conn) {
            this.ch = new ControlChannel(conn);
        }

        @Override
        public void onReadable(Connection c, long now) {
            if (decided) {
                return;
            }
            ch.fill(now, Iperf3Protocol.COOKIE_SIZE);
            if (ch.available() == Iperf3Protocol.COOKIE_SIZE) {
                decided = true;
                byte[] cookie = ch.take(Iperf3Protocol.COOKIE_SIZE);
                if (current == null && !closed) {
                    current = new ServerTest(ch, cookie, now);
                } else if (current != null && current.wantsStream(cookie)) {
                    current.addStream(c, now);
                } else {
                    ch.send(now, Iperf3Protocol.ACCESS_DENIED);
                    c.close(now);
                }
            } else if (ch.eof()) {
                c.close(now);
            }
        }

        @Override
        public void onWritable(Connection c, long now) {
            ch.flush(now);
        }
    }

    // ================================================================ one test

    private enum Phase { PARAMS, STREAMS, RUNNING, CLIENT_RESULTS, DONE_WAIT, FINISHED }

    private final class ServerTest implements ConnectionHandler {
        private final ControlChannel ch;
        private final byte[] cookie;
        private Phase phase = Phase.PARAMS;
        private TestRun run;
        private JsonNode remote;
        private Iperf3Loop.Timer watchdog;

        ServerTest(ControlChannel ch, byte[] cookie, long now) {
            this.ch = ch;
            this.cookie = cookie;
            ch.connection().setHandler(this);
            ch.send(now, Iperf3Protocol.PARAM_EXCHANGE);
            onReadable(ch.connection(), now); // the parameters may be here already
        }

        boolean wantsStream(byte[] c) {
            return phase == Phase.STREAMS && Arrays.equals(c, cookie);
        }

        void addStream(Connection c, long now) {
            TestRun.DataStream s = run.addStream(c, 0);
            s.drain(now);
            if (run.streams.size() == run.params.parallel()) {
                phase = Phase.RUNNING;
                ch.send(now, Iperf3Protocol.TEST_START);
                ch.send(now, Iperf3Protocol.TEST_RUNNING);
                run.start(now);
                if (!run.params.byteLimited()) {
                    long limit = TimeUnit.SECONDS.toNanos(run.params.timeSeconds() + run.params.omitSeconds() + 60L);
                    watchdog = loop.schedule(limit, () -> fail(loop.now(), "the client did not end the test in time", true));
                }
            }
        }

        @Override
        public void onReadable(Connection c, long now) {
            String error = ch.readMessages(now, t -> phase != Phase.FINISHED && step(t));
            if (error != null) {
                fail(now, error, true);
                return;
            }
            if (ch.eof() && phase != Phase.FINISHED) {
                if (phase == Phase.DONE_WAIT) {
                    finish(now, null); // results are exchanged; iperf3 clients may just close
                } else {
                    fail(now, "the client closed the control connection", false);
                }
            }
        }

        /** Handles one message if it is all here. */
        private boolean step(long now) {
            switch (phase) {
                case PARAMS -> {
                    byte[] json = ch.takeFramed(Iperf3Protocol.MAX_JSON);
                    if (json == null) {
                        return false;
                    }
                    JsonNode j = parse(json);
                    List<String> unsupported = new ArrayList<>();
                    Iperf3Params p;
                    try {
                        p = Iperf3Params.fromJson(j, unsupported);
                    } catch (IllegalArgumentException e) {
                        unsupported.add(e.getMessage());
                        p = null;
                    }
                    if (!unsupported.isEmpty()) {
                        serverError(now, "unsupported by tcplab's iperf3 server: " + String.join(", ", unsupported));
                        return false;
                    }
                    run = new TestRun(loop, p, cookie, true, () -> { });
                    phase = Phase.STREAMS;
                    ch.send(now, Iperf3Protocol.CREATE_STREAMS);
                    return true;
                }
                case CLIENT_RESULTS -> {
                    byte[] json = ch.takeFramed(Iperf3Protocol.MAX_JSON);
                    if (json == null) {
                        return false;
                    }
                    remote = parse(json);
                    ch.send(now, Iperf3Protocol.frame(write(run.localResults())));
                    ch.send(now, Iperf3Protocol.DISPLAY_RESULTS);
                    phase = Phase.DONE_WAIT;
                    return true;
                }
                default -> {
                    if (ch.available() < 1) {
                        return false;
                    }
                    byte state = ch.takeByte();
                    onState(state, now);
                    return true;
                }
            }
        }

        private void onState(byte state, long now) {
            switch (state) {
                case Iperf3Protocol.TEST_END -> {
                    if (phase != Phase.RUNNING) {
                        throw new Iperf3Exception("TEST_END before the test ran");
                    }
                    run.stop(now);
                    if (run.sender) {
                        run.closeStreams(now);
                    }
                    phase = Phase.CLIENT_RESULTS;
                    ch.send(now, Iperf3Protocol.EXCHANGE_RESULTS);
                }
                case Iperf3Protocol.IPERF_DONE -> finish(now, null);
                case Iperf3Protocol.CLIENT_TERMINATE -> fail(now, "the client has terminated", false);
                default -> throw new Iperf3Exception("unexpected " + Iperf3Protocol.stateName(state)
                        + " from the client in phase " + phase);
            }
        }

        /** SERVER_ERROR, then iperf3's error number and an errno, as 4-byte big-endian ints. */
        private void serverError(long now, String message) {
            byte[] m = new byte[9];
            m[0] = Iperf3Protocol.SERVER_ERROR;
            putInt(m, 1, Iperf3Protocol.IE_INIT_TEST);
            putInt(m, 5, Iperf3Protocol.EOPNOTSUPP);
            ch.send(now, m);
            fail(now, message, false);
        }

        @Override
        public void onWritable(Connection c, long now) {
            ch.flush(now);
        }

        @Override
        public void onClosed(Connection c, ConnectionError error, long now) {
            if (phase == Phase.FINISHED) {
                return;
            }
            if (phase == Phase.DONE_WAIT) {
                finish(now, null);
            } else {
                fail(now, "the control connection " + (error == null ? "closed" : "failed: " + error), false);
            }
        }

        void fail(long now, String message, boolean abort) {
            if (phase == Phase.FINISHED) {
                return;
            }
            if (run != null) {
                run.stop(now);
            }
            finish(now, message == null ? "failed" : message, abort);
        }

        private void finish(long now, String error) {
            finish(now, error, false);
        }

        private void finish(long now, String error, boolean abort) {
            if (phase == Phase.FINISHED) {
                return;
            }
            phase = Phase.FINISHED;
            if (watchdog != null) {
                watchdog.cancel();
            }
            if (current == this) {
                current = null;
            }
            ObjectNode start = JsonNodeFactory.instance.objectNode();
            ObjectNode acc = start.putObject("accepted_connection");
            Connection c = ch.connection();
            acc.put("host", TestRun.addressText(c.remoteAddress()));
            acc.put("port", c.remotePort());
            ObjectNode doc;
            if (run != null) {
                if (abort) {
                    run.abortStreams(now);
                } else {
                    run.closeStreams(now);
                }
                doc = run.report(start, remote, error);
            } else {
                doc = JsonNodeFactory.instance.objectNode();
                doc.set("start", start);
                doc.putArray("intervals");
                doc.putObject("end");
                doc.put("error", error);
            }
            if (abort) {
                c.abort(now);
            } else {
                c.close(now);
            }
            publish(new Iperf3Result(doc));
        }
    }

    static void putInt(byte[] b, int at, int v) {
        b[at] = (byte) (v >>> 24);
        b[at + 1] = (byte) (v >>> 16);
        b[at + 2] = (byte) (v >>> 8);
        b[at + 3] = (byte) v;
    }

    static JsonNode parse(byte[] json) {
        try {
            return Iperf3Result.MAPPER.readTree(json);
        } catch (IOException e) {
            throw new Iperf3Exception("bad JSON on the control connection: " + e.getMessage().lines().findFirst().orElse(""), e);
        }
    }

    static byte[] write(JsonNode j) {
        try {
            return Iperf3Result.MAPPER.writeValueAsBytes(j);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }
}
