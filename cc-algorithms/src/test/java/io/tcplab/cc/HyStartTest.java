package io.tcplab.cc;

import static org.assertj.core.api.Assertions.assertThat;

import io.tcplab.stack.cc.CaState;
import org.junit.jupiter.api.Test;

/**
 * Linux's classic HyStart on hand-made rounds (tcp_cubic.c hystart_update): the ACK train's
 * threshold with and without pacing, the delay test's ninth sample, and ACKs without an RTT.
 */
class HyStartTest {
    private static final long MS = 1_000_000L;
    private static final int MSS = 1000;
    /** 24 segments: above hystart_low_window, and small enough that hystart_ack_delay is its 1 ms cap. */
    private static final long CWND = 24L * MSS;

    private final TestAck ack = new TestAck();

    /**
     * delay_min 20 ms, ACKs 1 ms apart at a steady 20 ms RTT: a train of 12 ms. Unpaced the
     * threshold is (20 + 1) / 2 = 10.5 ms, so the ACK at 11 ms ends slow start; paced it is 21 ms,
     * which this train never reaches and a 22 ms train does.
     */
    @Test
    void theTrainThresholdIsTheWholeMinimumRttWhenTheConnectionPaces() {
        assertThat(exitAtTrainLength(false, 12)).isEqualTo(11);
        assertThat(exitAtTrainLength(true, 12)).isEqualTo(-1);
        assertThat(exitAtTrainLength(true, 30)).isEqualTo(22);
    }

    /**
     * delay_min 20 ms from an earlier round; then 30 ms samples, 3 ms apart so no train forms. The
     * bar is 20 + clamp(20/8, 4, 16) = 24 ms; Linux counts 8 samples before it tests, so the ninth
     * ends slow start.
     */
    @Test
    void theDelayTestStartsAtTheNinthSample() {
        HyStart h = new HyStart();
        h.onRoundStart(0);
        assertThat(h.exitSlowStart(ack(1 * MS, 20 * MS), CWND, MSS)).isFalse();
        h.onRoundStart(100 * MS);
        for (int i = 1; i <= 8; i++) {
            assertThat(h.exitSlowStart(ack(100 * MS + 3 * i * MS, 30 * MS), CWND, MSS)).as("sample %d", i).isFalse();
        }
        assertThat(h.exitSlowStart(ack(127 * MS, 30 * MS), CWND, MSS)).isTrue();
    }

    /** Below 16 segments neither test runs, however long the train or high the delay. */
    @Test
    void belowTheLowWindowNothingEndsSlowStart() {
        HyStart h = new HyStart();
        h.onRoundStart(0);
        for (int t = 1; t <= 40; t++) {
            assertThat(h.exitSlowStart(ack(t * MS, t == 1 ? 20 * MS : 60 * MS), 15L * MSS, MSS)).isFalse();
        }
    }

    /** An ACK without an RTT sample (Karn) neither extends the train nor counts as a delay sample. */
    @Test
    void anAckWithoutAnRttSampleIsNotSeen() {
        HyStart h = new HyStart();
        h.onRoundStart(0);
        assertThat(h.exitSlowStart(ack(1 * MS, 20 * MS), CWND, MSS)).isFalse();
        for (int t = 2; t <= 30; t++) {
            assertThat(h.exitSlowStart(ack(t * MS, -1), CWND, MSS)).isFalse();
        }
        // The train's last ACK is still the one at 1 ms: 29 ms later is no train.
        assertThat(h.exitSlowStart(ack(31 * MS, 20 * MS), CWND, MSS)).isFalse();
    }

    /**
     * hystart_ack_delay = min(1 ms, 4 × 64 KiB / pacing rate), the rate twice cwnd/SRTT: 2.5 MB
     * over 2 ms is 2.5 GB/s, so 262144 B take 104.9 µs; 24 KB over 20 ms is slow enough for the cap.
     */
    @Test
    void theAckDelayAllowanceIsFourAggregatesAtThePacingRate() {
        assertThat(HyStart.ackDelay(2_500_000, 2 * MS)).isEqualTo(104_857);
        assertThat(HyStart.ackDelay(CWND, 20 * MS)).isEqualTo(1 * MS);
        assertThat(HyStart.ackDelay(CWND, -1)).isZero();
    }

    /** The millisecond of a train 1 ms apart at which slow start ends, or -1. */
    private int exitAtTrainLength(boolean paced, int lengthMs) {
        HyStart h = new HyStart();
        h.connectionPaces(paced);
        h.onRoundStart(0);
        for (int t = 1; t <= lengthMs; t++) {
            if (h.exitSlowStart(ack(t * MS, 20 * MS), CWND, MSS)) {
                return t;
            }
        }
        return -1;
    }

    private TestAck ack(long now, long rtt) {
        return ack.set(now, MSS, rtt, 20 * MS, CWND, CWND - MSS, false, 0, 0, true, CaState.OPEN, 0);
    }
}
