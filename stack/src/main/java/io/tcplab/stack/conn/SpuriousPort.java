package io.tcplab.stack.conn;

import io.tcplab.stack.spurious.SpuriousContext;

/** The sending side as its spurious-loss detectors see it: reads of its state, nothing it could change. */
final class SpuriousPort implements SpuriousContext {
    private final Sender sender;
    private final Recovery recovery;
    private final SendSequence seq;

    SpuriousPort(Sender sender, Recovery recovery, SendSequence seq) {
        this.sender = sender;
        this.recovery = recovery;
        this.seq = seq;
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
    public boolean inTimeoutRecovery() {
        return recovery.inTimeoutRecovery();
    }

    @Override
    public boolean canSendNewData() {
        return sender.hasUnsent() && seq.windowRoom() > 0;
    }
}
