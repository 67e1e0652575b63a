package io.tcplab.stack.conn;

import io.tcplab.stack.loss.Scoreboard;
import io.tcplab.stack.recovery.DetectorContext;
import io.tcplab.stack.rtt.RttEstimator;

/** The sending side as its loss detector sees it: reads of its state and the three actions a detector may ask for. */
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
    public Scoreboard scoreboard() {
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
    public Probe sendProbe(long now) {
        return sender.sendProbe(now);
    }

    @Override
    public void onProbeRepairedLoss(long now) {
        recovery.onProbeRepairedLoss(now);
    }

    @Override
    public void onDoubleDrop(long now, long sentAt) {
        recovery.onDoubleDrop(now, sentAt);
    }
}
