package io.tcplab.stack.recovery;

import io.tcplab.stack.loss.AckResult;
import io.tcplab.stack.loss.Scoreboard;

/**
 * A {@link DetectorContext} with no connection behind it, for running a {@link LossDetector} by
 * hand, as its unit tests do: the caller sends and acknowledges segments on a real
 * {@link Scoreboard} and sets the RTT estimates, then hands the detector the {@link AckResult}
 * and {@link LossVerdict} this class makes, and reads what it answered.
 */
public final class StandaloneDetectorContext implements DetectorContext {
    private final Scoreboard scoreboard = new Scoreboard();
    private final LossVerdict verdict = new LossVerdict(scoreboard);
    private final int smss;
    private long srtt = -1;
    private long minRtt = -1;
    private long latestRtt = -1;
    private boolean inRecovery;
    private long rtoDeadline = LossDetector.NONE;

    public StandaloneDetectorContext(int smss) {
        this.smss = smss;
    }

    /** The scoreboard itself, to send, retransmit and inspect segments on. */
    @Override
    public Scoreboard scoreboard() {
        return scoreboard;
    }

    /** Sends the segment [seq, seq+len) at {@code now}, as the sender records it. */
    public void send(long seq, int len, long now) {
        scoreboard.onSend(seq, len, now, 0);
    }

    /**
     * What an ACK arriving at {@code now} changes on the scoreboard: the cumulative ACK, then the
     * SACK blocks given as left, right pairs; in the order the sender applies them.
     */
    public AckResult acknowledge(long now, long cumulativeAck, long... sackEdges) {
        AckResult result = new AckResult();
        result.clock(now, minRtt);
        if (cumulativeAck > scoreboard.sndUna()) {
            scoreboard.onCumulativeAck(cumulativeAck, result);
        }
        int blocks = sackEdges.length / 2;
        long[] lefts = new long[blocks];
        long[] rights = new long[blocks];
        for (int i = 0; i < blocks; i++) {
            lefts[i] = sackEdges[2 * i];
            rights[i] = sackEdges[2 * i + 1];
        }
        scoreboard.onSackBlocks(lefts, rights, blocks, result);
        return result;
    }

    /**
     * The verdict for one call, with the bytes it finds lost added to {@code marks.newlyLostBytes}.
     * One instance, reset by each call: read it before asking for the next.
     */
    public LossVerdict verdict(AckResult marks) {
        verdict.reset(marks);
        return verdict;
    }

    /** The RTT estimates the detector reads, in nanoseconds (-1: no sample yet). */
    public void rtt(long srtt, long minRtt, long latestRtt) {
        this.srtt = srtt;
        this.minRtt = minRtt;
        this.latestRtt = latestRtt;
    }

    public void inRecovery(boolean inRecovery) {
        this.inRecovery = inRecovery;
    }

    public void rtoDeadline(long rtoDeadline) {
        this.rtoDeadline = rtoDeadline;
    }

    @Override
    public long sndUna() {
        return scoreboard.sndUna();
    }

    @Override
    public long sndNxt() {
        return scoreboard.highData();
    }

    @Override
    public int smss() {
        return smss;
    }

    @Override
    public long srtt() {
        return srtt;
    }

    @Override
    public long minRtt() {
        return minRtt;
    }

    @Override
    public long latestRtt() {
        return latestRtt;
    }

    @Override
    public boolean inRecovery() {
        return inRecovery;
    }

    @Override
    public long rtoDeadline() {
        return rtoDeadline;
    }
}
