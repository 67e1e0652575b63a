package io.tcplab.tools.ab;

import io.tcplab.tun.Namespace;
import io.tcplab.tun.TunException;
import io.tcplab.tun.CommandResult;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Runs {@code ss -teinH dst PEER} in a namespace every interval on its own thread and keeps the
 * lines of one socket (local port, peer port): the kernel sender's state over time. A process per
 * sample costs a few milliseconds, so intervals much below 100 ms are not kept.
 */
public final class SsSampler {
    /** One sample: when ({@code System.nanoTime}) and what ss said. */
    public record Timed(long atNanos, SsParser.Socket socket) {
    }

    private final Namespace host;
    private final String peerAddress;
    private final int peerPort;
    private final long intervalNanos;
    private final List<Timed> samples = new ArrayList<>();
    private volatile int localPort = -1;
    private volatile boolean running;
    private Thread thread;

    public SsSampler(Namespace host, String peerAddress, int peerPort, long intervalNanos) {
        this.host = host;
        this.peerAddress = peerAddress;
        this.peerPort = peerPort;
        this.intervalNanos = intervalNanos;
    }

    /** Which socket to keep; samples before this is known are skipped. */
    public void localPort(int port) {
        localPort = port;
    }

    public void start(String threadName) {
        running = true;
        thread = new Thread(this::loop, threadName);
        thread.setDaemon(true);
        thread.start();
    }

    private void loop() {
        long next = System.nanoTime();
        while (running) {
            try {
                sampleOnce();
            } catch (TunException e) {
                if (!running) {
                    return; // stop() interrupted the ss process under way: not an error
                }
                throw e;
            }
            next += intervalNanos;
            long wait = next - System.nanoTime();
            if (wait > 0) {
                try {
                    TimeUnit.NANOSECONDS.sleep(wait);
                } catch (InterruptedException e) {
                    return;
                }
            } else {
                next = System.nanoTime();
            }
        }
    }

    public void stop() throws InterruptedException {
        running = false;
        if (thread != null) {
            thread.interrupt();
            thread.join(5000);
        }
    }

    /** Takes one sample now (also after {@link #stop()}: the final state, before the socket goes). */
    public void sampleOnce() {
        int port = localPort;
        if (port < 0) {
            return;
        }
        long at = System.nanoTime();
        // -e: ss (iproute2 6.1) prints the negotiated options (ts sack ecn) only in its extended form
        CommandResult r = host.exec(Duration.ofSeconds(5), "ss", "-teinH", "dst", peerAddress);
        if (!r.ok()) {
            return;
        }
        for (SsParser.Socket s : SsParser.parse(r.stdout())) {
            if (s.localPort() == port && s.peerPort() == peerPort && s.mss() > 0) {
                synchronized (this) {
                    samples.add(new Timed(at, s));
                }
            }
        }
    }

    public synchronized List<Timed> samples() {
        return List.copyOf(samples);
    }

    /** The latest sample's socket, or null if ss never showed it. */
    public synchronized SsParser.Socket last() {
        return samples.isEmpty() ? null : samples.get(samples.size() - 1).socket();
    }

    /** The samples as A/B {@link Sample}s, timed from {@code t0}. */
    public List<Sample> asSamples(long t0) {
        return samples().stream().map(t -> new Sample(t.atNanos() - t0, t.socket().cwndBytes(),
                Math.round(t.socket().rttMillis() * 1e6), t.socket().retransmitsTotal(), t.socket().bytesAcked()))
                .toList();
    }
}
