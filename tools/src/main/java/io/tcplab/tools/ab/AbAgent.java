package io.tcplab.tools.ab;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.tcplab.tun.Namespace;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketException;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Host B's half of {@code ab --remote}: kernel TCP receivers on request ({@link AgentProtocol}),
 * one control connection at a time. For each run it opens a fresh listener, counts and hashes what
 * arrives up to the FIN, and samples the count every interval on its own clock, so the bytes and
 * the goodput of the comparison are measured where they arrive, as the local ab's receiver does.
 */
public final class AbAgent implements AutoCloseable {
    private static final int CHUNK = 1 << 16;
    private static final int ACCEPT_TIMEOUT_MILLIS = 60_000;

    private final ServerSocket control;
    private final Namespace namespace;
    private final PrintWriter log;
    private final AtomicInteger runs = new AtomicInteger();
    private final Thread thread;
    private volatile boolean closed;

    private AbAgent(ServerSocket control, Namespace namespace, PrintWriter log) {
        this.control = control;
        this.namespace = namespace;
        this.log = log;
        this.thread = new Thread(this::serve, "tcplab-ab-agent");
        thread.setDaemon(true);
    }

    /** Listens on {@code port} (all addresses) in {@code namespace}; {@code log} gets a line per run. */
    public static AbAgent start(Namespace namespace, int port, PrintWriter log) {
        ServerSocket s = namespace.inside(() -> {
            ServerSocket ss = new ServerSocket();
            ss.setReuseAddress(true);
            ss.bind(new InetSocketAddress(port));
            return ss;
        });
        AbAgent a = new AbAgent(s, namespace, log);
        a.thread.start();
        return a;
    }

    public int port() {
        return control.getLocalPort();
    }

    /** Receive runs finished so far. */
    public int runs() {
        return runs.get();
    }

    private void serve() {
        while (!closed) {
            try (Socket s = control.accept(); AgentProtocol p = new AgentProtocol(s)) {
                session(p);
            } catch (SocketException e) {
                if (closed) {
                    return; // close() closed the listener
                }
                say("control connection ended: %s", e.getMessage());
            } catch (IOException | RuntimeException e) {
                say("control connection failed: %s", e.getMessage());
            }
        }
    }

    private void session(AgentProtocol p) throws IOException {
        for (ObjectNode m; (m = p.read()) != null; ) {
            String op = m.path("op").asText();
            switch (op) {
                case "receive" -> {
                    long interval = m.path("sampleIntervalNanos").asLong(100_000_000L);
                    if (interval <= 0) {
                        p.write(AgentProtocol.message().put("error", "sampleIntervalNanos must be above 0"));
                        continue;
                    }
                    receive(p, interval);
                }
                case "bye" -> {
                    return;
                }
                default -> p.write(AgentProtocol.message().put("error", "unknown op '" + op
                        + "'; the agent knows receive and bye"));
            }
        }
    }

    /** One run: a fresh listener, its port to A, then the count, hash and samples once the sender's FIN came. */
    private void receive(AgentProtocol p, long intervalNanos) throws IOException {
        try (ServerSocket data = namespace.inside(() -> new ServerSocket(0))) {
            data.setSoTimeout(ACCEPT_TIMEOUT_MILLIS); // A connects right after the reply; a dead A must not hold the agent
            p.write(AgentProtocol.message().put("port", data.getLocalPort()));
            try (Socket s = data.accept()) {
                AgentRun r = count(s.getInputStream(), intervalNanos);
                runs.incrementAndGet();
                say("received %d bytes in %.3f s (%.2f Mbit/s) from %s, sha256 %s", r.bytes(), r.durationNanos() / 1e9,
                        r.durationNanos() > 0 ? r.bytes() * 8e3 / r.durationNanos() : 0.0, s.getRemoteSocketAddress(),
                        r.sha256());
                p.write(AgentProtocol.toJson(r));
            }
        }
    }

    private static AgentRun count(InputStream in, long intervalNanos) throws IOException {
        MessageDigest sha = sha256();
        AtomicLong count = new AtomicLong();
        List<Long> at = new ArrayList<>();
        List<Long> bytes = new ArrayList<>();
        long t0 = System.nanoTime();
        // the sampler reads the count the reading thread updates: both sides of one AtomicLong
        Thread sampler = new Thread(() -> {
            long next = t0 + intervalNanos;
            while (!Thread.currentThread().isInterrupted()) {
                long wait = next - System.nanoTime();
                if (wait > 0) {
                    try {
                        Thread.sleep(wait / 1_000_000, (int) (wait % 1_000_000));
                    } catch (InterruptedException e) {
                        return;
                    }
                }
                synchronized (at) {
                    at.add(System.nanoTime() - t0);
                    bytes.add(count.get());
                }
                next += intervalNanos;
            }
        }, "tcplab-ab-agent-sampler");
        sampler.setDaemon(true);
        sampler.start();
        byte[] chunk = new byte[CHUNK];
        try {
            for (int n; (n = in.read(chunk)) >= 0; ) {
                sha.update(chunk, 0, n);
                count.addAndGet(n);
            }
        } finally {
            sampler.interrupt();
            try {
                sampler.join(1000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        long duration = System.nanoTime() - t0;
        synchronized (at) {
            at.add(duration);
            bytes.add(count.get());
            return new AgentRun(count.get(), HexFormat.of().formatHex(sha.digest()), duration, at, bytes);
        }
    }

    static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java has SHA-256", e);
        }
    }

    private void say(String format, Object... args) {
        if (log != null) {
            synchronized (log) {
                log.printf(Locale.ROOT, format + "%n", args);
                log.flush();
            }
        }
    }

    /** Stops listening; a run under way ends with its connection. */
    @Override
    public void close() {
        closed = true;
        try {
            control.close();
        } catch (IOException ignored) {
            // closing a listener: nothing to report
        }
        try {
            thread.join(5000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
