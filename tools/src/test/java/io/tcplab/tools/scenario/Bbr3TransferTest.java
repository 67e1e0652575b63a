package io.tcplab.tools.scenario;

import static org.assertj.core.api.Assertions.assertThat;

import io.tcplab.stack.conn.ConnectionOptions;
import io.tcplab.tools.link.Limit;
import io.tcplab.tools.link.LinkParams;
import org.junit.jupiter.api.Test;

/**
 * Issue 18: a transfer with bbr3 through the emulator arrives whole (SHA-256 equal) under 1%
 * random loss and a shallow queue (30 KB, an eighth of the 100 Mbit/s × 20 ms BDP), where its
 * loss recovery and its loss-bounded model are both exercised.
 */
class Bbr3TransferTest {
    private static final long SIZE = 32L << 20;

    @Test
    void bbr3TransfersIntactUnderLossAndAShallowQueue() {
        LinkParams forward = new LinkParams().setRateBitsPerSec(100_000_000L).setDelayNanos(10_000_000L)
                .setQueueLimit(Limit.bytes(30 * 1024)).setLossProbability(0.01);
        LinkParams reverse = new LinkParams().setRateBitsPerSec(100_000_000L).setDelayNanos(10_000_000L);
        ConnectionOptions options = ConnectionOptions.builder().congestionControl("bbr3")
                .sendBufferBytes(8 << 20).receiveBufferBytes(8 << 20).build();
        TransferResult r = TransferRunner.run(new TransferSpec(SIZE, forward, reverse, null, 7, options, -1,
                3_600_000_000_000L), null);
        assertThat(r.complete()).as("transfer completed: %s", r).isTrue();
        assertThat(r.bytesReceived()).isEqualTo(SIZE);
        assertThat(r.sha256Received()).isEqualTo(r.sha256Sent());
        assertThat(r.segmentsRetransmitted()).isPositive();
        assertThat(r.fastRecoveries()).isPositive();
        assertThat(r.goodputBitsPerSec()).as("goodput").isGreaterThan(40e6); // far above a loss-based window at 1%
    }
}
