package io.tcplab.stack.loss;

/** Hears of each segment the scoreboard marks lost, for tracing one row per segment. */
@FunctionalInterface
public interface LostSegmentListener {
    /** [seq, seq+length) is deemed lost (its original, or a retransmission of it). */
    void lost(long seq, int length);
}
