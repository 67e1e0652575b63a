package io.tcplab.stack.conn;

/** RFC 9293 §3.8.4 (RFC 1122 §4.2.3.6): probe an idle connection; give up after the configured probes. */
final class KeepAlive {
    private final Connection c;
    private final ConnectionOptions options;
    private final SegmentEmitter emitter;
    private final TimerTable timers;
    private long lastHeardNanos;
    private int probesSent;
    /** Idle time before the first probe: the options', unless changed since. */
    private long idleNanos;

    KeepAlive(Connection c, ConnectionOptions options, SegmentEmitter emitter, TimerTable timers) {
        this.c = c;
        this.options = options;
        this.emitter = emitter;
        this.timers = timers;
        this.idleNanos = options.keepAliveIdleNanos;
    }

    /** A new idle time (Linux TCP_KEEPIDLE on an open socket); 0 turns probing off. A running timer moves to it. */
    void setIdle(long now, long nanos) {
        idleNanos = nanos;
        if (timers.armed(TimerKind.KEEPALIVE)) {
            timers.cancel(TimerKind.KEEPALIVE);
            if (nanos > 0) {
                timers.arm(TimerKind.KEEPALIVE, Math.max(now, lastHeardNanos + nanos)); // idle since the peer was last heard
            }
        }
    }

    /** A segment came from the peer: it is alive. */
    void heard(long now) {
        lastHeardNanos = now;
        probesSent = 0;
    }

    void arm(long now) {
        if (idleNanos > 0) {
            timers.arm(TimerKind.KEEPALIVE, now + idleNanos);
        }
    }

    void onTimer(long now, long sndUna) {
        long idleUntil = lastHeardNanos + idleNanos;
        if (now < idleUntil) {
            timers.arm(TimerKind.KEEPALIVE, idleUntil);
            return;
        }
        if (probesSent >= options.keepAliveProbes) {
            c.closing.enterClosed(now, ConnectionError.TIMEOUT);
            return;
        }
        probesSent++;
        emitter.probe(now, sndUna - 1);
        timers.arm(TimerKind.KEEPALIVE, now + options.keepAliveIntervalNanos);
    }
}
