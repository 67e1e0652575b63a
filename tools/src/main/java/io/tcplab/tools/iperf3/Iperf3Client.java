package io.tcplab.tools.iperf3;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.tcplab.stack.conn.Connection;
import io.tcplab.stack.conn.ConnectionError;
import io.tcplab.stack.conn.ConnectionHandler;
import io.tcplab.stack.conn.ConnectionOptions;
import io.tcplab.tun.RealTimeDriver;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * An iperf3 client (like {@code iperf3 -c HOST}) on a tcplab stack, for a stock {@code iperf3 -s}:
 * TCP tests forward or reverse (-R), with parallel streams (-P), limited by time (-t) or bytes
 * (-n). The result is iperf3's {@code -J} document seen from this client; a failed test gives a
 * result whose {@code error} says why (as {@code iperf3 -J} does), never an exception.
 *
 * <pre>{@code
 * Iperf3Result r = Iperf3Client.run(driver, InterfaceAddress.parseAddress("10.77.1.1"), 5201,
 *         Iperf3Params.defaults().withTime(5).withParallel(2), null, Duration.ofSeconds(30));
 * }</pre>
 */
public final class Iperf3Client {
    private static final SecureRandom COOKIES = new SecureRandom();

    private Iperf3Client() {
    }

    /**
     * Runs one test and waits for it: at most the test's own length plus {@code slack} (a test
     * still running then is aborted and its result says so).
     */
    public static Iperf3Result run(RealTimeDriver driver, byte[] address, int port, Iperf3Params params,
                                   ConnectionOptions options, Duration slack) throws InterruptedException {
        return await(Iperf3Loop.of(driver), start(driver, address, port, params, options), params, slack);
    }

    /** Starts one test; the future completes on the driver thread with its result. */
    public static CompletableFuture<Iperf3Result> start(RealTimeDriver driver, byte[] address, int port,
                                                        Iperf3Params params, ConnectionOptions options) {
        return start(Iperf3Loop.of(driver), address, port, params, options);
    }

    static CompletableFuture<Iperf3Result> start(Iperf3Loop loop, byte[] address, int port, Iperf3Params params,
                                                 ConnectionOptions options) {
        ClientTest t = new ClientTest(loop, address, port, params, options);
        loop.execute(t::begin);
        return t.result;
    }

    static Iperf3Result await(Iperf3Loop loop, CompletableFuture<Iperf3Result> f, Iperf3Params params, Duration slack)
            throws InterruptedException {
        long limit = TimeUnit.SECONDS.toNanos(params.byteLimited() ? 0 : params.timeSeconds() + params.omitSeconds())
                + slack.toNanos();
        try {
            return f.get(limit, TimeUnit.NANOSECONDS);
        } catch (TimeoutException e) {
            loop.execute(() -> {
                if (f instanceof ResultFuture rf) {
                    rf.owner.fail(loop.now(), "the test did not finish within " + Duration.ofNanos(limit).toSeconds() + " s", true);
                }
            });
            try {
                return f.get(5, TimeUnit.SECONDS);
            } catch (ExecutionException | TimeoutException e2) {
                throw new Iperf3Exception("the iperf3 test did not finish and could not be stopped", e2);
            }
        } catch (ExecutionException e) {
            throw new Iperf3Exception("the iperf3 client failed: " + e.getCause(), e.getCause());
        }
    }

    private static final class ResultFuture extends CompletableFuture<Iperf3Result> {
        final ClientTest owner;

        ResultFuture(ClientTest owner) {
            this.owner = owner;
        }
    }

    private enum Phase { CONNECTING, NEGOTIATING, RUNNING, ENDING, SERVER_RESULTS, FINISHED }

    private static final class ClientTest implements ConnectionHandler {
        final Iperf3Loop loop;
        final byte[] address;
        final int port;
        final Iperf3Params params;
        final ConnectionOptions options;
        final byte[] cookie = Iperf3Protocol.newCookie(COOKIES);
        final ResultFuture result = new ResultFuture(this);
        final TestRun run;
        ControlChannel ch;
        Phase phase = Phase.CONNECTING;
        JsonNode remote;
        Iperf3Loop.Timer endTimer;
        int streamsOpening;

        ClientTest(Iperf3Loop loop, byte[] address, int port, Iperf3Params params, ConnectionOptions options) {
            this.loop = loop;
            this.address = address;
            this.port = port;
            this.params = params;
            this.options = options;
            this.run = new TestRun(loop, params, cookie, false, this::limitReached);
        }

        void begin() {
            try {
                Connection c = loop.stack().connect(loop.now(), address, port, options, this);
                ch = new ControlChannel(c);
            } catch (RuntimeException e) {
                fail(loop.now(), "unable to connect to the server: " + e.getMessage(), false);
            }
        }

        @Override
        public void onEstablished(Connection c, long now) {
            phase = Phase.NEGOTIATING;
            ch.send(now, cookie);
        }

        @Override
        public void onReadable(Connection c, long now) {
            String error = ch.readMessages(now, t -> phase != Phase.FINISHED && step(t));
            if (error != null) {
                fail(now, error, true);
                return;
            }
            if (ch.eof() && phase != Phase.FINISHED) {
                fail(now, "the server closed the control connection", false);
            }
        }

        private boolean step(long now) {
            if (phase == Phase.SERVER_RESULTS) {
                byte[] json = ch.takeFramed(Iperf3Protocol.MAX_JSON);
                if (json == null) {
                    return false;
                }
                remote = Iperf3Server.parse(json);
                phase = Phase.ENDING;
                return true;
            }
            if (ch.available() < 1) {
                return false;
            }
            if (ch.peekByte() == Iperf3Protocol.SERVER_ERROR) {
                if (ch.available() < 9 && !ch.eof()) {
                    return false; // the two numbers follow
                }
                ch.skip(1);
                String detail = "";
                if (ch.available() >= 8) {
                    int ie = ch.peekInt();
                    ch.skip(4);
                    int errno = ch.peekInt();
                    ch.skip(4);
                    detail = " (iperf3 error " + ie + ", errno " + errno + ")";
                }
                fail(now, "the server reported an error" + detail, false);
                return false;
            }
            onState(ch.takeByte(), now);
            return true;
        }

