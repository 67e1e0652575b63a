package io.tcplab.stack.cc;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * Congestion avoidance under {@code count=acks}: Linux 2.6.24's tcp_reno_cong_avoid with
 * tcp_abc = 0 adds one segment on the ACK that finds snd_cwnd_cnt at cwnd, so one segment per
 * cwnd + 1 ACKs, however many segments each ACK covers; byte counting adds one per cwnd of
 * acknowledged bytes.
 */
class AckCountingTest {
    private static final int MSS = 1000;

    /** An ACK in the open state, of {@code acked} bytes, with the window in use. */
    private static final class Ack extends AckSample {
        Ack(long acked) {
            ackedBytes = acked;
            cwndLimited = true;
            caState = CaState.OPEN;
        }
    }

    /** Reno in congestion avoidance at 10 segments (ssthresh 10 after a loss at 20). */
    private static Reno atTenSegments(String spec) {
        Reno reno = (Reno) CongestionControls.create(spec);
        reno.init(new CcInit(MSS, 20L * MSS, false, true, false, 0, 0));
        reno.ssthreshOnCongestion(CongestionSignal.DUPTHRESH_LOSS, 20L * MSS, 0);
        assertThat(reno.cwndBytes()).isEqualTo(10L * MSS);
        return reno;
    }

    /** ACKs of {@code segmentsPerAck} segments until cwnd grows; the number of ACKs it took. */
    private static int acksToGrow(Reno reno, int segmentsPerAck) {
        long start = reno.cwndBytes();
        int acks = 0;
        while (reno.cwndBytes() == start) {
            reno.onAck(new Ack((long) segmentsPerAck * MSS));
            acks++;
        }
        assertThat(reno.cwndBytes()).isEqualTo(start + MSS);
        return acks;
    }

    @Test
    void countingAcksGrowsOneSegmentPerCwndPlusOneAcks() {
        Reno reno = atTenSegments("reno:count=acks");
        assertThat(acksToGrow(reno, 1)).as("w = 10").isEqualTo(11);
        assertThat(acksToGrow(reno, 1)).as("w = 11").isEqualTo(12);
    }

    @Test
    void countingAcksIgnoresHowMuchEachAckCovers() {
        assertThat(acksToGrow(atTenSegments("reno:count=acks"), 2)).as("delayed ACKs, w = 10").isEqualTo(11);
    }

    @Test
    void countingBytesGrowsOneSegmentPerWindowOfBytes() {
        assertThat(acksToGrow(atTenSegments("reno"), 1)).as("w = 10, one segment per ACK").isEqualTo(10);
        assertThat(acksToGrow(atTenSegments("reno"), 2)).as("w = 10, two segments per ACK").isEqualTo(5);
    }

    @Test
    void unknownCountingIsRejectedWithTheChoices() {
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> CongestionControls.create("reno:count=packets"))
                .hasMessageContaining("bytes|acks");
    }

    /**
     * Slow start after a stretch ACK of four segments (as GRO or ACK thinning make): RFC 3465 adds
     * L = 2 SMSS, counting ACKs one segment, counting segments (today's Linux tcp_slow_start) all four.
     */
    @Test
    void aStretchAckInSlowStartGrowsByItsSegmentsOnlyWhenCountingSegments() {
        assertThat(slowStartGrowth("reno", 4)).isEqualTo(2L * MSS);
        assertThat(slowStartGrowth("reno:count=acks", 4)).isEqualTo(MSS);
        assertThat(slowStartGrowth("reno:count=segments", 4)).isEqualTo(4L * MSS);
        assertThat(slowStartGrowth("reno:count=segments", 1)).as("one segment: all the same").isEqualTo(MSS);
    }

    private static long slowStartGrowth(String spec, int segments) {
        Reno reno = (Reno) CongestionControls.create(spec);
        reno.init(new CcInit(MSS, 10L * MSS, false, true, false, 0, 0));
        long before = reno.cwndBytes();
        reno.onAck(new Ack((long) segments * MSS));
        return reno.cwndBytes() - before;
    }
}
