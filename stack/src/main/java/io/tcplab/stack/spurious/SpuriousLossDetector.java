package io.tcplab.stack.spurious;

import io.tcplab.stack.cc.UndoCause;

/**
 * Finds that a loss episode was not a loss, so that its reduction can be undone (RFC 4015's
 * response): Eifel (RFC 3522), D-SACK (RFC 3708), F-RTO (RFC 5682), or a researcher's own. The twin
 * of {@link io.tcplab.stack.recovery.LossDetector}: one instance per connection, made by a
 * {@link SpuriousLossDetectorProvider} found by name ({@link SpuriousLossDetectors}); it reads the
 * connection through its {@link SpuriousContext} and answers in a {@link SpuriousVerdict}; the
 * sender undoes, or not. A connection runs any number of them, in the order its spec names them;
 * the first to find an episode spurious names the undo.
 */
public interface SpuriousLossDetector {
    /** The name trace rows ({@code SPURIOUS_UNDO}) carry for this detector's finds. */
    String name();

    /**
     * A loss episode begins; {@code cause} is what undoing it would be: a fast retransmit or
     * timer-based loss ({@link UndoCause#SPURIOUS_RETRANSMIT}) or a timeout ({@link UndoCause#SPURIOUS_RTO}).
     */
    default void onEpisodeStart(UndoCause cause) {
    }

    /** The episode was undone: nothing of it is left to judge. */
    default void onEpisodeEnd() {
    }

    /**
     * RFC 6298 §5.5: the retransmission timer expired and the sender is about to respond. A
     * detector that judges the timeout by what follows may answer
     * {@link SpuriousVerdict#resendFirstOnly()} (F-RTO's step 1).
     */
    default void onTimeout(SpuriousVerdict verdict) {
    }

    /** A retransmission left. */
    default void onRetransmit(SentRetransmission retransmission) {
    }

    /**
     * One ACK, after loss detection: answer in {@code verdict} what it shows. Only while there is
     * a reduction to undo: from an episode's start or a timeout until an undo (before the first
     * episode, and after an undo until the next, ACKs are not shown).
     */
    void onAck(AckEvidence ack, SpuriousVerdict verdict);
}
