package io.tcplab.cc;

/**
 * BBRv3's short-term model (draft-ietf-ccwg-bbr-06 §5.5.10.3): what the path delivered over the
 * last round trip (bw_latest, inflight_latest: one-round maxima of the delivery rate and of
 * RS.delivered), whether that round saw a loss, and the bounds it sets outside bandwidth probing,
 * bw_shortterm and inflight_shortterm, each max(latest, β·itself) once per round with loss. A
 * bound is {@link #UNBOUNDED} until the first lossy round of a cycle.
 */
final class Bbr3ShortTermModel {
    static final long UNBOUNDED = Long.MAX_VALUE;

    private final double beta;
    private long bwLatest;
    private long inflightLatest;
    /** C.delivered when the current loss round began: a packet sent since ends it. */
    private long lossRoundDelivered;
    private boolean lossRoundStart;
    private boolean lossInRound;
    private long bw = UNBOUNDED;
    private long inflight = UNBOUNDED;

    Bbr3ShortTermModel(double beta) {
        this.beta = beta;
    }

    long bw() {
        return bw;
    }

    long inflight() {
        return inflight;
    }

    long inflightLatest() {
        return inflightLatest;
    }

    boolean lossRoundStart() {
        return lossRoundStart;
    }

    boolean lossInRound() {
        return lossInRound;
    }

    /** UpdateLatestDeliverySignals, near the start of an ACK: the maxima so far and whether a loss round ended. */
    void updateLatest(long rate, long rsDelivered, long priorDelivered, long delivered) {
        lossRoundStart = false;
        bwLatest = Math.max(bwLatest, rate);
        inflightLatest = Math.max(inflightLatest, rsDelivered);
        if (priorDelivered >= lossRoundDelivered) {
            lossRoundDelivered = delivered;
            lossRoundStart = true;
        }
    }

    /** AdvanceLatestDeliverySignals, near the end of an ACK: a new round's maxima start from this sample. */
    void advanceLatest(long rate, long rsDelivered) {
        if (lossRoundStart) {
            bwLatest = rate;
            inflightLatest = rsDelivered;
        }
    }

    /** NoteLoss: returns whether this is the round's first loss (the caller then saves its undo state). */
    boolean noteLoss(long delivered) {
        boolean first = !lossInRound;
        if (first) {
            lossRoundDelivered = delivered;
        }
        lossInRound = true;
        return first;
    }

    /**
     * UpdateCongestionSignals' once-a-round step (AdaptLowerBoundsFromCongestion): at a loss round's
     * end, outside bandwidth probing, a lossy round lowers both bounds (starting them at max_bw and
     * cwnd the first time in a cycle) to max(latest, β·bound).
     */
    void adaptAtRoundEnd(boolean probingBw, long maxBw, long cwnd) {
        if (!lossRoundStart) {
            return;
        }
        if (!probingBw && lossInRound) {
            if (bw == UNBOUNDED) {
                bw = maxBw;
            }
            if (inflight == UNBOUNDED) {
                inflight = cwnd;
            }
            bw = Math.max(bwLatest, (long) (beta * bw));
            inflight = Math.max(inflightLatest, (long) (beta * inflight));
        }
        lossInRound = false;
    }

    /** ResetCongestionSignals, when ProbeBW_DOWN starts. */
    void resetCongestionSignals() {
        lossInRound = false;
        bwLatest = 0;
        inflightLatest = 0;
    }

    /** A spurious loss episode: no loss in this round after all. */
    void forgetLossInRound() {
        lossInRound = false;
    }

    /** ResetShortTermModel: REFILL and the end of ProbeRTT lift both bounds. */
    void reset() {
        bw = UNBOUNDED;
        inflight = UNBOUNDED;
    }

    /** HandleSpuriousLossDetection: the bounds go back to at least what they were before the episode. */
    void restoreAtLeast(long savedBw, long savedInflight) {
        bw = Math.max(bw, savedBw);
        inflight = Math.max(inflight, savedInflight);
    }
}
