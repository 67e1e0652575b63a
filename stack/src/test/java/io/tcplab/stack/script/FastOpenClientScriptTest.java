package io.tcplab.stack.script;

import static io.tcplab.stack.script.SegSpec.seg;
import static org.assertj.core.api.Assertions.assertThat;

import io.tcplab.stack.conn.Connection;
import io.tcplab.stack.conn.ConnectionOptions;
import io.tcplab.stack.conn.FastOpen;
import io.tcplab.stack.conn.TcpState;
import org.junit.jupiter.api.Test;

/**
 * An active open with TCP Fast Open (RFC 7413 §4.1, §4.2.1), as Linux's client runs it. Without
 * timestamps our SYN is mss 1460, sackOK, wscale 7 (16 bytes) and the option after them; the
 * initial RTO is 1 s.
 */
class FastOpenClientScriptTest {
    private static final ConnectionOptions CLIENT = ConnectionOptions.builder().timestamps(false)
            .fastOpen(FastOpen.OFF.withClient(true)).build();
    private static final String COOKIE = "1122334455667788";

    /** A first connection asks for a cookie and gets one with the server's MSS 1000; it is then closed. */
    private static ScriptedPeer withCookie() {
        ScriptedPeer p = new ScriptedPeer(CLIENT);
        p.connect();
        p.expect(seg("S").seq(0).len(0).mss(1460).sackOk().wscale(7).fastOpen("FO").at(0));
        p.advanceTo(10);
        p.in(seg("S.").seq(0).ack(1).mss(1000).fastOpen("FO " + COOKIE));
        p.expect(seg(".").seq(1).ack(1).len(0).at(10));
        p.abort();
        p.expect(seg("R.").seq(1));
        return p;
    }

    /**
     * §4.1.1, §4.1.3: without a cookie the SYN asks for one; §4.2.1: with it, the next SYN waits for
     * the application's data and carries the cached MSS 1000 less 40 bytes of it (Linux keeps room
     * for the most options a middlebox may add), with the cookie; the SYN-ACK acknowledges it all.
     */
    @Test
    void aCachedCookieSendsTheFirstWriteInTheSyn() {
        ScriptedPeer p = withCookie();
        Connection c = p.reconnect();
        p.expectNothing();
        assertThat(c.state()).isEqualTo(TcpState.SYN_SENT);
        assertThat(c.synWaitsForData()).isTrue();
        assertThat(c.writableBytes()).isEqualTo(960);
        p.advanceTo(20);
        assertThat(p.write(5000)).isEqualTo(960);
        p.expect(seg("S").seq(0).len(960).mss(1460).fastOpen("FO " + COOKIE).at(20));
        assertThat(c.synWaitsForData()).isFalse();
        p.advanceTo(40);
        p.in(seg("S.").seq(0).ack(961).mss(1000));
        p.expect(seg(".").seq(961).ack(1).len(0).at(40));
        p.expectNothing();
        assertThat(c.info().synDataAcked()).isTrue();
        assertThat(c.info().bytesAcked()).isEqualTo(960);
        assertThat(c.info().srttNanos()).isEqualTo(20_000_000L);
        assertThat(c.info().segmentsRetransmitted()).isZero();
    }

    /**
     * §4.2.1: a SYN-ACK that acknowledges only the SYN (the server did not take the data) makes the
     * client send the data again at once, which carries the ACK: no pure ACK before it. It counts
     * as a retransmission (Linux marks the SYN's data lost), without a congestion response.
     */
    @Test
    void dataTheSynAckLeavesUnacknowledgedGoesAgainAtOnce() {
        ScriptedPeer p = withCookie();
        Connection c = p.reconnect();
        p.write(700);
        p.expect(seg("S").seq(0).len(700).fastOpen("FO " + COOKIE).at(10));
        p.advanceTo(40);
        p.in(seg("S.").seq(0).ack(1).mss(1000).fastOpen("FO " + COOKIE));
        p.expect(seg("P.").seq(1).ack(1).len(700).at(40));
        p.expectNothing();
        assertThat(c.info().synDataAcked()).isFalse();
        assertThat(c.info().retransmissionsInFlight()).isEqualTo(1);
        assertThat(c.info().segmentsRetransmitted()).isEqualTo(1);
        assertThat(c.info().cwndBytes()).isEqualTo(10 * 1000); // RFC 6928's initial window, not reduced
        p.advanceTo(60);
        p.in(seg(".").seq(1).ack(701));
        assertThat(c.info().bytesAcked()).isEqualTo(700);
        assertThat(c.info().outstandingSegments()).isZero();
    }

    /**
     * A SYN-ACK that acknowledges part of the data (101 of 960) and lowers the MSS to 500: the
     * other 860 bytes go again at once in segments of the new size.
     */
    @Test
    void aPartialAcknowledgementResendsTheRestInSegmentsOfTheNewMss() {
        ScriptedPeer p = withCookie();
        Connection c = p.reconnect();
        p.write(960);
        p.expect(seg("S").seq(0).len(960));
        p.advanceTo(40);
        p.in(seg("S.").seq(0).ack(101).mss(500));
        p.expect(seg(".").seq(101).ack(1).len(500).at(40));
        p.expect(seg("P.").seq(601).ack(1).len(360).at(40));
        p.expectNothing();
        assertThat(c.info().outstandingSegments()).isEqualTo(2);
        assertThat(c.info().retransmissionsInFlight()).isEqualTo(2);
    }

