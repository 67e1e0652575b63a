package io.tcplab.stack.conn;

import io.tcplab.stack.loss.Scoreboard;
import io.tcplab.stack.recovery.DetectorContext;
import io.tcplab.stack.rtt.RttEstimator;

/** The sender as its loss detector sees it: reads of its state and the three actions a detector may ask for. */
final class DetectorPort implements DetectorContext {
    private final Sender sender;
    private final RttEstimator rtt;

    DetectorPort(Sender sender, RttEstimator rtt) {
        this.sender = sender;
        this.rtt = rtt;
    }

    @Override
    public Scoreboard scoreboard() {
        return sender.scoreboard;
    }

    @Override
    public long sndUna() {
        return sender.sndUna;
    }

    @Override
    public long sndNxt() {
        return sender.sndNxt;
    }

    @Override
    public int smss() {
        return sender.smss;
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
        return sender.inRecovery();
    }

    @Override
    public long rtoDeadline() {
        return sender.rtoDeadline();
    }

    @Override
    public Probe sendProbe(long now) {
        return sender.sendProbe(now);
    }

    @Override
    public void onProbeRepairedLoss(long now) {
        sender.onProbeRepairedLoss(now);
    }

    @Override
    public void onDoubleDrop(long now, long sentAt) {
        sender.onDoubleDrop(now, sentAt);
    }
}
