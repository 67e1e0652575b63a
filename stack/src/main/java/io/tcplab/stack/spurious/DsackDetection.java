package io.tcplab.stack.spurious;

import io.tcplab.stack.cc.UndoCause;
import java.util.Arrays;

/**
 * D-SACK detection (RFC 3708 §3): the episode was spurious once every one of its retransmissions
 * has been reported as a duplicate. Only D-SACKs of retransmitted ranges count: a duplicate the
 * network made (or a late original) must not pass for a needless retransmission.
 */
public final class DsackDetection implements SpuriousLossDetector {
    public static final String NAME = "dsack";

    /** The episode's retransmitted ranges, sorted by start; grown by doubling, never shrunk. */
    private long[] rangeStart = new long[16];
    private long[] rangeEnd = new long[16];
    private boolean[] duplicated = new boolean[16];
    private int ranges;
    private int notYetDuplicated;
    private final OpenEpisode episode = new OpenEpisode();

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public void onEpisodeStart(UndoCause cause) {
        episode.start(cause);
        notYetDuplicated = 0;
        ranges = 0;
    }

    @Override
    public void onEpisodeEnd() {
        episode.close();
    }

    @Override
    public void onRetransmit(SentRetransmission r) {
        if (!episode.isOpen()) {
            return;
        }
        remember(r.seq(), r.seq() + Math.max(1, r.length()));
        notYetDuplicated++;
    }

    @Override
    public void onAck(AckEvidence ack, SpuriousVerdict verdict) {
        if (!episode.isOpen() || notYetDuplicated == 0 || !ack.changes().dsack) {
            return;
        }
        if (markDuplicated(ack.changes().dsackLeft, ack.changes().dsackRight) && --notYetDuplicated == 0) {
            episode.close();
            verdict.spurious(episode.cause());
        }
    }

    /** Adds a retransmitted range; retransmissions mostly go up, so this is nearly always an append. */
    private void remember(long start, long end) {
        int at = find(start);
        if (at < ranges && rangeStart[at] == start) {
            duplicated[at] = false; // resent again: needs a D-SACK of its own
            return;
        }
        if (ranges == rangeStart.length) {
            rangeStart = Arrays.copyOf(rangeStart, ranges * 2);
            rangeEnd = Arrays.copyOf(rangeEnd, ranges * 2);
            duplicated = Arrays.copyOf(duplicated, ranges * 2);
        }
        System.arraycopy(rangeStart, at, rangeStart, at + 1, ranges - at);
        System.arraycopy(rangeEnd, at, rangeEnd, at + 1, ranges - at);
        System.arraycopy(duplicated, at, duplicated, at + 1, ranges - at);
        rangeStart[at] = start;
        rangeEnd[at] = end;
        duplicated[at] = false;
        ranges++;
    }

    /** Marks the first not yet duplicated range that [left, right) overlaps; each range counts once. */
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
}
