package io.tcplab.examples.recovery;

import io.tcplab.stack.loss.Scoreboard;
import io.tcplab.stack.recovery.DetectorContext;
import io.tcplab.stack.recovery.LossDetector;

/**
 * The detector's whole world in a test: a real scoreboard the test fills by hand and an SRTT it
 * sets. The actions a detector may ask for are refused, because this one must never ask.
 */
final class FakeView implements DetectorContext {
    final Scoreboard scoreboard = new Scoreboard();
    long srtt = -1;

    @Override
    public Scoreboard scoreboard() {
        return scoreboard;
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
        return 1000;
    }

    @Override
    public long srtt() {
        return srtt;
    }

    @Override
    public long minRtt() {
        return srtt;
    }

    @Override
    public long latestRtt() {
        return srtt;
    }

    @Override
    public boolean inRecovery() {
        return false;
    }

    @Override
    public long rtoDeadline() {
        return LossDetector.NONE;
    }

    @Override
    public Probe sendProbe(long now) {
        throw new AssertionError("srtt-multiple never probes");
    }

    @Override
    public void onProbeRepairedLoss(long now) {
        throw new AssertionError("srtt-multiple never probes");
    }

    @Override
    public void onDoubleDrop(long now, long sentAt) {
        throw new AssertionError("srtt-multiple leaves retransmissions to the RTO");
    }
}
