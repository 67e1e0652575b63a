package io.tcplab.stack.recovery;

import io.tcplab.stack.loss.ScoreboardView;

/**
 * What a connection's sender shows its {@link LossDetector}, read-only: the scoreboard, the
 * sequence space and the RTT estimates. A detector holds this and nothing else of the
 * connection; what it decides it answers through a {@link LossVerdict}.
 */
public interface DetectorContext {
    /** The segments in flight, in send order, with their send times and transmission counts. */
    ScoreboardView scoreboard();

    /** SND.UNA. */
    long sndUna();

    /** SND.NXT. */
    long sndNxt();

    /** The sender's maximum segment size in bytes. */
    int smss();

    /** The smoothed RTT (RFC 6298) in nanoseconds, or -1 before the first sample. */
    long srtt();

    /** The smallest RTT sample seen, in nanoseconds, or -1 before the first. */
    long minRtt();

    /** The most recent RTT sample, in nanoseconds, or -1 before the first. */
    long latestRtt();

    /** Fast recovery or timeout recovery is under way. */
    boolean inRecovery();

    /** When the RFC 6298 retransmission timer fires, or {@link LossDetector#NONE}. */
    long rtoDeadline();
}
