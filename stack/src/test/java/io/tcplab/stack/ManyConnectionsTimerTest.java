package io.tcplab.stack;

import static org.assertj.core.api.Assertions.assertThat;

import io.tcplab.stack.conn.ConnectionOptions;
import io.tcplab.stack.testing.RemoteHosts;
import io.tcplab.stack.wire.TcpHeader;
import org.junit.jupiter.api.Test;

/**
 * 10,000 idle connections (keep-alive armed two hours out) and one busy one: the stack's next
 * deadline is the busy one's, found without a scan, and polling looks at the busy one only.
 */
class ManyConnectionsTimerTest {
    private static final long MS = 1_000_000L;
    private static final int PORT = 5001;
    private static final int IDLE = 10_000;

    @Test
    void pollVisitsOnlyTheDueConnection() {
        RemoteHosts peers = new RemoteHosts();
        ConnectionOptions options = ConnectionOptions.builder()
                .sendBufferBytes(4096).receiveBufferBytes(4096)
                .keepAlive(7_200_000 * MS, 75_000 * MS, 9)
                .build();
        peers.stack = new TcpStack(StackConfig.builder(RandomSource.seeded(3)).address(RemoteHosts.STACK_ADDRESS)
                .defaultOptions(options).backlog(IDLE + 1).build(), peers);
        peers.stack.listen(PORT, null, (c, t) -> null);
        long now = 0;
        for (int i = 0; i <= IDLE; i++) {
            assertThat(peers.open(now += 10_000, 10_000 + i, PORT)).isTrue();
        }
        assertThat(peers.stack.connections()).hasSize(IDLE + 1);
        long keepAliveDue = 7_200_000 * MS; // the first connection's, the earliest of all
        assertThat(peers.stack.nextDeadline()).isBetween(keepAliveDue, keepAliveDue + now);

        // the busy one: one data segment from the peer arms the delayed ACK (RFC 5681 §4.2)
        int busy = 10_000 + IDLE;
        long sent = now += MS;
        peers.send(sent, busy, PORT, TcpHeader.ACK | TcpHeader.PSH, RemoteHosts.PEER_ISN + 1L,
                peers.seen(busy).seq + 1, 65535, 100);
        long delayedAckDue = sent + options.delayedAckNanos;
        assertThat(peers.stack.nextDeadline()).isEqualTo(delayedAckDue);

        long examinedBefore = peers.stack.deadlineHeap().examined();
        int acksBefore = peers.seen(busy).count;
        peers.stack.poll(delayedAckDue - 1);
        assertThat(peers.seen(busy).count).isEqualTo(acksBefore);
        peers.stack.poll(delayedAckDue);
        assertThat(peers.seen(busy).count).isEqualTo(acksBefore + 1);
        assertThat(peers.seen(busy).ack).isEqualTo(RemoteHosts.PEER_ISN + 1L + 100);
        // the due connection and at most its two children in the heap: not 10,001
        assertThat(peers.stack.deadlineHeap().examined() - examinedBefore).isLessThanOrEqualTo(3);
        assertThat(peers.stack.nextDeadline()).isBetween(keepAliveDue, keepAliveDue + now);
    }
}
