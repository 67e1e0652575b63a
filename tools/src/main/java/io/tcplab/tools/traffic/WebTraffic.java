package io.tcplab.tools.traffic;

import io.tcplab.stack.TcpStack;
import io.tcplab.stack.conn.ConnectionOptions;
import io.tcplab.tools.emu.HostNode;
import java.util.SplittableRandom;

/**
 * Web pages of a {@link WebModel} between a server host and a client host. The server pushes
 * each response: it opens the connection to the client (which listens on {@code port} with
 * {@link DiscardSink}s) and sends the object's bytes, so no request bytes are modeled. With
 * {@code persistent} a page's objects go back to back over one connection; otherwise every
 * object has its own connection, all opened when the page starts. Users start at random times
 * within their first think time, then follow the model until {@code stopNanos}.
 */
public final class WebTraffic {
    private final WebModel model;
    private final HostNode server;
    private final TcpStack serverStack;
    private final byte[] clientAddress;
    private final int port;
    private final ConnectionOptions options;
    private final SplittableRandom random;
    private final double thinkScale;
    private final long stopNanos;
    private long pages;
    private long objects;
    private long connections;

    public WebTraffic(WebModel model, HostNode server, TcpStack serverStack, byte[] clientAddress, int port,
                      ConnectionOptions options, SplittableRandom random, long stopNanos) {
        this.model = model;
        this.server = server;
        this.serverStack = serverStack;
        this.clientAddress = clientAddress.clone();
        this.port = port;
        this.options = options;
        this.random = random;
        this.thinkScale = model.thinkScale();
        this.stopNanos = stopNanos;
    }

    /** Schedules every user's first page after {@code startNanos}. */
    public void start(long startNanos) {
        for (int u = 0; u < model.effectiveUsers(); u++) {
            schedulePage(startNanos + (long) (random.nextDouble() * think()));
        }
    }

    private void schedulePage(long at) {
        if (at < stopNanos) {
            server.at(at, () -> page(at));
        }
    }

    private void page(long now) {
        pages++;
        int count = objectsOnPage();
        objects += count;
        if (model.persistent()) {
            long bytes = 0;
            for (int i = 0; i < count; i++) {
                bytes += objectBytes();
            }
            open(now, bytes);
        } else {
            for (int i = 0; i < count; i++) {
                open(now, objectBytes());
            }
        }
        schedulePage(now + Math.max(1, (long) think()));
    }

    private void open(long now, long bytes) {
        connections++;
        serverStack.connect(now, clientAddress, port, options, new ZeroSource(bytes));
    }

    /** min(floor(Pareto(objectsAlpha, 1)), maxObjects). */
    int objectsOnPage() {
        double x = pareto(model.objectsAlpha(), 1);
        return (int) Math.min(Math.floor(x), model.maxObjects());
    }

    /** Lognormal body or Pareto tail, capped, at least 1 byte. */
    long objectBytes() {
        double size = random.nextDouble() < model.tailProbability()
                ? pareto(model.tailAlpha(), model.tailBytes())
                : Math.exp(model.bodyMu() + model.bodySigma() * random.nextGaussian());
        return Math.max(1, Math.min(model.maxObjectBytes(), Math.round(size)));
    }

    private double think() {
        return pareto(model.thinkAlpha(), model.thinkNanos()) * thinkScale;
    }

    private double pareto(double alpha, double k) {
        return k / Math.pow(1 - random.nextDouble(), 1 / alpha);
    }

    public long pages() {
        return pages;
    }

    public long objects() {
        return objects;
    }

    public long connections() {
        return connections;
    }
}
