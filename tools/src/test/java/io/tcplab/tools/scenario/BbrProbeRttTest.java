package io.tcplab.tools.scenario;

import static org.assertj.core.api.Assertions.assertThat;

import io.tcplab.stack.trace.TraceEvent;
import io.tcplab.tools.link.Limit;
import io.tcplab.tools.link.LinkParams;
import org.junit.jupiter.api.Test;

/**
 * BBR v1's ProbeRTT (Linux tcp_bbr.c): after 10 s without a new minimum RTT the window drops to
 * four segments for 200 ms and one round, then comes back to what it was (bbr_restore_cwnd) — the
 * kernel's trace shows a 200 ms dip. The window after it is computed from the ten-round bandwidth
 * filter, so this also needs rounds counted by packets, as Linux does (rounds counted by ACKs
 * ended two a round trip in the dip and, in `tcplab transfer --cc bbr --bytes 200MiB`, the filter
 * forgot the path's rate: 1.5 s to regrow).
 */
class BbrProbeRttTest {
    private static final long MS = 1_000_000L;

    @Test
    void theWindowComesBackRightAfterProbeRtt() {
        LinkParams path = new LinkParams().setRateBitsPerSec(100_000_000L).setDelayNanos(20 * MS)
                .setQueueLimit(Limit.bytes(500_000));
        long[] before = {0};
        long[] dipEnd = {-1};
        long[] after = {0};
        TransferRunner.run(new TransferSpec(200L << 20, path, path.copy(), null, 1,
                TransferSpecs.options(4 << 20).toBuilder().congestionControl("bbr").build(), -1, 600_000 * MS), r -> {
            if (r.event != TraceEvent.ACK || r.nowNanos < 5_000 * MS) {
                return; // past STARTUP and the overshoot's recovery
            }
            boolean dip = r.cwnd <= 4 * 1448;
            if (dipEnd[0] < 0 && !dip) {
                before[0] = r.cwnd;
            } else if (dip) {
                dipEnd[0] = r.nowNanos;
            } else if (dipEnd[0] > 0 && r.nowNanos < dipEnd[0] + 300 * MS) {
                after[0] = Math.max(after[0], r.cwnd);
            }
        });
        assertThat(dipEnd[0]).as("a ProbeRTT dip after 10 s").isGreaterThan(10_000 * MS);
        assertThat(before[0]).as("window before the dip").isGreaterThan(100L * 1448);
        assertThat(after[0]).as("window within 300 ms of the dip vs before it").isGreaterThanOrEqualTo(before[0] * 9 / 10);
    }
}
