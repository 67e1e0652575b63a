package io.tcplab.stack.spurious;

import io.tcplab.stack.cc.UndoCause;

/**
 * What the spurious-loss detectors answer on one ACK or timeout. They only state it; the sender
 * acts once all have answered: first a timeout response (F-RTO's go-back-N or new segments), then
 * the undo. One instance per connection, reset by the sender before each event.
 */
public final class SpuriousVerdict {
    private UndoCause spurious;
    private boolean originalFilledTheHole;
    private boolean conventionalRecovery;
    private int newSegments;
    private boolean resendFirstOnly;

    public void reset() {
        spurious = null;
        originalFilledTheHole = false;
        conventionalRecovery = false;
        newSegments = 0;
        resendFirstOnly = false;
    }

    // ---------------------------------------------------------------- what a detector answers

    /** The episode was not a loss: undo it as {@code cause}. The first detector to say so counts. */
    public void spurious(UndoCause cause) {
        found(cause, false);
    }

    /**
     * As {@link #spurious}, and the evidence shows the original reached the receiver before its
     * retransmission (Eifel's timestamp): the path reordered.
     */
    public void spuriousOriginalFirst(UndoCause cause) {
        found(cause, true);
    }

    private void found(UndoCause cause, boolean originalFirst) {
        if (spurious == null) {
            spurious = cause;
            originalFilledTheHole = originalFirst;
        }
    }

    /** RFC 5682 §2 steps 2a/3a: the timeout was real; recover conventionally (everything outstanding is lost). */
    public void conventionalRecovery() {
        conventionalRecovery = true;
    }

    /** RFC 5682 §2 step 2b: send up to {@code segments} new segments whatever the window, to judge the timeout by their ACKs. */
    public void sendNewSegments(int segments) {
        newSegments = Math.max(newSegments, segments);
    }

    /** RFC 5682 §2 step 1: on this timeout resend only the first segment, not everything outstanding. */
    public void resendFirstOnly() {
        resendFirstOnly = true;
    }

    // ---------------------------------------------------------------- what the sender reads

    /** The cause to undo with, or null. */
    public UndoCause spuriousCause() {
        return spurious;
    }

    public boolean originalFilledTheHoleSeen() {
        return originalFilledTheHole;
    }

    public boolean conventionalRecoveryAsked() {
        return conventionalRecovery;
    }

    public int newSegmentsAsked() {
        return newSegments;
    }

    public boolean resendFirstOnlyAsked() {
        return resendFirstOnly;
    }
}
