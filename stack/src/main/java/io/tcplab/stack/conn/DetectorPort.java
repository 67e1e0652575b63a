package io.tcplab.stack.conn;

import io.tcplab.stack.loss.ScoreboardView;
import io.tcplab.stack.recovery.DetectorContext;
import io.tcplab.stack.rtt.RttEstimator;
import io.tcplab.stack.spurious.SpuriousContext;

/**
 * The sending side as its loss detector and spurious-loss detectors see it: reads of its state,
 * nothing they could change.
 */
final class DetectorPort implements DetectorContext, SpuriousContext {
    private final Sender sender;
    private final Recovery recovery;
    private final SendSequence seq;
    private final RttEstimator rtt;
    private final TimerTable timers;

    DetectorPort(Sender sender, Recovery recovery, SendSequence seq, RttEstimator rtt, TimerTable timers) {
        this.sender = sender;
        this.recovery = recovery;
        this.seq = seq;
        this.rtt = rtt;
        this.timers = timers;
    }

    @Override
    public ScoreboardView scoreboard() {
        return sender.scoreboard();
    }

    @Override
    public long sndUna() {
        return seq.una();
    }

    @Override
    public long sndNxt() {
        return seq.nxt();
    }

    @Override
    public int smss() {
        return sender.smss();
    }

    @Override
    public long srtt() {
        return rtt.srtt();
    }

    @Override
    public long minRtt() {
        return rtt.minRtt();
    }

    @Override
    public long latestRtt() {
        return rtt.latestRtt();
    }

    @Override
    public boolean inRecovery() {
        return recovery.inRecovery();
    }

    @Override
    public long rtoDeadline() {
        return timers.deadline(TimerKind.RTO);
    }

    @Override
    public boolean inTimeoutRecovery() {
        return recovery.inTimeoutRecovery();
    }

    @Override
    public boolean canSendNewData() {
        return sender.hasUnsent() && seq.windowRoom() > 0;
    }
}
