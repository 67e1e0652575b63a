package io.tcplab.stack.conn;

/**
 * F-RTO (RFC 5682 §2): after a timeout, resend only the first segment and watch the next two
 * ACKs. If both advance SND.UNA while new data is sent in between, the segments the timeout
 * gave up on were never lost — the timeout was spurious; if not, recovery continues as a normal
 * go-back-N. This class only holds the state; the sender acts on its answers.
 */
final class Frto {
    /** What the sender must do with the ACK it just took. */
    enum Step {
        /** F-RTO is not running. */
        NONE,
        /** §2 step 2b: send up to two new segments, then wait for the next ACK. */
        SEND_NEW,
        /** §2 step 3b: the timeout was spurious. */
        SPURIOUS,
        /** §2 steps 2a/3a: conventional RTO recovery (mark everything lost, go-back-N). */
        CONVENTIONAL
    }

    private int phase;
    private long recover;

    boolean active() {
        return phase != 0;
    }

    /** §2 step 1: a timeout; returns false when F-RTO may not run (a timeout during RTO recovery). */
    boolean start(boolean alreadyInTimeoutRecovery, long sndUna, long sndMax) {
        if (alreadyInTimeoutRecovery && recover >= sndUna) {
            phase = 0;
            return false;
        }
        recover = sndMax;
        phase = 1;
        return true;
    }

    /** One ACK during F-RTO: {@code advanced} whether it moved SND.UNA; {@code canSendNew} new data and window. */
    Step onAck(boolean advanced, long sndUna, boolean canSendNew) {
        if (phase == 1) {
            if (!advanced || sndUna >= recover || !canSendNew) {
                phase = 0;
                return Step.CONVENTIONAL;
            }
            phase = 2;
            return Step.SEND_NEW;
        }
        if (phase == 2) {
            phase = 0;
            return advanced ? Step.SPURIOUS : Step.CONVENTIONAL;
        }
        return Step.NONE;
    }

    void cancel() {
        phase = 0;
    }
}
