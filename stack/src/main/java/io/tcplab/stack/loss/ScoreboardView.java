package io.tcplab.stack.loss;

/**
 * The {@link Scoreboard} read-only, as a loss detector sees it: the segments outstanding, their
 * send times and transmission counts, in sequence order (by sequence number) and in time order
 * (by handle, oldest transmission first). A detector changes nothing here; it answers with a
 * {@link io.tcplab.stack.recovery.LossVerdict}.
 */
public interface ScoreboardView {
    /**
     * The in-flight segment sent longest ago (not SACKed, not deemed lost unless retransmitted
     * since), as a handle for {@link #nextInFlight} and the {@code ...At} accessors, or -1. A
     * handle is valid until the segment is acknowledged, SACKed or marked lost.
     */
    long firstInFlight();

    /** The in-flight segment sent next after the one with handle h, or -1. */
    long nextInFlight(long h);

    /** Last (re)transmission time of the segment with handle h. */
    long sendTimeAt(long h);

    /** Transmissions of the segment with handle h (1 for an original). */
    int txCountAt(long h);

    /** End (exclusive) of the segment with handle h. */
    long endAt(long h);

    /** Earliest last-send time among segments in flight, or -1 (RFC 7765, RACK, TEB). */
    long oldestOutstandingSendTime();

    /** Start of the in-flight segment sent longest ago, or -1. */
    long oldestOutstandingSeq();

    /** RFC 6675 SetPipe in bytes: each not-SACKed segment counts once if not lost, once more if retransmitted. */
    long pipe();

    /** Outstanding bytes SACKed. */
    long sackedBytes();

    /** Outstanding segments SACKed. */
    long sackedSegments();

    /** Outstanding segments (SACKed or not) that have been sent more than once. */
    long retransmittedSegments();

    /** Bytes marked lost and neither SACKed nor acknowledged. */
    long lostBytes();

    /** End (exclusive) of the highest SACKed segment still outstanding, or -1 when none. */
    long highestSacked();

    /** End of the last segment sent (HighData + 1 in RFC 6675 terms), or -1 before any. */
    long highData();

    /** Start of the oldest outstanding segment, or {@link #highData()} when none is outstanding. */
    long sndUna();

    /** Outstanding segments, SACKed or not. */
    int count();

    /** Nothing is outstanding. */
    boolean isEmpty();

    /** The segment holding seq is deemed lost and not SACKed. */
    boolean isLost(long seq);

    /** The segment holding seq is SACKed. */
    boolean isSacked(long seq);

    /** Length of the segment holding seq, or -1. */
    int segmentLength(long seq);

    /** Last (re)transmission time of the segment holding seq, or -1. */
    long sendTimeOf(long seq);

    /** Transmissions of the segment holding seq, or 0 when none holds it. */
    int txCountOf(long seq);
}
