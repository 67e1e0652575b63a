package io.tcplab.tools.realhost;

import io.tcplab.stack.StackStats;
import io.tcplab.tun.RealTimeDriver;
import java.util.ArrayList;
import java.util.List;

/**
 * The sessions of {@code tcplab serve}: a listener that gives each connection it accepts a
 * {@link Session} of the mode, and the sessions still live. Each finished session carries the
 * stack's counters as they were when it finished.
 */
public final class SessionServer {
    private final Endpoint ep;
    private final List<Session> live = new ArrayList<>(); // the driver thread's while it runs
    private int peakLive; // the driver thread's while it runs
    private final StackStats stats; // the stack's; read off the driver thread only once it stopped
    private StackReport stackReport;

    private SessionServer(Endpoint ep) {
        this.ep = ep;
        RealTimeDriver d = ep.driver();
        this.stats = d.call(() -> d.stack().stats());
    }

    /** Listens on {@code port}: connection number n gets {@code mode}'s session n, the first one the trace file. */
    public static SessionServer listen(Endpoint ep, int port, ServeMode mode, long sourceBytes) {
        SessionServer server = new SessionServer(ep);
        RealTimeDriver d = ep.driver();
        int[] accepted = {0};
        d.call(() -> d.stack().listen(port, ep.options(), (c, now) -> {
            Session s = mode.newSession(++accepted[0], sourceBytes);
            server.live.add(s);
            server.peakLive = Math.max(server.peakLive, server.live.size());
            ep.traceFirst(c, now);
            s.onEstablished(c, now); // a passive open reports establishment through this accept
            return s;
        }));
        return server;
    }

    /** The sessions that finished since the last call, in the order they were accepted. */
    public List<Session> finished() {
        RealTimeDriver d = ep.driver();
        return d.call(() -> {
            long now = d.now();
            List<Session> out = new ArrayList<>();
            for (int i = 0; i < live.size(); i++) {
                Session s = live.get(i);
                s.tick(now);
                if (s.isFinished()) {
                    s.stackCounters(StackCounters.of(stats));
                    out.add(s);
                    live.remove(i--);
                }
            }
            return out;
        });
    }

    /** Our own stop: the live sessions are marked cut short, and the stack's report is taken. */
    public void stop() {
        RealTimeDriver d = ep.driver();
        d.call(() -> {
            long now = d.now();
            live.forEach(s -> {
                s.tick(now);
                s.interrupt();
            });
            stackReport = StackReport.of(d.stack().stats(), peakLive);
            return null;
        });
    }

    /** Once the driver has stopped: the sessions still live that can report, finished as they stand at {@code now}. */
    public List<Session> cutShort(long now) {
        List<Session> out = new ArrayList<>();
        for (Session s : live) { // the driver has stopped: what was left is ours to read
            s.finishAfterStop(now);
            if (s.isFinished()) {
                s.stackCounters(StackCounters.of(stats));
                out.add(s);
            }
        }
        return out;
    }

    /** What the whole stack saw, taken by {@link #stop()}; null before. */
    public StackReport stackReport() {
        return stackReport;
    }
}
