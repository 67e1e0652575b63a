package io.tcplab.stack.recovery;

import io.tcplab.stack.cc.CongestionSignal;
import io.tcplab.stack.loss.AckResult;

/**
 * RFC 6675 §4 IsLost: a segment is lost once DupThresh segments (or more than (DupThresh−1)·SMSS
 * bytes) above it are SACKed; with §5 (3), DupThresh duplicate ACKs start recovery. No timer: a
 * loss the receiver cannot report (the tail of a flight) waits for the RTO.
 */
public final class DupThresh implements LossDetector {
    /** RFC 6675 §2 DupThresh. */
    public static final int DUP_THRESH = 3;

    private final DetectorContext sender;

    public DupThresh(DetectorContext sender) {
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
    public void onAck(long now, AckResult ack, LossVerdict verdict) {
        verdict.lostBySackedAbove(DUP_THRESH, sender.smss());
    }

    @Override
    public long deadline() {
        return NONE;
    }

    @Override
    public void onTimer(long now, LossVerdict verdict) {
    }
}
