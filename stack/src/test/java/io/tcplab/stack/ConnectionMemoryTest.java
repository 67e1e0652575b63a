package io.tcplab.stack;

import static org.assertj.core.api.Assertions.assertThat;

import io.tcplab.stack.conn.Connection;
import io.tcplab.stack.conn.ConnectionOptions;
import io.tcplab.stack.testing.RemoteHosts;
import io.tcplab.stack.wire.TcpHeader;
import org.junit.jupiter.api.Test;

/**
 * With the default 4 MiB buffers an idle connection allocates a few KiB of rings, and the
 * configured window is still honoured: a peer may fill all 4 MiB, and the application may queue
 * 4 MiB to send.
 */
class ConnectionMemoryTest {
    private static final int PORT = 5001;
    private static final int PEER_PORT = 40_000;
    private static final int MSS = 1448;

    private final RemoteHosts peers = new RemoteHosts();
    private Connection accepted;

    private Connection open(ConnectionOptions options) {
        peers.stack = new TcpStack(StackConfig.builder(RandomSource.seeded(1)).address(RemoteHosts.STACK_ADDRESS)
                .defaultOptions(options).build(), peers);
        peers.stack.listen(PORT, null, (c, t) -> {
            accepted = c;
            return null;
        });
        assertThat(peers.open(1_000, PEER_PORT, PORT)).isTrue();
        assertThat(accepted).isNotNull();
        return accepted;
    }

    @Test
    void anIdleConnectionAllocatesAFewKib() {
        Connection c = open(ConnectionOptions.defaults());
        assertThat(c.options().receiveBufferBytes).isEqualTo(4 << 20);
        assertThat(c.memory().bufferBytesAllocated()).isLessThanOrEqualTo(8 << 10);
    }

    @Test
    void thePeerMayFillTheWholeConfiguredWindowAndTheApplicationItsSendBuffer() {
        Connection c = open(ConnectionOptions.defaults());
        int capacity = c.options().receiveBufferBytes;
        long seq = RemoteHosts.PEER_ISN + 1L;
        long ack = peers.seen(PEER_PORT).seq + 1;
        long now = 2_000;
        int sent = 0;
        while (sent < capacity) {
            // RFC 9293 §3.8.6: the peer sends only inside the window we last announced (scaled by 2^7)
            RemoteHosts.Seen last = peers.seen(PEER_PORT);
            long rightEdge = last.ack + ((long) last.window << ((last.flags & TcpHeader.SYN) != 0 ? 0 : 7));
            int len = (int) Math.min(Math.min(MSS, capacity - sent), rightEdge - (seq + sent));
            if (len <= 0) {
                peers.stack.poll(now += 50_000_000L); // the delayed ACK brings a fresh window
                assertThat(peers.seen(PEER_PORT).ack + ((long) peers.seen(PEER_PORT).window << 7))
                        .isGreaterThan(rightEdge);
                continue;
            }
            peers.send(now += 1_000, PEER_PORT, PORT, TcpHeader.ACK, seq + sent, ack, 65535, len);
            sent += len;
        }
        assertThat(peers.stack.stats().dropsByReason()).isEmpty();
        assertThat(c.readableBytes()).isEqualTo(capacity);
        assertThat(c.memory().bufferBytesAllocated()).isLessThanOrEqualTo(capacity + (8 << 10));
        peers.stack.poll(now + 1_000_000_000L);
        assertThat(peers.seen(PEER_PORT).ack).isEqualTo((seq + capacity) & 0xFFFFFFFFL);
        // one byte past the configured size is not taken
        peers.send(now += 1_000_000_000L, PEER_PORT, PORT, TcpHeader.ACK, seq + capacity, ack, 65535, 1);
        assertThat(c.readableBytes()).isEqualTo(capacity);

        byte[] data = new byte[c.options().sendBufferBytes];
        assertThat(c.writableBytes()).isEqualTo(data.length);
        assertThat(c.write(now, data, 0, data.length)).isEqualTo(data.length);
    }
}
