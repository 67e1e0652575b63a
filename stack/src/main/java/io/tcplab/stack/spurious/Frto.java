package io.tcplab.stack.spurious;

import io.tcplab.stack.cc.UndoCause;

/**
 * F-RTO (RFC 5682 §2; SACK-enhanced as Linux's tcp_frto=2 behaves): after a timeout, resend only
 * the first segment and watch the next two ACKs. If both advance SND.UNA while new data is sent in
 * between, the segments the timeout gave up on were never lost — the timeout was spurious; if not,
 * recovery continues as a conventional go-back-N.
 */
public final class Frto implements SpuriousLossDetector {
    public static final String NAME = "frto";
    /** §2 step 2b: up to two new segments. */
    private static final int NEW_SEGMENTS = 2;

    private final SpuriousContext context;
    /** 0: not running; 1: waiting for the first ACK after the timeout; 2: for the second. */
    private int phase;
    private long recover;

    public Frto(SpuriousContext context) {
        this.context = context;
    }

    @Override
    public String name() {
        return NAME;
    }

    /** §2 step 1; not for a timeout during a timeout recovery F-RTO has not seen through. */
    @Override
    public void onTimeout(SpuriousVerdict verdict) {
        if (context.inTimeoutRecovery() && recover >= context.sndUna()) {
            phase = 0;
            return;
        }
        recover = context.sndNxt();
        phase = 1;
        verdict.resendFirstOnly();
    }

    @Override
    public void onEpisodeEnd() {
        phase = 0;
    }

    @Override
    public void onAck(AckEvidence ack, SpuriousVerdict verdict) {
        if (phase == 0 || !context.inTimeoutRecovery()) {
            return;
        }
        boolean advanced = ack.advanced();
        if (phase == 1) {
            if (!advanced || context.sndUna() >= recover || !context.canSendNewData()) {
                phase = 0;
                verdict.conventionalRecovery(); // steps 2a
            } else {
                phase = 2;
                verdict.sendNewSegments(NEW_SEGMENTS); // step 2b
            }
            return;
        }
        phase = 0;
        if (advanced) {
            verdict.spurious(UndoCause.SPURIOUS_RTO); // step 3b
        } else {
            verdict.conventionalRecovery(); // step 3a
        }
    }
}
