package io.tcplab.stack.script;

import static org.assertj.core.api.Assertions.assertThat;

import io.tcplab.stack.DropReason;
import io.tcplab.stack.Listener;
import io.tcplab.stack.RandomSource;
import io.tcplab.stack.StackConfig;
import io.tcplab.stack.TcpStack;
import io.tcplab.stack.conn.Connection;
import io.tcplab.stack.conn.ConnectionHandler;
import io.tcplab.stack.conn.ConnectionInfo;
import io.tcplab.stack.conn.ConnectionOptions;
import io.tcplab.stack.conn.TcpState;
import io.tcplab.stack.testing.RemoteHosts;
import io.tcplab.stack.wire.TcpHeader;
import io.tcplab.stack.wire.TcpOptions;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A SYN flood against a listener with a SYN queue of 8 (RFC 4987): the queue fills and never
 * holds more; every further SYN is answered with a SYN cookie (§3.6) and leaves no state; a
 * legitimate client that returns its cookie gets a connection and moves data; a forged or stale
 * cookie is refused with a RST; each defence is counted.
 */
class SynFloodScriptTest {
    private static final int PORT = 8080;
    private static final int QUEUE = 8;
    private static final long MS = 1_000_000L;
    private static final int FLOOD = 2_000;
    private static final int CLIENT = 60_000;

    private final RemoteHosts peers = new RemoteHosts();
    private final List<Connection> accepted = new ArrayList<>();
    private final byte[] readBuffer = new byte[4096];
    private final StringBuilder received = new StringBuilder();
    private Listener listener;
    private long now = MS;

    @BeforeEach
    void flood() {
        peers.stack = new TcpStack(StackConfig.builder(RandomSource.seeded(42)).address(RemoteHosts.STACK_ADDRESS)
                .synQueue(QUEUE).build(), peers);
        ConnectionHandler reader = new ConnectionHandler() {
            @Override
            public void onReadable(Connection c, long t) {
                int n;
                while ((n = c.read(t, readBuffer, 0, readBuffer.length)) > 0) {
                    received.append(new String(readBuffer, 0, n, java.nio.charset.StandardCharsets.US_ASCII));
                }
            }
        };
        listener = peers.stack.listen(PORT, null, (c, t) -> {
            accepted.add(c);
            return reader;
        });
        for (int i = 0; i < FLOOD; i++) {
            peers.options.clear();
            peers.options.setMss(1460);
            peers.send(now += 10_000, 1_000 + i, PORT, TcpHeader.SYN, 1_000_000L * i, 0, 65535, 0);
            assertThat(listener.halfOpen()).isLessThanOrEqualTo(QUEUE);
            assertThat(peers.seen(1_000 + i).flags).isEqualTo(TcpHeader.SYN | TcpHeader.ACK);
        }
    }

    @Test
    void theSynQueueStaysBoundedAndTheRestGetCookies() {
        assertThat(listener.halfOpen()).isEqualTo(QUEUE);
        assertThat(peers.stack.connections()).hasSize(QUEUE);
        assertThat(peers.stack.stats().synQueueOverflows()).isEqualTo(FLOOD - QUEUE);
        assertThat(peers.stack.stats().synCookiesSent()).isEqualTo(FLOOD - QUEUE);
        // the cookie SYN-ACK carries the MSS from the table; without timestamps nothing else
        RemoteHosts.Seen cookie = peers.seen(1_000 + FLOOD - 1);
        assertThat(cookie.mss).isEqualTo(1460);
        assertThat(cookie.timestamps).isFalse();
        assertThat(cookie.windowScale).isEqualTo(-1);
        assertThat(cookie.sackPermitted).isFalse();
        // the half-open ones time out; the queue empties and new SYNs get state again
        for (int s = 0; s < 200; s++) {
            peers.stack.poll(now += 1_000 * MS);
            assertThat(listener.halfOpen()).isLessThanOrEqualTo(QUEUE);
        }
        assertThat(listener.halfOpen()).isZero();
        assertThat(peers.stack.connections()).isEmpty();
    }

    @Test
    void aClientReturningItsCookieIsAcceptedWithItsOptionsAndTransfers() {
        peers.options.clear();
        peers.options.setMss(1400);
        peers.options.setSackPermitted(true);
        peers.options.setWindowScale(6);
        peers.options.setTimestamps(5_000, 0);
        peers.send(now += MS, CLIENT, PORT, TcpHeader.SYN, 777_000, 0, 65535, 0);
        RemoteHosts.Seen synAck = peers.seen(CLIENT);
        long cookie = synAck.seq;
        int cookieTsVal = synAck.tsVal;
        assertThat(synAck.flags).isEqualTo(TcpHeader.SYN | TcpHeader.ACK);
        assertThat(synAck.ack).isEqualTo(777_001);
        assertThat(synAck.timestamps).isTrue();
        assertThat(synAck.sackPermitted).isTrue();
        assertThat(synAck.windowScale).isEqualTo(TcpOptions.windowShiftFor(ConnectionOptions.defaults().receiveBufferBytes));
        assertThat(peers.stack.connections()).hasSize(QUEUE); // nothing kept for it

        peers.options.clear();
        peers.options.setTimestamps(5_001, cookieTsVal);
        peers.send(now += MS, CLIENT, PORT, TcpHeader.ACK | TcpHeader.PSH, 777_001, cookie + 1, 1000, 5);
        assertThat(peers.stack.stats().synCookiesValidated()).isEqualTo(1);
        assertThat(accepted).hasSize(1);
        Connection c = accepted.get(0);
        assertThat(c.state()).isEqualTo(TcpState.ESTABLISHED);
        assertThat(c.remotePort()).isEqualTo(CLIENT);
        ConnectionInfo info = c.info();
        assertThat(info.mss()).isEqualTo(1220 - 12); // the table's entry below 1400, less the timestamps
        assertThat(info.sack()).isTrue();
        assertThat(info.timestamps()).isTrue();
        assertThat(info.sendWindowShift()).isEqualTo(6);
        assertThat(listener.halfOpen()).isEqualTo(QUEUE);
        // the ACK's five bytes reached the application
        assertThat(received.length()).isEqualTo(5);

        // data the other way starts at the cookie + 1, with a TSval not older than the cookie's
        byte[] reply = "hello".getBytes(java.nio.charset.StandardCharsets.US_ASCII);
        c.write(now += MS, reply, 0, reply.length);
        RemoteHosts.Seen data = peers.seen(CLIENT);
        assertThat(data.payload).isEqualTo(5);
        assertThat(data.seq).isEqualTo(cookie + 1);
        assertThat(data.ack).isEqualTo(777_006);
        assertThat(data.tsVal - cookieTsVal).isGreaterThanOrEqualTo(0);
    }

