package io.tcplab.stack.recovery;

import io.tcplab.stack.cc.CongestionSignal;
import io.tcplab.stack.loss.AckResult;
import io.tcplab.stack.loss.ScoreboardView;

/**
 * TEB, the timer-based retransmit of seed 002 as docs/stack.md and REFERENCE §5.2 define it. A
 * first transmission is lost once it has been out for clamp(K·R_latest, T_MIN, T_MAX), R_latest
 * being the most recent RTT sample, evaluated against the current sample so that a growing RTT
 * moves every pending deadline at once. A retransmission is judged by the {@link DoubleDropRule}:
 * by default it is lost only on evidence, as RACK reasons (RFC 8985 §6.2) — a segment sent after
 * it, and sent only once, has been delivered — and once it has been out for
 * K·R_latest·BACKOFF^(transmissions−1). Its deadline alone is no evidence: no RTT sample returns
 * while the path is slowed, so a deadline from the latest one expires inside any delay bump. The
 * RFC 6298 timer (RFC 8961's fallback) covers a lost retransmission nothing was sent after. A
 * retransmission found lost is a double drop. Every deadline counts from the last undo at the
 * earliest: segments an undo returns to the flight are not deemed lost again at once.
 */
public final class TimerBasedRetransmit implements LossDetector {
    /** T_MIN: below a few ms a delayed ACK alone would expire every deadline. */
    private static final long MIN_TIMEOUT = 10_000_000L;
    /** T_MAX, RFC 6298 §2.5's ceiling. */
    private static final long MAX_TIMEOUT = 60_000_000_000L;

    private final DetectorContext sender;
    private final ScoreboardView scoreboard;
    private final TebParameters params;
    /** Send time and end of the most recently sent once-sent segment known delivered: the evidence. */
    private long evidenceXmitTs = -1;
    private long evidenceEndSeq = -1;
    /** When the last undo happened: no deadline counts from before it. */
    private long restartAt = Long.MIN_VALUE;
    private long deadline = NONE;

    public TimerBasedRetransmit(DetectorContext sender, TebParameters params) {
        this.sender = sender;
        this.scoreboard = sender.scoreboard();
        this.params = params;
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
    public void onAck(long now, AckResult ack, LossVerdict verdict) {
        long sent = ack.newestOriginalSendTime;
        if (sent > evidenceXmitTs || (sent == evidenceXmitTs && ack.newestOriginalEndSeq > evidenceEndSeq)) {
            evidenceXmitTs = sent;
            evidenceEndSeq = ack.newestOriginalEndSeq;
        }
        scan(now, verdict);
    }

    @Override
    public void onSent(long now, boolean newData) {
        long latest = sender.latestRtt();
        if (deadline == NONE && latest > 0) {
            deadline = now + timeout(latest, 1);
        }
    }

    @Override
    public long deadline() {
        return deadline;
    }

    @Override
    public void onTimer(long now, LossVerdict verdict) {
        scan(now, verdict);
    }

    @Override
    public void onUndo(long now, boolean originalFilledTheHole) {
        restartAt = now;
    }

    /**
     * Marks every overdue segment lost and finds the next deadline. Segments are in send-time
     * order and none is due sooner than K·R_latest after it left (or after the last undo), so the
     * scan stops at the first segment sent less than that long ago: O(segments marked +
     * retransmissions waiting + 1).
     */
    private void scan(long now, LossVerdict verdict) {
        deadline = NONE;
        long latest = sender.latestRtt();
        if (latest <= 0) {
            return; // no sample yet: only the RFC 6298 timer
        }
        long shortest = timeout(latest, 1);
        for (long h = scoreboard.firstInFlight(); h >= 0; ) {
            long sent = scoreboard.sendTimeAt(h);
            long start = start(sent);
            if (start + shortest > now) {
                deadline = Math.min(deadline, start + shortest);
                break;
            }
            long next = scoreboard.nextInFlight(h);
            int transmissions = scoreboard.txCountAt(h);
            long due = transmissions == 1 ? start + shortest : retransmissionDue(h, sent, start, transmissions, latest);
            if (due <= now) {
                if (transmissions > 1) {
                    verdict.retransmissionLost(sent);
                }
                verdict.lost(h);
            } else {
                deadline = Math.min(deadline, due);
            }
            h = next;
        }
    }

    /** A deadline never counts from before the last undo. */
    private long start(long sent) {
        return Math.max(sent, restartAt);
    }

    /** When the retransmission with handle h counts as lost under the rule, or {@link #NONE} (not yet known). */
    private long retransmissionDue(long h, long sent, long start, int transmissions, long latest) {
        return switch (params.doubleDrop()) {
            case TIMER -> start + timeout(latest, transmissions);
            case OFF -> NONE;
            case EVIDENCE -> {
                boolean overtaken = evidenceXmitTs > sent || (evidenceXmitTs == sent && evidenceEndSeq > scoreboard.endAt(h));
                if (!overtaken) {
                    yield NONE; // the ACK that brings evidence scans again
                }
                yield start + timeout(latest, transmissions);
            }
        };
    }

    /** clamp(K · R · BACKOFF^(transmissions−1), T_MIN, T_MAX). */
    private long timeout(long rttNanos, int transmissions) {
        double t = params.k() * rttNanos * Math.pow(params.backoff(), transmissions - 1);
        return Math.max(MIN_TIMEOUT, (long) Math.min(MAX_TIMEOUT, t));
    }
}
