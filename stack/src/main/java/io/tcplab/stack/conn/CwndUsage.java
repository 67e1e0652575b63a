package io.tcplab.stack.conn;

/**
 * Whether the congestion window limits sending ({@link CwndLimited}), for the algorithm's growth.
 * Under {@link CwndLimited#ROUND} it keeps Linux's per-round record (tcp_cwnd_validate):
 * whether the round was window-limited, its largest flight in segments, and where the round
 * ends (SND.NXT when the record was last renewed).
 */
final class CwndUsage {
    private final CwndLimited rule;
    private boolean limitedInRound;
    private long maxSegmentsOut;
    private long roundEnd;

    CwndUsage(CwndLimited rule) {
        this.rule = rule;
    }

    /**
     * After a send attempt that sent new data or stopped at the window ({@code limited}: it did,
     * or the flight fills the window). A new round, a limited send or (while the round was not
     * limited) a larger flight renews the record.
     */
    void afterSending(boolean limited, long segmentsOut, long una, long nxt) {
        if (una >= roundEnd || limited || !limitedInRound && segmentsOut > maxSegmentsOut) {
            limitedInRound = limited;
            maxSegmentsOut = segmentsOut;
            roundEnd = nxt;
        }
    }

    /**
     * For an ACK: {@code blocked}, the last send stopped at the window; {@code priorInflight}, the
     * bytes in flight before the ACK.
     */
    boolean limited(boolean blocked, long cwnd, long ssthresh, long priorInflight, int smss) {
        boolean slowStart = cwnd < ssthresh;
        if (rule == CwndLimited.ROUND) {
            return limitedInRound || slowStart && cwnd < 2 * maxSegmentsOut * smss;
        }
        return blocked || (slowStart ? 2 * priorInflight >= cwnd : priorInflight + smss >= cwnd);
    }
}
