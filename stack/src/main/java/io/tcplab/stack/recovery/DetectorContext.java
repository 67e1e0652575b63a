package io.tcplab.stack.recovery;

import io.tcplab.stack.loss.Scoreboard;

/**
 * What a connection's sender lends its {@link LossDetector}: the scoreboard to mark on, the
 * sequence space and RTT estimates to read, and the few actions a detector may ask for. A
 * detector holds this and nothing else of the connection.
 */
public interface DetectorContext {
    /** The segments in flight, in send order, with their send times and transmission counts. */
    Scoreboard scoreboard();

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

    /** RFC 8985 §7.3: send one probe now, new data if the window takes it, else the last segment again. */
    Probe sendProbe(long now);

    /** RFC 8985 §7.4.2: a probe that was a retransmission repaired a loss; the sender responds once. */
    void onProbeRepairedLoss(long now);

    /** A retransmission sent at {@code sentAt} was lost too: the sender's double-drop response. */
    void onDoubleDrop(long now, long sentAt);

    /** What {@link #sendProbe} sent. */
    enum Probe {
        /** Nothing: no data outstanding and none to send. */
        NONE,
        /** A new segment. */
        NEW_DATA,
        /** The highest outstanding segment again. */
        RETRANSMISSION
    }
}
