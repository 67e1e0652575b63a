package io.tcplab.cc;

/**
 * HyStart++ (RFC 9406 §4.2), the slow-start exit of CUBIC's {@code hystart=pp}: each round keeps
 * the minimum of its RTT samples; once a round has N_RTT_SAMPLE = 8 of them and its minimum has
 * risen by RttThresh = clamp(lastRoundMinRTT / 8, 4 ms, 16 ms) over the previous round's, slow
 * start gives way to Conservative Slow Start (CSS), which grows a quarter as fast
 * (CSS_GROWTH_DIVISOR = 4). A CSS round whose minimum falls back below the minimum that started
 * CSS (with 8 samples) shows the exit was spurious: slow start resumes. After CSS_ROUNDS = 5
 * rounds of CSS (the one CSS began in counts) congestion avoidance begins with ssthresh = cwnd. A
 * loss or ECN reduction ends HyStart++ for the connection: only the initial slow start uses it
 * (§4.3), later ones exit at the ssthresh they find.
 */
final class HyStartPlusPlus {
    enum Phase { SLOW_START, CSS, DONE }

    static final long MIN_RTT_THRESH = 4_000_000L;
    static final long MAX_RTT_THRESH = 16_000_000L;
    static final int MIN_RTT_DIVISOR = 8;
    static final int N_RTT_SAMPLE = 8;
    static final int CSS_GROWTH_DIVISOR = 4;
    static final int CSS_ROUNDS = 5;
    private static final long NONE = Long.MAX_VALUE;

    private Phase phase = Phase.SLOW_START;
    private long lastRoundMinRtt = NONE;
    private long currentRoundMinRtt = NONE;
    private int rttSampleCount;
    private long cssBaselineMinRtt = NONE;
    private int cssRounds;

    Phase phase() {
        return phase;
    }

    /** A new round begins; true once, when CSS has lasted CSS_ROUNDS rounds and slow start ends. */
    boolean onRoundStart() {
        if (phase == Phase.DONE) {
            return false;
        }
        lastRoundMinRtt = currentRoundMinRtt;
        currentRoundMinRtt = NONE;
        rttSampleCount = 0;
        if (phase == Phase.CSS && ++cssRounds >= CSS_ROUNDS) {
            phase = Phase.DONE;
            return true;
        }
        return false;
    }

    /** One ACK in slow start or CSS, with its RTT sample (-1: none, Karn's rule). */
    void onAck(long rttNanos) {
        if (phase == Phase.DONE || rttNanos <= 0) {
            return;
        }
        currentRoundMinRtt = Math.min(currentRoundMinRtt, rttNanos);
        if (++rttSampleCount < N_RTT_SAMPLE) {
            return;
        }
        if (phase == Phase.SLOW_START && lastRoundMinRtt != NONE) {
            long thresh = Math.max(MIN_RTT_THRESH, Math.min(lastRoundMinRtt / MIN_RTT_DIVISOR, MAX_RTT_THRESH));
            if (currentRoundMinRtt >= lastRoundMinRtt + thresh) {
                cssBaselineMinRtt = currentRoundMinRtt;
                cssRounds = 0;
                phase = Phase.CSS;
            }
        } else if (phase == Phase.CSS && currentRoundMinRtt < cssBaselineMinRtt) {
            cssBaselineMinRtt = NONE; // the delay increase was jitter: back to slow start
            phase = Phase.SLOW_START;
        }
    }

    /** A loss or ECN reduction (§4.2): HyStart++ is over for this connection. */
    void stop() {
        phase = Phase.DONE;
    }
}
