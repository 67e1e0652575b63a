package io.tcplab.stack.conn;

import io.tcplab.stack.cc.CongestionSignal;
import io.tcplab.stack.loss.AckResult;
import io.tcplab.stack.loss.Scoreboard;

/**
 * RFC 6675 §4 IsLost: a segment is lost once DupThresh segments (or more than (DupThresh−1)·SMSS
 * bytes) above it are SACKed; with §5 (3), DupThresh duplicate ACKs start recovery. No timer: a
 * loss the receiver cannot report (the tail of a flight) waits for the RTO.
 */
final class DupThreshDetector implements LossDetector {
    static final int DUP_THRESH = 3;

    private final Scoreboard scoreboard;
    private final Sender sender;

    DupThreshDetector(Scoreboard scoreboard, Sender sender) {
        this.scoreboard = scoreboard;
        this.sender = sender;
    }

    @Override
    public String name() {
        return "rfc6675";
    }

    @Override
    public CongestionSignal signal() {
        return CongestionSignal.DUPTHRESH_LOSS;
    }

    @Override
    public boolean countsDupAcks() {
        return true;
    }

    @Override
    public void onAck(long now, AckResult ack) {
        scoreboard.updateLoss(DUP_THRESH, sender.smss, ack);
    }

    @Override
    public long deadline() {
        return TimerTable.NONE;
    }

    @Override
    public void onTimer(long now, AckResult out) {
    }
}
