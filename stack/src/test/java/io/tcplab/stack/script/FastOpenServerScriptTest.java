package io.tcplab.stack.script;

import static io.tcplab.stack.script.ScriptedPeer.plainSyn;
import static io.tcplab.stack.script.SegSpec.seg;
import static org.assertj.core.api.Assertions.assertThat;

import io.tcplab.stack.Listener;
import io.tcplab.stack.conn.Connection;
import io.tcplab.stack.conn.ConnectionError;
import io.tcplab.stack.conn.ConnectionOptions;
import io.tcplab.stack.conn.FastOpen;
import io.tcplab.stack.conn.TcpState;
import java.util.HexFormat;
import org.junit.jupiter.api.Test;

/**
 * A listener with TCP Fast Open (RFC 7413 §4.2.2). The stack's key is Linux's sysctl
 * tcp_fastopen_key a0bf63f7-ed803d81-cd641d30-cebc4a90 as bytes; the cookie of the peer 10.0.0.2
 * to us 10.0.0.1 under it, 65c5df19cf623e15, was worked out apart from this code (SipHash-2-4
 * over the two addresses, as Linux's __tcp_fastopen_cookie_gen_cipher; FastOpenCookiesTest checks
 * the same computation against cookies Linux itself printed).
 */
class FastOpenServerScriptTest {
    private static final byte[] KEY = HexFormat.of().parseHex("f763bfa0813d80ed301d64cd904abcce");
    private static final String COOKIE = "65c5df19cf623e15";

    private static ScriptedPeer server(FastOpen fastOpen) {
        ConnectionOptions options = ConnectionOptions.builder().fastOpen(fastOpen).build();
        return new ScriptedPeer(options, b -> b.fastOpenKey(KEY));
    }

    private static ScriptedPeer server() {
        return server(FastOpen.OFF.withServerQueue(16));
    }

    /** §4.2.2: a cookie request gets the cookie on the first SYN-ACK only (Linux's retransmissions carry none). */
    @Test
    void answersACookieRequestOnTheFirstSynAck() {
        ScriptedPeer p = server();
        p.listen();
        p.in(plainSyn().fastOpen("FO"));
        p.expect(seg("S.").seq(0).ack(1).mss(1460).fastOpen("FO " + COOKIE).len(0).at(0));
        p.advanceTo(1000);
        p.expect(seg("S.").seq(0).ack(1).fastOpen("none").at(1000));
        p.in(seg(".").seq(1).ack(1));
        p.accept();
        p.assertState(TcpState.ESTABLISHED);
        assertThat(p.connection().info().fastOpenChild()).isFalse();
    }

    /**
     * §4.2.2: a valid cookie makes the connection at once: the SYN-ACK acknowledges the SYN's 10
     * bytes without echoing the cookie, the application reads them before the handshake completes
     * and may answer at once; the final ACK then completes the handshake.
     */
    @Test
    void aValidCookieDeliversTheSynsDataAndLetsTheServerAnswerAtOnce() {
        ScriptedPeer p = server();
        Listener listener = p.listen();
        p.in(plainSyn().len(10).fastOpen("FO " + COOKIE));
        p.expect(seg("S.").seq(0).ack(11).mss(1460).fastOpen("none").len(0).at(0));
        assertThat(listener.pendingAccepts()).isEqualTo(1);
        Connection c = p.accept();
        p.assertState(TcpState.SYN_RECEIVED);
        assertThat(c.readableBytes()).isEqualTo(10);
        assertThat(p.read(100)).isEqualTo(10);
        assertThat(c.info().fastOpenChild()).isTrue();
        assertThat(c.info().synDataAcked()).isTrue(); // Linux's TCPI_OPT_SYN_DATA

        assertThat(p.write(100)).isEqualTo(100);
        p.expect(seg("P.").seq(1).ack(11).len(100).at(0));
        p.expectNothing();

        p.advanceTo(10);
        p.in(seg(".").seq(11).ack(1));
        p.assertState(TcpState.ESTABLISHED);
        assertThat(p.handler.established).isEqualTo(1);
        assertThat(c.info().srttNanos()).isEqualTo(10_000_000L); // the SYN-ACK's RTT (RFC 6298 §2.2)
        p.in(seg(".").seq(11).ack(101));
        assertThat(c.info().bytesAcked()).isEqualTo(100);
        p.expectNothing();
    }

    /** Linux: a valid cookie with no data still makes a Fast Open connection, which may send at once. */
    @Test
    void aValidCookieWithoutDataMakesTheConnectionToo() {
        ScriptedPeer p = server();
        p.listen();
        p.in(plainSyn().fastOpen("FO " + COOKIE));
        p.expect(seg("S.").seq(0).ack(1).fastOpen("none"));
        p.accept();
        assertThat(p.connection().info().fastOpenChild()).isTrue();
        assertThat(p.connection().info().synDataAcked()).isFalse();
        p.write(100);
        p.expect(seg("P.").seq(1).ack(1).len(100));
    }