    /**
     * §4.1.3: a retransmitted SYN carries neither the option nor the data; the SYN-ACK to it,
     * acknowledging the SYN only, sends the data again. The cookie stays cached.
     */
    @Test
    void aRetransmittedSynCarriesNoOptionAndNoData() {
        ScriptedPeer p = withCookie();
        p.reconnect();
        p.write(700);
        p.expect(seg("S").seq(0).len(700).fastOpen("FO " + COOKIE).at(10));
        p.advanceTo(1010);
        p.expect(seg("S").seq(0).len(0).mss(1460).fastOpen("none").at(1010));
        p.advanceTo(1020);
        p.in(seg("S.").seq(0).ack(1).mss(1000));
        p.expect(seg("P.").seq(1).ack(1).len(700).at(1020));
        p.abort();
        p.expect(seg("R."));
        p.reconnect();
        p.write(10);
        p.expect(seg("S").seq(0).len(10).fastOpen("FO " + COOKIE));
    }

    /**
     * Linux's fallback (tcp_rcv_fastopen_synack's try_exp): a server that answers a kind-34 request
     * with no cookie is asked once in the experimental form (kind 254, ExID 0xF989); answered
     * without a cookie again, the client goes back to kind 34 for good.
     */
    @Test
    void anUnansweredRequestIsTriedOnceInTheExperimentalForm() {
        ScriptedPeer p = new ScriptedPeer(CLIENT);
        String[] forms = {"FO", "FOEXP", "FO", "FO"};
        for (int i = 0; i < forms.length; i++) {
            if (i > 0) {
                p.reconnect();
            } else {
                p.connect();
            }
            p.expect(seg("S").seq(0).len(0).fastOpen(forms[i]));
            p.in(seg("S.").seq(0).ack(1).mss(1460));
            p.expect(seg(".").seq(1).ack(1));
            p.abort();
            p.expect(seg("R."));
        }
    }

    /**
     * Linux bit 0x4 (RFC 7413 §4.1.3 leaves cookie-less use to closed environments): the SYN
     * carries up to 1460 - 40 bytes and no option; a cookie the server sends unasked is not kept.
     */
    @Test
    void withoutCookiesTheSynCarriesDataAndNoOption() {
        ScriptedPeer p = new ScriptedPeer(ConnectionOptions.builder().timestamps(false)
                .fastOpen(FastOpen.OFF.withClient(true).withClientWithoutCookie(true)).build());
        p.connect();
        p.expectNothing();
        assertThat(p.write(5000)).isEqualTo(1420);
        p.expect(seg("S").seq(0).len(1420).fastOpen("none"));
        p.in(seg("S.").seq(0).ack(1421).mss(1460).fastOpen("FO " + COOKIE));
        p.expect(seg(".").seq(1421).ack(1).len(0));
        p.abort();
        p.expect(seg("R."));
        p.reconnect(CLIENT);
        p.expect(seg("S").seq(0).len(0).fastOpen("FO"));
    }

    /** A write of nothing sends the waiting SYN with the cookie and no data (Linux: a 0-byte sendto). */
    @Test
    void anEmptyWriteSendsTheWaitingSynWithTheCookieAlone() {
        ScriptedPeer p = withCookie();
        Connection c = p.reconnect();
        assertThat(p.write(0)).isZero();
        p.expect(seg("S").seq(0).len(0).fastOpen("FO " + COOKIE));
        assertThat(c.synWaitsForData()).isFalse();
    }

    /** The SYN's data is bounded by our MSS whatever the server's cached one: 1460 - 40. */
    @Test
    void aLargerServerMssIsBoundedByOurs() {
        ScriptedPeer p = new ScriptedPeer(CLIENT);
        p.connect();
        p.expect(seg("S").fastOpen("FO"));
        p.in(seg("S.").seq(0).ack(1).mss(10000).fastOpen("FO " + COOKIE));
        p.expect(seg("."));
        p.abort();
        p.expect(seg("R."));
        p.reconnect();
        assertThat(p.write(5000)).isEqualTo(1420);
    }

    /** Linux's ip tcp_metrics flush: the stack forgets its cookies, and asks again. */
    @Test
    void forgettingTheCookiesAsksAgain() {
        ScriptedPeer p = withCookie();
        p.stack.forgetFastOpenCookies(p.nowNanos());
        p.reconnect();
        p.expect(seg("S").seq(0).len(0).fastOpen("FO"));
    }

    /** RFC 9293 only: a connection without Fast Open neither asks nor waits. */
    @Test
    void withoutFastOpenTheSynHasNoOption() {
        ScriptedPeer p = withCookie();
        p.reconnect(ConnectionOptions.builder().timestamps(false).build());
        p.expect(seg("S").seq(0).len(0).fastOpen("none"));
    }
}
