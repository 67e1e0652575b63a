package io.tcplab.stack.conn;

import io.tcplab.stack.cc.UndoCause;
import io.tcplab.stack.loss.AckResult;

/**
 * Finds loss episodes that were not losses, with the detectors a connection asked for: Eifel
 * (RFC 3522 §3.2) when timestamps are on — the first acceptable ACK after the episode's first
 * retransmission echoes a timestamp older than the oldest retransmission still outstanding, so
 * the original got through —
 * and D-SACK (RFC 3708 §3) — every retransmission of the episode was reported as a duplicate.
 * F-RTO is the sender's ({@link Frto}): it decides by what it sends next. Each episode is undone
 * at most once.
 */
final class SpuriousDetector {
    /** {@link #onAck}'s TSecr of an ACK without timestamps. */
    static final long NO_ECHO = -1;
    private final boolean eifel;
    private final boolean dsack;
    /** The episode's retransmitted ranges, sorted by start; grown by doubling, never shrunk. */
    private long[] rangeStart = new long[16];
    private long[] rangeEnd = new long[16];
    private boolean[] duplicated = new boolean[16];
    private int ranges;
    private boolean active;
    private UndoCause cause;
    private boolean eifelPending;
    /**
     * TSval of the oldest retransmission still outstanding (Linux's retrans_stamp). RFC 3522 §3.2
     * compares with the episode's first retransmission, assuming it resends SND.UNA; when an
     * earlier episode's retransmission still fills the left edge, the ACK that moves SND.UNA echoes
     * that one, older than ours, and would pass for proof of a spurious episode.
     */
    private boolean haveRetransmitTs;
    private int retransmitTs;
    private boolean episodeRetransmitted;
    private int notYetDuplicated;
    private String firedBy = "";

    SpuriousDetector(boolean eifel, boolean dsack) {
        this.eifel = eifel;
        this.dsack = dsack;
    }

    /** A loss episode begins: fast retransmit, timer-based loss, or a timeout. */
    void onEpisodeStart(UndoCause cause) {
        active = eifel || dsack;
        this.cause = cause;
        eifelPending = true;
        episodeRetransmitted = false;
        notYetDuplicated = 0;
        ranges = 0;
    }

    /** The episode ended (recovery point reached) or was undone. */
    void onEpisodeEnd() {
        active = false;
    }

    /**
     * A retransmission of [seq, seq+length) left, with its TSval when timestamps are on;
     * {@code firstOutstanding}: no other retransmission is outstanding.
     */
    void onRetransmit(long seq, int length, boolean timestamps, int tsVal, boolean firstOutstanding) {
        if (timestamps && (firstOutstanding || !haveRetransmitTs)) {
            retransmitTs = tsVal; // RFC 3522 §3.2 step 2, kept while older retransmissions are out
            haveRetransmitTs = true;
        }
        if (!active) {
            return;
        }
        episodeRetransmitted = true;
        if (dsack) {
            remember(seq, seq + Math.max(1, length));
        }
        notYetDuplicated++;
    }

    /**
     * Examines one ACK; returns the cause to undo with, or null. {@code advanced}: the ACK moved
     * SND.UNA. {@code tsEcho}: its TSecr (unsigned), or {@link #NO_ECHO}. {@code ack}: what it
     * changed on the scoreboard, a D-SACK block among it.
     */
    UndoCause onAck(boolean advanced, long tsEcho, AckResult ack) {
        if (!active || notYetDuplicated == 0) {
            return null;
        }
        if (dsack && ack.dsack && markDuplicated(ack.dsackLeft, ack.dsackRight) && --notYetDuplicated == 0) {
            return fire("dsack"); // RFC 3708 §3: every retransmission of the episode was needless
        }
        if (eifel && eifelPending && advanced && episodeRetransmitted) {
            eifelPending = false;
            // RFC 3522 §3.2 steps 3-4; an ACK carrying a D-SACK is left to the D-SACK rule (step 5)
            if (haveRetransmitTs && tsEcho != NO_ECHO && !ack.dsack && (int) tsEcho - retransmitTs < 0) {
                return fire("eifel");
            }
        }
        return null;
    }

    /** The last undo came from Eifel's timestamp test (RFC 3522), not from D-SACK or F-RTO. */
    boolean firedByTimestamps() {
        return "eifel".equals(firedBy);
    }

    /** Adds a retransmitted range; retransmissions mostly go up, so this is nearly always an append. */
    private void remember(long start, long end) {
        int at = find(start);
        if (at < ranges && rangeStart[at] == start) {
            duplicated[at] = false; // resent again: needs a D-SACK of its own
            return;
        }
        if (ranges == rangeStart.length) {
            rangeStart = java.util.Arrays.copyOf(rangeStart, ranges * 2);
            rangeEnd = java.util.Arrays.copyOf(rangeEnd, ranges * 2);
            duplicated = java.util.Arrays.copyOf(duplicated, ranges * 2);
        }
        System.arraycopy(rangeStart, at, rangeStart, at + 1, ranges - at);
        System.arraycopy(rangeEnd, at, rangeEnd, at + 1, ranges - at);
        System.arraycopy(duplicated, at, duplicated, at + 1, ranges - at);
        rangeStart[at] = start;
        rangeEnd[at] = end;
        duplicated[at] = false;
        ranges++;
    }

    /**
     * RFC 3708 §3 counts only D-SACKs for retransmitted segments: a duplicate made by the network
     * (or a late original) must not pass for a needless retransmission. Each range counts once.
     */
    private boolean markDuplicated(long left, long right) {
        int at = find(left + 1) - 1; // the last range starting at or below left
        for (int i = Math.max(0, at); i < ranges && rangeStart[i] < right; i++) {
            if (!duplicated[i] && left < rangeEnd[i] && right > rangeStart[i]) {
                duplicated[i] = true;
                return true;
            }
        }
        return false;
    }

    /** The first index whose range starts at or after {@code start}. */
    private int find(long start) {
        if (ranges == 0 || rangeStart[ranges - 1] < start) {
            return ranges;
        }
        int lo = 0;
        int hi = ranges - 1;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (rangeStart[mid] < start) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo;
    }

    private UndoCause fire(String detector) {
        active = false;
        firedBy = detector;
        return cause;
    }

    /** Which detector found the last spurious episode: "eifel" or "dsack". */
    String firedBy() {
        return firedBy;
    }
}