    /**
     * The flood made the path lossy: the client's handshake ACK and first data segment were lost,
     * and a later data segment arrives first. Its SEQ − 1 is not the ISN the cookie hashed, so it
     * cannot open the connection — but it is dropped without a RST, so the client's retransmission
     * of its first segment still can (a RST would have reset a legitimate connection).
     */
    @Test
    void aLaterDataSegmentBeforeTheFirstIsDroppedWithoutAResetAndTheFirstStillOpens() {
        peers.options.clear();
        peers.options.setMss(1400);
        peers.send(now += MS, CLIENT, PORT, TcpHeader.SYN, 777_000, 0, 65535, 0);
        RemoteHosts.Seen synAck = peers.seen(CLIENT);
        long cookie = synAck.seq;
        int answers = synAck.count;
        peers.options.clear();
        peers.send(now += MS, CLIENT, PORT, TcpHeader.ACK, 777_001 + 100, cookie + 1, 65535, 5);
        assertThat(peers.seen(CLIENT).count).as("no answer to the early segment").isEqualTo(answers);
        assertThat(peers.stack.stats().drops(DropReason.BAD_SYN_COOKIE)).isEqualTo(1);
        assertThat(accepted).isEmpty();

        peers.send(now += MS, CLIENT, PORT, TcpHeader.ACK, 777_001, cookie + 1, 65535, 100); // the retransmission
        assertThat(peers.stack.stats().synCookiesValidated()).isEqualTo(1);
        assertThat(accepted).hasSize(1);
    }

    @Test
    void withoutTimestampsTheCookieConnectionHasOnlyTheMss() {
        assertThat(peers.open(now += MS, CLIENT, PORT)).isTrue(); // offers SACK and wscale, no timestamps
        assertThat(peers.seen(CLIENT).windowScale).isEqualTo(-1);
        assertThat(accepted).hasSize(1);
        ConnectionInfo info = accepted.get(0).info();
        assertThat(info.sack()).isFalse();
        assertThat(info.timestamps()).isFalse();
        assertThat(info.sendWindowShift()).isZero();
        assertThat(info.mss()).isEqualTo(1460);
    }

    @Test
    void aForgedCookieIsRefusedWithAResetAndCounted() {
        peers.options.clear();
        RemoteHosts.Seen flooded = peers.seen(1_000 + FLOOD - 1);
        long before = peers.stack.stats().resetsSent();
        // right four-tuple and ISN, cookie off by one
        peers.send(now += MS, 1_000 + FLOOD - 1, PORT, TcpHeader.ACK, 1_000_000L * (FLOOD - 1) + 1,
                flooded.seq + 2, 65535, 0);
        // a guess from a port that never sent a SYN
        peers.send(now += MS, CLIENT, PORT, TcpHeader.ACK, 12345, 67890, 65535, 0);
        assertThat(peers.stack.stats().synCookiesRejected()).isEqualTo(2);
        assertThat(peers.stack.stats().drops(DropReason.BAD_SYN_COOKIE)).isEqualTo(2);
        assertThat(peers.stack.stats().resetsSent()).isEqualTo(before + 2);
        assertThat(peers.seen(CLIENT).flags & TcpHeader.RST).isNotZero();
        assertThat(accepted).isEmpty();
        assertThat(peers.stack.connections()).hasSize(QUEUE);
    }

    @Test
    void aCookieOlderThanTwoPeriodsIsRefused() {
        int port = 1_000 + FLOOD - 1;
        RemoteHosts.Seen flooded = peers.seen(port);
        peers.options.clear();
        peers.send(now += 130_000 * MS, CLIENT, PORT, TcpHeader.SYN, 5, 0, 65535, 0); // the flood goes on
        assertThat(peers.stack.stats().synCookiesSent()).isEqualTo(FLOOD - QUEUE + 1);
        peers.send(now += MS, port, PORT, TcpHeader.ACK, 1_000_000L * (FLOOD - 1) + 1, flooded.seq + 1, 65535, 0);
        assertThat(peers.stack.stats().synCookiesRejected()).isEqualTo(1);
        assertThat(accepted).isEmpty();
    }

    @Test
    void aCookieIsAcceptedInTheNextPeriodToo() {
        int port = 1_000 + FLOOD - 1;
        RemoteHosts.Seen flooded = peers.seen(port);
        peers.options.clear();
        peers.send(now += 100_000 * MS, port, PORT, TcpHeader.ACK, 1_000_000L * (FLOOD - 1) + 1, flooded.seq + 1,
                65535, 0);
        assertThat(peers.stack.stats().synCookiesValidated()).isEqualTo(1);
        assertThat(accepted).hasSize(1);
    }
}
