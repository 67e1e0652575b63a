package io.tcplab.stack.script;

import static org.assertj.core.api.Assertions.assertThat;

import io.tcplab.stack.DropReason;
import io.tcplab.stack.RandomSource;
import io.tcplab.stack.StackConfig;
import io.tcplab.stack.TcpStack;
import io.tcplab.stack.buffer.ReceiveBuffer;
import io.tcplab.stack.conn.Connection;
import io.tcplab.stack.conn.ConnectionOptions;
import io.tcplab.stack.testing.RemoteHosts;
import io.tcplab.stack.wire.TcpHeader;
import org.junit.jupiter.api.Test;

/**
 * A flood of one-byte segments, each leaving a hole before it (the cheapest way to make a
 * receiver keep bookkeeping): what is kept is bounded by the window (bytes) and by the range
 * budget (ranges, {@link ReceiveBuffer#rangeBudget}); everything else is dropped and counted by
 * reason. The connection stays usable: the hole's data then arrives and is read in order.
 */
class OutOfOrderFloodScriptTest {
    private static final int PORT = 8080;
    private static final int PEER_PORT = 40_000;
    private static final int BUFFER = 256 << 10;

    @Test
    void oneByteSegmentsWithHolesAreBoundedByTheWindowAndTheRangeBudget() {
        RemoteHosts peer = new RemoteHosts();
        ConnectionOptions options = ConnectionOptions.builder().receiveBufferBytes(BUFFER).build();
        peer.stack = new TcpStack(StackConfig.builder(RandomSource.seeded(7)).address(RemoteHosts.STACK_ADDRESS)
                .defaultOptions(options).build(), peer);
        Connection[] accepted = new Connection[1];
        peer.stack.listen(PORT, null, (c, t) -> {
            accepted[0] = c;
            return null;
        });
        long now = 1_000;
        assertThat(peer.open(now, PEER_PORT, PORT)).isTrue();
        Connection c = accepted[0];
        long rcvNxt = RemoteHosts.PEER_ISN + 1L;
        long ack = peer.seen(PEER_PORT).seq + 1;
        int budget = ReceiveBuffer.rangeBudget(BUFFER);
        assertThat(budget).isEqualTo(BUFFER / 64);

        // offsets 1, 3, 5, ... up to twice the buffer: the first half fits the window, the rest does not
        int floods = BUFFER;
        long maxRanges = 0;
        for (int i = 0; i < floods; i++) {
            peer.send(now += 1_000, PEER_PORT, PORT, TcpHeader.ACK, rcvNxt + 2L * i + 1, ack, 65535, 1);
            maxRanges = Math.max(maxRanges, c.memory().outOfOrderRanges());
        }
        assertThat(maxRanges).isEqualTo(budget);
        assertThat(c.memory().outOfOrderRangeCapacity()).isLessThanOrEqualTo(2 * budget);
        assertThat(c.memory().bufferBytesAllocated()).isLessThanOrEqualTo(BUFFER + (8 << 10));
        var drops = peer.stack.stats().dropsByReason();
        // within the window but past the budget: the range limit; past the window: out of window
        long inWindow = BUFFER / 2;
        assertThat(drops.get(DropReason.OUT_OF_ORDER_RANGE_LIMIT)).isEqualTo(inWindow - budget);
        assertThat(drops.get(DropReason.OUT_OF_WINDOW)).isEqualTo(floods - inWindow);
        assertThat(drops.keySet()).containsOnly(DropReason.OUT_OF_ORDER_RANGE_LIMIT, DropReason.OUT_OF_WINDOW);
        // every flood segment was answered by at most one duplicate ACK (RFC 5681 §4.2), challenge ACKs limited
        assertThat(peer.stack.stats().packetsSent()).isLessThanOrEqualTo(floods + 2);

        // the holes fill with real data: everything the budget kept joins it, in order
        int filled = 2 * budget;
        for (int i = 0; i < filled; i += 1_000) {
            peer.send(now += 1_000, PEER_PORT, PORT, TcpHeader.ACK, rcvNxt + i, ack, 65535, Math.min(1_000, filled - i));
        }
        assertThat(c.memory().outOfOrderRanges()).isZero();
        assertThat(c.readableBytes()).isEqualTo(filled);
    }
}
