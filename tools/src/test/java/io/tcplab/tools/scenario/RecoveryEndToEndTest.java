package io.tcplab.tools.scenario;

import static org.assertj.core.api.Assertions.assertThat;

import io.tcplab.stack.conn.ConnectionOptions;
import io.tcplab.stack.trace.TraceEvent;
import io.tcplab.tools.link.Limit;
import io.tcplab.tools.link.LinkParams;
import io.tcplab.tools.link.LinkSchedule;
import org.junit.jupiter.api.Test;

/**
 * Issue 7's emulated acceptance: the losses a drop-tail queue makes when slow start overshoots it,
 * and every other packet lost across a window of more than 10,000 segments, are repaired by
 * RACK-TLP without a retransmission timeout, as Linux repairs them on the same path.
 */
class RecoveryEndToEndTest {
    private static final long MB = 1_000_000L;

    private static TransferResult run(long bytes, long rate, long rttNanos, Limit queue, LinkSchedule schedule,
                                      ConnectionOptions options, MaxCwnd maxCwnd) {
        LinkParams forward = new LinkParams().setRateBitsPerSec(rate).setDelayNanos(rttNanos / 2).setQueueLimit(queue);
        LinkParams reverse = new LinkParams().setRateBitsPerSec(rate).setDelayNanos(rttNanos / 2).setQueueLimit(queue);
        TransferResult r = TransferRunner.run(new TransferSpec(bytes, forward, reverse, schedule, 11, options, -1,
                600_000_000_000L), maxCwnd);
        assertThat(r.streamsEqual()).isTrue();
        return r;
    }

    private static ConnectionOptions buffers(int bytes) {
        return TransferSpecs.options(bytes);
    }

    /** 100 Mbit/s, 40 ms, a one-BDP (500 kB) queue: slow start overshoots and loses hundreds of segments. */
    @Test
    void slowStartOvershootAt100MbitIsRepairedWithoutATimeout() {
        MaxCwnd trace = new MaxCwnd();
        TransferResult r = run(64L << 20, 100_000_000L, 40_000_000L, Limit.bytes(500_000), null,
                buffers(4 << 20), trace);
        assertThat(r.segmentsRetransmitted()).as("the overshoot lost segments").isGreaterThan(100);
        assertThat(r.rtoCount()).isZero();
        assertThat(r.goodputBitsPerSec()).as("the kernel reaches 91.9 Mbit/s here").isGreaterThan(88e6);
    }

    /** Seed 000's path: 400 Mbit/s, 82 ms, a 2 MB queue (half a BDP). */
    @Test
    void slowStartOvershootAt400MbitIsRepairedWithoutATimeout() {
        TransferResult r = run(128L << 20, 400_000_000L, 82_000_000L, Limit.bytes(2 * MB), null,
                buffers(32 << 20), new MaxCwnd());
        assertThat(r.segmentsRetransmitted()).isGreaterThan(1000);
        assertThat(r.rtoCount()).isZero();
    }

    /**
     * Scalable TCP reduces by 1/8 only, so after the overshoot the queue keeps overflowing and one
     * loss episode begins while the last one's retransmissions are still out. The ACK that moves
     * SND.UNA then echoes an older retransmission's timestamp; Eifel must not take that for proof of
     * a spurious episode (it did: 457 undos and as many re-entries in this run).
     */
    @Test
    void backToBackEpisodesAreNotUndoneByAnOlderRetransmissionsEcho() {
        TransferResult r = run(64L << 20, 100_000_000L, 40_000_000L, Limit.bytes(500_000), null,
                buffers(4 << 20).toBuilder().congestionControl("scalable").build(), new MaxCwnd());
        assertThat(r.fastRecoveries()).isGreaterThan(1);
        assertThat(r.spuriousUndos()).isZero();
    }

    /** The same overshoot with RFC 6675 alone ends in a timeout: what RACK is for. */
    @Test
    void withoutRackTheSameOvershootNeedsTheTimer() {
        TransferResult r = run(128L << 20, 400_000_000L, 82_000_000L, Limit.bytes(2 * MB), null,
                buffers(32 << 20).toBuilder().recovery("rfc6675").build(), new MaxCwnd());
        assertThat(r.rtoCount()).isPositive();
    }

    /**
     * 1 Gbit/s, 150 ms and a queue that never overflows: once the window is above 10,000 segments,
     * every second packet is lost for one round trip. Over 5,000 holes at once, each one SACKed around,
     * repaired without a timeout; the receiver drops nothing for want of room or ranges.
     */
    @Test
    void everySecondPacketLostAcrossATenThousandSegmentWindow() {
        MaxCwnd trace = new MaxCwnd();
        LinkSchedule burst = LinkSchedule.parse("loss-every=2@2200ms,loss-every=0@2350ms");
        TransferResult r = run(512L << 20, 1_000_000_000L, 150_000_000L, Limit.NONE, burst, buffers(64 << 20), trace);
        assertThat(trace.maxCwndAtBurst).as("window when the burst began").isGreaterThan(10_000L * 1448);
        assertThat(r.segmentsRetransmitted()).isGreaterThan(5_000);
        assertThat(r.rtoCount()).isZero();
        assertThat(r.drops()).doesNotContainKeys("b.receive_buffer_full", "b.out_of_order_range_limit");
    }

    /** The largest cwnd the sender's trace showed before 2.2 s. */
    private static final class MaxCwnd implements io.tcplab.stack.trace.TraceListener {
        long maxCwndAtBurst;

        @Override
        public void onTrace(io.tcplab.stack.trace.TraceRecord r) {
            if (r.event == TraceEvent.SEND && r.nowNanos < 2_200_000_000L) {
                maxCwndAtBurst = Math.max(maxCwndAtBurst, r.cwnd);
            }
        }
    }
}