    /**
     * §4.2.2: an invalid cookie falls back to an ordinary handshake: the SYN-ACK acknowledges only
     * the SYN and carries the valid cookie, in the SYN's (experimental) form; nothing is accepted
     * before the final ACK, and the SYN's data was not taken.
     */
    @Test
    void anInvalidCookieFallsBackAndIsAnsweredWithTheValidOne() {
        ScriptedPeer p = server();
        Listener listener = p.listen();
        p.in(plainSyn().len(10).fastOpen("FOEXP 0011223344556677"));
        p.expect(seg("S.").seq(0).ack(1).fastOpen("FOEXP " + COOKIE).len(0));
        assertThat(listener.accept()).isNull();
        p.in(seg(".").seq(1).ack(1));
        p.accept();
        p.assertState(TcpState.ESTABLISHED);
        assertThat(p.connection().readableBytes()).isZero();
    }

    /** RFC 9293 only: a listener without Fast Open ignores the option and the SYN's data. */
    @Test
    void aListenerWithoutFastOpenIgnoresTheOption() {
        ScriptedPeer p = server(FastOpen.OFF);
        p.listen();
        p.in(plainSyn().len(10).fastOpen("FO " + COOKIE));
        p.expect(seg("S.").seq(0).ack(1).fastOpen("none"));
    }

    /**
     * §5.1: at most serverQueue Fast Open connections in SYN-RECEIVED; beyond, a SYN with a valid
     * cookie gets an ordinary handshake and no option (Linux's tcp_fastopen_queue_check comes
     * first); once the first completes its handshake, Fast Open works again.
     */
    @Test
    void theQueueLimitsPendingFastOpenConnections() {
        ScriptedPeer p = server(FastOpen.OFF.withServerQueue(1));
        Listener listener = p.listen();
        p.in(plainSyn().len(10).fastOpen("FO " + COOKIE));
        p.expect(seg("S.").seq(0).ack(11));
        p.in(plainSyn().len(10).fastOpen("FO " + COOKIE).fromPort(40001));
        Seg second = p.next();
        assertThat(second.ack()).isEqualTo(1);
        assertThat(second.fastOpen()).isEqualTo("none");
        assertThat(listener.pendingAccepts()).isEqualTo(1);
        p.in(seg(".").seq(11).ack(1));
        p.in(plainSyn().len(10).fastOpen("FO " + COOKIE).fromPort(40002));
        assertThat(p.next().ack()).isEqualTo(11);
        assertThat(listener.pendingAccepts()).isEqualTo(2);
    }

    /** Linux bit 0x200: a listener that needs no cookie takes the data of a SYN without the option. */
    @Test
    void aListenerThatNeedsNoCookieTakesDataOnAPlainSyn() {
        ScriptedPeer p = server(FastOpen.OFF.withServerQueue(16).withServerWithoutCookie(true));
        p.listen();
        p.in(plainSyn().len(1000));
        p.expect(seg("S.").seq(0).ack(1001).fastOpen("none"));
        p.accept();
        assertThat(p.read(2000)).isEqualTo(1000);
    }

    /**
     * A RST before the application accepted a Fast Open connection closes it with a reset, but
     * it stays in the accept queue with its data readable (Linux: reset-before-accept.pkt).
     */
    @Test
    void aResetBeforeAcceptLeavesTheDataReadable() {
        ScriptedPeer p = server();
        p.listen();
        p.in(plainSyn().len(10).fastOpen("FO " + COOKIE));
        p.expect(seg("S.").seq(0).ack(11));
        p.advanceTo(100);
        p.in(seg("R.").seq(11).ack(1));
        Connection c = p.accept();
        assertThat(c.state()).isEqualTo(TcpState.CLOSED);
        assertThat(c.error()).isEqualTo(ConnectionError.RESET);
        assertThat(p.read(512)).isEqualTo(10);
        assertThat(p.stackConnections()).isZero();
    }

    /** RFC 2525 §2.17: closing with the SYN's data unread resets, from SYN-RECEIVED too: <SEQ=SND.NXT><ACK=RCV.NXT><RST,ACK>. */
    @Test
    void closingWithTheSynsDataUnreadResets() {
        ScriptedPeer p = server();
        p.listen();
        p.in(plainSyn().len(10).fastOpen("FO " + COOKIE));
        p.expect(seg("S.").seq(0).ack(11));
        p.accept();
        p.advanceTo(100);
        p.close();
        p.expect(seg("R.").seq(1).ack(11).len(0).at(100));
        p.assertState(TcpState.CLOSED);
    }

    /** Over IPv6 the cookie hashes both 16-byte addresses (worked out apart: 793958062347088d). */
    @Test
    void ipv6CookiesHashTheWholeAddresses() {
        ScriptedPeer p = new ScriptedPeer(ConnectionOptions.builder().fastOpen(FastOpen.OFF.withServerQueue(16)).build(),
                true, b -> b.fastOpenKey(KEY));
        p.listen();
        p.in(plainSyn().fastOpen("FO"));
        p.expect(seg("S.").seq(0).ack(1).fastOpen("FO 793958062347088d"));
    }

    /**
     * Linux's tcp_fastopen_create_child: the peer's SYN offered a window of 10000 bytes, which
     * counts from our ISS + 1 although our SYN is not yet acknowledged: ten segments of 1000 go.
     */
    @Test
    void theSynsWindowCountsFromAfterOurSyn() {
        ScriptedPeer p = server();
        p.listen();
        p.in(plainSyn().mss(1000).win(10_000).fastOpen("FO " + COOKIE));
        p.expect(seg("S.").seq(0).ack(1));
        p.accept();
        p.write(15_000);
        for (int i = 0; i < 10; i++) {
            p.expect(seg(".").seq(1 + 1000 * i).len(1000));
        }
        p.expectNothing();
    }
}
