package io.tcplab.stack.conn;

import io.tcplab.stack.cc.UndoCause;

/**
 * Finds loss episodes that were not losses: Eifel detection (RFC 3522 §3.2) when timestamps are
 * on — the first acceptable ACK after the first retransmission echoes a timestamp older than that
 * retransmission, so the original got through — and D-SACK detection (RFC 3708 §3) — every
 * retransmission of the episode was reported as a duplicate. Each episode is undone at most once.
 */
final class SpuriousDetector {
    /** Retransmitted ranges remembered per episode; past this, D-SACK detection sits the episode out. */
    private static final int MAX_RANGES = 64;
    private final long[] rangeStart = new long[MAX_RANGES];
    private final long[] rangeEnd = new long[MAX_RANGES];
    private final boolean[] duplicated = new boolean[MAX_RANGES];
    private int ranges;
    private boolean active;
    private UndoCause cause;
    private long episodeStart;
    private long episodeEnd;
    private boolean eifelPending;
    private boolean haveRetransmitTs;
    private int retransmitTs;
    private int retransmissions;
    private int notYetDuplicated;

    /** A loss episode begins: fast retransmit or timer loss, or a timeout. */
    void onEpisodeStart(UndoCause cause, long sndUna, long recoveryPoint) {
        active = true;
        this.cause = cause;
        episodeStart = sndUna;
        episodeEnd = recoveryPoint;
        eifelPending = true;
        haveRetransmitTs = false;
        retransmissions = 0;
        notYetDuplicated = 0;
        ranges = 0;
    }

    /** A retransmission of [seq, seq+length) left, with its TSval when timestamps are on. */
    void onRetransmit(long seq, int length, boolean timestamps, int tsVal) {
        if (!active) {
            return;
        }
        if (retransmissions == 0 && timestamps) {
            retransmitTs = tsVal; // RFC 3522 §3.2 step 2: only the first retransmission counts
            haveRetransmitTs = true;
        }
        retransmissions++;
        notYetDuplicated++;
        if (ranges < MAX_RANGES) {
            rangeStart[ranges] = seq;
            rangeEnd[ranges] = seq + Math.max(1, length);
            duplicated[ranges] = false;
        }
        ranges++;
    }

    /**
     * Examines one ACK; returns the cause to undo with, or null. {@code advanced}: the ACK moved
     * SND.UNA. {@code dsack}: it carried a D-SACK block for [dsackLeft, dsackRight).
     */
    UndoCause onAck(boolean advanced, boolean hasTs, int tsEcr, boolean dsack, long dsackLeft, long dsackRight) {
        if (!active || retransmissions == 0) {
            return null;
        }
        if (dsack && ranges <= MAX_RANGES && reportsRetransmission(dsackLeft, dsackRight)
                && --notYetDuplicated == 0) {
            return fire(); // RFC 3708 §3: every retransmission of the episode was needless
        }
        if (eifelPending && advanced) {
            eifelPending = false;
            // RFC 3522 §3.2 steps 3-4; an ACK carrying a D-SACK is left to the D-SACK rule (step 5)
            if (haveRetransmitTs && hasTs && !dsack && tsEcr - retransmitTs < 0) {
                return fire();
            }
        }
        return null;
    }

    /**
     * RFC 3708 §3 counts only D-SACKs for retransmitted segments: a duplicate made by the network
     * (or a late original) must not pass for a needless retransmission. Each range counts once.
     */
    private boolean reportsRetransmission(long left, long right) {
        for (int i = 0; i < ranges; i++) {
            if (!duplicated[i] && left < rangeEnd[i] && right > rangeStart[i]) {
                duplicated[i] = true;
                return true;
            }
        }
        return false;
    }

    private UndoCause fire() {
        active = false;
        return cause;
    }
}
