package io.tcplab.stack.recovery;

import io.tcplab.stack.loss.AckResult;
import io.tcplab.stack.loss.Scoreboard;

/**
 * What a {@link LossDetector} answers on one ACK or one timer: which segments are lost, whether a
 * probe should go, whether a retransmission was lost again, whether a probe repaired a loss. The
 * detector only states these; the sender decides what they mean for the congestion state and
 * what to send once the detector has returned (the deadline to arm is its
 * {@link LossDetector#deadline()}). One instance per connection, reset by the sender before each
 * call, so answering allocates nothing.
 */
public final class LossVerdict {
    private final Scoreboard scoreboard;
    private AckResult marks;
    private boolean probe;
    private boolean probeRepairedLoss;
    private long lostRetransmissionSentAt;

    public LossVerdict(Scoreboard scoreboard) {
        this.scoreboard = scoreboard;
    }

    /** Starts a new answer whose lost bytes add up in {@code marks.newlyLostBytes}. */
    public void reset(AckResult marks) {
        this.marks = marks;
        probe = false;
        probeRepairedLoss = false;
        lostRetransmissionSentAt = -1;
    }

    // ---------------------------------------------------------------- what a detector answers

    /** The in-flight segment with handle h (a {@link io.tcplab.stack.loss.ScoreboardView} handle) is lost. */
    public void lost(long handle) {
        scoreboard.markLostHandle(handle, marks);
    }

    /**
     * Every in-flight segment sent at or before {@code cutoff} is lost (with
     * {@code originalsOnly}, only those never retransmitted). Returns the send time of the oldest
     * one sent after it, whose age arms the next deadline, or -1 when none is.
     */
    public long lostSentBefore(long cutoff, boolean originalsOnly) {
        return scoreboard.markLostSentBefore(cutoff, originalsOnly, marks);
    }

    /** RFC 6675 §4 IsLost: every segment with {@code dupThresh} segments SACKed above it is lost. */
    public void lostBySackedAbove(int dupThresh, int smss) {
        scoreboard.updateLoss(dupThresh, smss, marks);
    }

    /** RFC 8985 §7.3: send one probe now; the sender says what it sent through {@link LossDetector#onProbeSent}. */
    public void sendProbe() {
        probe = true;
    }

    /** RFC 8985 §7.4.2: a probe that was a retransmission repaired a loss, which calls for one congestion response. */
    public void probeRepairedLoss() {
        probeRepairedLoss = true;
    }

    /** A retransmission that left at {@code sentAt} was lost too (a double drop); the latest one counts. */
    public void retransmissionLost(long sentAt) {
        lostRetransmissionSentAt = Math.max(lostRetransmissionSentAt, sentAt);
    }

    // ---------------------------------------------------------------- what the sender reads

    public boolean probeAsked() {
        return probe;
    }

    public boolean probeRepairedLossSeen() {
        return probeRepairedLoss;
    }

    /** When the latest retransmission found lost again left, or -1 when none was. */
    public long lostRetransmissionSentAt() {
        return lostRetransmissionSentAt;
    }
}
