package io.tcplab.stack.conn;

import io.tcplab.stack.cc.CongestionSignal;
import io.tcplab.stack.loss.AckResult;
import io.tcplab.stack.loss.Scoreboard;
import io.tcplab.stack.rtt.RttEstimator;

/**
 * TEB, the timer-based retransmit of seed 002 as docs/stack.md and REFERENCE §5.2 define it:
 * every in-flight segment is lost once it has been out for K·R_latest·2^(transmissions−1)
 * (clamped to [T_MIN, T_MAX]), R_latest being the most recent RTT sample. Deadlines are evaluated
 * against the current sample, so when the path's RTT grows every pending deadline moves later at
 * once. A retransmission that expires again is a double drop. The RFC 6298 timer stays as the
 * fallback (RFC 8961).
 */
final class TimerBasedRetransmit implements LossDetector {
    /** K_T: a segment is overdue after twice the latest RTT. */
    private static final int K = 2;
    /** T_MIN: below a few ms a delayed ACK alone would expire every deadline. */
    private static final long MIN_TIMEOUT = 10_000_000L;
    /** T_MAX, RFC 6298 §2.5's ceiling. */
    private static final long MAX_TIMEOUT = 60_000_000_000L;
    private static final int MAX_BACKOFF_SHIFT = 20;

    private final Scoreboard scoreboard;
    private final RttEstimator rtt;
    private final Sender sender;
    private long deadline = TimerTable.NONE;

    TimerBasedRetransmit(Scoreboard scoreboard, RttEstimator rtt, Sender sender) {
        this.scoreboard = scoreboard;
        this.rtt = rtt;
        this.sender = sender;
    }

    @Override
    public String name() {
        return "teb";
    }

    @Override
    public CongestionSignal signal() {
        return CongestionSignal.TIMER_LOSS;
    }

    @Override
    public void onAck(long now, AckResult ack) {
        scan(now, ack);
    }

    @Override
    public void onSent(long now, boolean newData) {
        long latest = rtt.latestRtt();
        if (deadline == TimerTable.NONE && latest > 0) {
            deadline = now + timeout(latest, 1);
        }
    }

    @Override
    public long deadline() {
        return deadline;
    }

    @Override
    public void onTimer(long now, AckResult out) {
        scan(now, out);
    }

    /**
     * Marks every overdue segment lost and finds the next deadline. Segments are in send-time
     * order and none times out sooner than K·R_latest after it left, so the scan stops at the first
     * segment sent less than that long ago: O(segments marked + retransmissions waiting + 1).
     */
    private void scan(long now, AckResult out) {
        deadline = TimerTable.NONE;
        long latest = rtt.latestRtt();
        if (latest <= 0) {
            return; // no sample yet: only the RFC 6298 timer
        }
        long shortest = timeout(latest, 1);
        long doubleDropSentAt = -1;
        for (long h = scoreboard.firstInFlight(); h >= 0; ) {
            long sent = scoreboard.sendTimeAt(h);
            if (sent + shortest > now) {
                deadline = Math.min(deadline, sent + shortest);
                break;
            }
            long next = scoreboard.nextInFlight(h);
            int transmissions = scoreboard.txCountAt(h);
            long due = sent + timeout(latest, transmissions);
            if (due <= now) {
                if (transmissions > 1) {
                    doubleDropSentAt = Math.max(doubleDropSentAt, sent);
                }
                scoreboard.markLostHandle(h, out);
            } else {
                deadline = Math.min(deadline, due);
            }
            h = next;
        }
        if (doubleDropSentAt >= 0) {
            sender.onDoubleDrop(now, doubleDropSentAt);
        }
    }

    /** clamp(K · R_latest · 2^(transmissions−1), T_MIN, T_MAX). */
    private static long timeout(long latestRtt, int transmissions) {
        int shift = Math.min(transmissions - 1, MAX_BACKOFF_SHIFT);
        long t = K * latestRtt;
        t = t > (MAX_TIMEOUT >> shift) ? MAX_TIMEOUT : t << shift;
        return Math.max(MIN_TIMEOUT, Math.min(MAX_TIMEOUT, t));
    }
}
