package io.tcplab.stack.conn;

import io.tcplab.stack.loss.ScoreboardView;
import io.tcplab.stack.recovery.DetectorContext;
import io.tcplab.stack.rtt.RttEstimator;

/** The sending side as its loss detector sees it: reads of its state, nothing it could change. */
final class DetectorPort implements DetectorContext {
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
}
