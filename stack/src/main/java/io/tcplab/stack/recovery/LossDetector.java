package io.tcplab.stack.recovery;

import io.tcplab.stack.cc.CongestionSignal;
import io.tcplab.stack.loss.AckResult;

/**
 * The policy that decides which segments are lost, one instance per connection, made by a
 * {@link LossDetectorProvider} found by name ({@link LossDetectors}): RACK-TLP (RFC 8985, the
 * default), RFC 6675's DupThresh, TEB, or a researcher's own. A detector reads the connection
 * through its {@link DetectorContext} and answers each call with a {@link LossVerdict}: segments
 * lost, a probe to send, a retransmission lost again. It never calls into the sender; the sender
 * decides what the verdict means for the congestion state and what to send, so congestion control
 * never depends on which detector found the loss. Like the rest of the stack it never reads a
 * clock: every call carries {@code now}, and its timer is the {@link #deadline()} it reports.
 */
public interface LossDetector {
    /** No deadline: {@link #deadline()} when the detector's timer is not needed. */
    long NONE = Long.MAX_VALUE;

    /** The name trace rows carry for this detector's decisions. */
    String name();

    /** The signal the first loss of an episode found by this detector raises. */
    CongestionSignal signal();

    /** RFC 6675 §5 (3): DupAcks >= DupThresh starts recovery by itself. */
    default boolean countsDupAcks() {
        return false;
    }

    /**
     * The scoreboard has taken one ACK (what it changed is in {@code ack}) and the RTT sample is
     * in: answer in {@code verdict} what the ACK shows lost. Not called for an ACK that can show
     * nothing: one of SND.UNA with nothing in flight, no SACK block and no episode open.
     */
    void onAck(long now, AckResult ack, LossVerdict verdict);

    /** New data or a retransmission left at {@code now}. */
    default void onSent(long now, boolean newData) {
    }

    /** When this detector's timer must fire (reordering timer, probe timeout, TEB deadline), or {@link #NONE}. */
    long deadline();

    /** The timer fired: answer in {@code verdict} what is lost by now, or ask for a probe. */
    void onTimer(long now, LossVerdict verdict);

    /** The probe asked for by the last verdict left at {@code now} (or nothing could be sent). */
    default void onProbeSent(long now, Probe probe) {
    }

    /** Tail loss probes sent so far (0 for detectors that never probe). */
    default long probes() {
        return 0;
    }

    /** A recovery episode (fast or timeout) ended or was undone. */
    default void onRecoveryEnd() {
    }

    /**
     * A reduction was found spurious and undone at {@code now} (Eifel, D-SACK, F-RTO);
     * {@code originalFilledTheHole}: Eifel showed a fast retransmit's original arrived, after
     * later data, so the path reorders.
     */
    default void onUndo(long now, boolean originalFilledTheHole) {
    }
}
