package io.tcplab.examples.recovery;

import io.tcplab.stack.loss.Scoreboard;
import io.tcplab.stack.loss.ScoreboardView;
import io.tcplab.stack.recovery.DetectorContext;
import io.tcplab.stack.recovery.LossDetector;

/**
 * The detector's whole world in a test: a real scoreboard the test fills by hand and an SRTT it
 * sets.
 */
final class FakeView implements DetectorContext {
    final Scoreboard scoreboard = new Scoreboard();
    long srtt = -1;

    @Override
    public ScoreboardView scoreboard() {
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
}
