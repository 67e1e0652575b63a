package io.tcplab.stack.conn;

import io.tcplab.stack.rtt.RttEstimator;

/**
 * Zero-window probing (RFC 9293 §3.8.6.1): while data waits and only the peer's window holds it
 * back, the persist timer probes the window, backed off like the RTO. Without it a lost window
 * update would deadlock the connection.
 */
final class Persist {
    private final Connection c;
    private final Sender sender;
    private final SendSequence seq;
    private final RttEstimator rtt;
    private final TimerTable timers;
    private final long maxRtoNanos;
    private int backoff;

    Persist(Connection c, Sender sender, RttEstimator rtt, long maxRtoNanos, TimerTable timers) {
        this.c = c;
        this.sender = sender;
        this.seq = sender.sequence();
        this.rtt = rtt;
        this.maxRtoNanos = maxRtoNanos;
        this.timers = timers;
    }

    /**
     * After a send attempt: arms the timer when only the peer's window holds data back (in place of
     * the RTO: nothing is in flight), else stops it and forgets its backoff.
     */
    void armIfStalled(long now) {
        boolean stalled = stalledByWindow();
        if (stalled && !timers.armed(TimerKind.PERSIST)) {
            timers.cancel(TimerKind.RTO);
            timers.arm(TimerKind.PERSIST, now + interval());
        } else if (!stalled) {
            timers.cancel(TimerKind.PERSIST);
            backoff = 0;
        }
    }

    /**
     * Data waits and nothing is in flight: only the peer's window holds it back, either zero or too
     * small to use under sender SWS avoidance.
     */
    private boolean stalledByWindow() {
        return sender.hasUnsent() && seq.allAcked();
    }

    private long interval() {
        long base = rtt.rto() << Math.min(backoff, 20);
        return Math.min(base, maxRtoNanos);
    }

    /**
     * The persist timer fired: send a zero-window probe. Like Linux, the probe is a segment one
     * below SND.UNA that the receiver must answer with an ACK carrying its window (RFC 9293
     * §3.10.7.4), so no byte is ever in flight outside the window.
     */
    void onTimer(long now) {
        if (!stalledByWindow()) {
            backoff = 0;
            sender.trySend(now);
            return;
        }
        long room = seq.windowRoom();
        if (room > 0) {
            // RFC 9293 §3.8.6.2.1 (RFC 1122 §4.2.3.4): the override timeout sends what the small window takes
            sender.sendIntoWindow(now, room);
            return;
        }
        c.emitter.probe(now, seq.una() - 1);
        backoff++;
        timers.arm(TimerKind.PERSIST, now + interval());
    }
}