        private void onState(byte state, long now) {
            switch (state) {
                case Iperf3Protocol.PARAM_EXCHANGE ->
                        ch.send(now, Iperf3Protocol.frame(Iperf3Server.write(params.toJson(TestRun.CLIENT_VERSION))));
                case Iperf3Protocol.CREATE_STREAMS -> openStream(now);
                case Iperf3Protocol.TEST_START -> {
                    // iperf3 sets up its timers here; ours start with TEST_RUNNING
                }
                case Iperf3Protocol.TEST_RUNNING -> {
                    if (run.streams.size() != params.parallel()) {
                        throw new Iperf3Exception("the server started the test with " + run.streams.size()
                                + " of " + params.parallel() + " streams connected");
                    }
                    phase = Phase.RUNNING;
                    run.start(now);
                    if (!params.byteLimited()) {
                        long t = TimeUnit.SECONDS.toNanos(params.timeSeconds() + params.omitSeconds());
                        endTimer = loop.schedule(t, () -> endTest(loop.now()));
                    }
                }
                case Iperf3Protocol.EXCHANGE_RESULTS -> {
                    ch.send(now, Iperf3Protocol.frame(Iperf3Server.write(run.localResults())));
                    phase = Phase.SERVER_RESULTS;
                }
                case Iperf3Protocol.DISPLAY_RESULTS -> {
                    run.closeStreams(now);
                    ch.send(now, Iperf3Protocol.IPERF_DONE);
                    finish(now, null, false);
                }
                case Iperf3Protocol.ACCESS_DENIED ->
                        fail(now, "the server is busy running a test. try again later", false);
                case Iperf3Protocol.SERVER_TERMINATE -> fail(now, "the server has terminated", false);
                default -> throw new Iperf3Exception("unexpected " + Iperf3Protocol.stateName(state) + " from the server");
            }
        }

        /** Streams open one after another, as iperf3's do, so both ends number them alike. */
        private void openStream(long now) {
            streamsOpening++;
            ConnectionHandler opener = new ConnectionHandler() {
                @Override
                public void onEstablished(Connection c, long t) {
                    if (phase == Phase.FINISHED) {
                        c.abort(t);
                        return;
                    }
                    int n = c.write(t, cookie, 0, cookie.length);
                    if (n != cookie.length) {
                        fail(t, "unable to send the cookie on a new stream", true);
                        return;
                    }
                    run.addStream(c, cookie.length);
                    if (streamsOpening < params.parallel()) {
                        openStream(t);
                    }
                }

                @Override
                public void onClosed(Connection c, ConnectionError error, long t) {
                    fail(t, "unable to connect a stream to the server: " + (error == null ? "closed" : error), false);
                }
            };
            try {
                loop.stack().connect(now, address, port, options, opener);
            } catch (RuntimeException e) {
                fail(now, "unable to connect a stream to the server: " + e.getMessage(), true);
            }
        }

        /**
         * -n reached. Receiving, the test ends now. Sending, it ends once the server has
         * acknowledged every byte: our send buffer can hold megabytes, and TEST_END right after
         * the last write would let the server stop counting before most of them arrived.
         */
        private void limitReached() {
            if (!run.sender || run.allAcked()) {
                endTest(loop.now());
            } else if (endTimer == null) {
                pollAcked();
            }
        }

        private void pollAcked() {
            endTimer = loop.schedule(TimeUnit.MILLISECONDS.toNanos(2), () -> {
                if (phase == Phase.RUNNING) {
                    if (run.allAcked()) {
                        endTest(loop.now());
                    } else {
                        pollAcked();
                    }
                }
            });
        }

        /** The time or the bytes are up: TEST_END, and the server leads the rest. */
        private void endTest(long now) {
            if (phase != Phase.RUNNING) {
                return;
            }
            phase = Phase.ENDING;
            if (endTimer != null) {
                endTimer.cancel();
            }
            run.stop(now);
            ch.send(now, Iperf3Protocol.TEST_END);
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
            if (phase == Phase.CONNECTING) {
                fail(now, "unable to connect to the server: " + (error == null ? "closed" : error), false);
            } else {
                fail(now, "the control connection " + (error == null ? "closed" : "failed: " + error), false);
            }
        }

        void fail(long now, String message, boolean abort) {
            if (phase == Phase.FINISHED) {
                return;
            }
            if (ch != null && phase.compareTo(Phase.NEGOTIATING) >= 0 && abort) {
                ch.send(now, Iperf3Protocol.CLIENT_TERMINATE);
            }
            run.stop(now);
            finish(now, message, abort);
        }

        private void finish(long now, String error, boolean abort) {
            if (phase == Phase.FINISHED) {
                return;
            }
            phase = Phase.FINISHED;
            if (endTimer != null) {
                endTimer.cancel();
            }
            if (abort) {
                run.abortStreams(now);
            } else {
                run.closeStreams(now);
            }
            if (ch != null) {
                if (abort) {
                    ch.connection().abort(now);
                } else {
                    ch.connection().close(now);
                }
            }
            ObjectNode start = JsonNodeFactory.instance.objectNode();
            ObjectNode to = start.putObject("connecting_to");
            to.put("host", TestRun.addressText(address));
            to.put("port", port);
            result.complete(new Iperf3Result(run.report(start, remote, error)));
        }
    }
}
