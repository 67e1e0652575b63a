package io.tcplab.stack.script;

import static io.tcplab.stack.script.ScriptedPeer.plainSyn;
import static io.tcplab.stack.script.SegSpec.seg;
import static org.assertj.core.api.Assertions.assertThat;

import io.tcplab.stack.conn.ConnectionError;
import io.tcplab.stack.conn.ConnectionOptions;
import io.tcplab.stack.conn.TcpState;
import org.junit.jupiter.api.Test;

/** Closing a connection (RFC 9293 §3.6 figures 12-13, §3.10.4, §3.10.7.4 "eighth"). */
class CloseScriptTest {
    private static final long TIME_WAIT_MS = 2000;

    private static ScriptedPeer established() {
        ScriptedPeer p = new ScriptedPeer(ConnectionOptions.builder().timeWaitNanos(TIME_WAIT_MS * 1_000_000L).build());
        p.acceptFrom(plainSyn());
        return p;
    }

    /** RFC 9293 §3.6 figure 12, side A: FIN-WAIT-1 -> FIN-WAIT-2 -> TIME-WAIT -> CLOSED after 2 MSL. */
    @Test
    void activeClose() {
        ScriptedPeer p = established();
        p.advanceTo(100);
        p.close();
        p.expect(seg("F.").seq(1).ack(1).len(0).at(100));
        p.assertState(TcpState.FIN_WAIT_1);
        p.advanceTo(110);
        p.in(seg(".").seq(1).ack(2));
        p.expectNothing();
        p.assertState(TcpState.FIN_WAIT_2);
        p.advanceTo(120);
        p.in(seg("F.").seq(1).ack(2));
        p.expect(seg(".").seq(2).ack(2).len(0).at(120));
        p.assertState(TcpState.TIME_WAIT);
        p.advanceTo(120 + TIME_WAIT_MS - 1);
        p.assertState(TcpState.TIME_WAIT);
        p.advanceTo(120 + TIME_WAIT_MS);
        p.expectNothing();
        p.assertClosed(null);
    }

    /**
     * RFC 9293 §3.10.7.4, FIN-WAIT-1 "eighth": a FIN whose ACK also covers our FIN goes straight
     * to TIME-WAIT, skipping FIN-WAIT-2 and CLOSING.
     */
    @Test
    void finAndAckTogetherGoStraightToTimeWait() {
        ScriptedPeer p = established();
        p.advanceTo(100);
        p.close();
        p.expect(seg("F.").seq(1).ack(1).at(100));
        p.advanceTo(120);
        p.in(seg("F.").seq(1).ack(2));
        p.expect(seg(".").seq(2).ack(2).len(0).at(120));
        p.assertState(TcpState.TIME_WAIT);
        p.advanceTo(120 + TIME_WAIT_MS);
        p.assertClosed(null);
    }

    /** RFC 9293 §3.6 figure 12, side B: CLOSE-WAIT, the application reads EOF and closes, LAST-ACK -> CLOSED. */
    @Test
    void passiveClose() {
        ScriptedPeer p = established();
        p.advanceTo(100);
        p.in(seg("F.").seq(1).ack(1));
        p.expect(seg(".").seq(1).ack(2).at(100)); // a FIN is acknowledged at once
        p.assertState(TcpState.CLOSE_WAIT);
        assertThat(p.handler.readable).isEqualTo(1);
        assertThat(p.read(100)).isEqualTo(-1);
        p.advanceTo(200);
        p.close();
        p.expect(seg("F.").seq(1).ack(2).at(200));
        p.assertState(TcpState.LAST_ACK);
        p.in(seg(".").seq(2).ack(2));
        p.expectNothing();
        p.assertClosed(null);
    }

    /** RFC 9293 §3.6 figure 13: simultaneous close, FIN-WAIT-1 -> CLOSING -> TIME-WAIT. */
    @Test
    void simultaneousClose() {
        ScriptedPeer p = established();
        p.close();
        p.expect(seg("F.").seq(1).ack(1));
        p.advanceTo(10);
        p.in(seg("F.").seq(1).ack(1)); // the peer's FIN, sent before it saw ours
        p.expect(seg(".").seq(2).ack(2).at(10));
        p.assertState(TcpState.CLOSING);
        p.in(seg(".").seq(2).ack(2));
        p.assertState(TcpState.TIME_WAIT);
        p.advanceTo(10 + TIME_WAIT_MS);
        p.assertClosed(null);
        p.expectNothing();
    }

    /** RFC 9293 §3.10.4: after our FIN (half-close) we keep receiving until the peer closes its side. */
    @Test
    void halfCloseStillReceives() {
        ScriptedPeer p = established();
        p.write(300);
        p.expect(seg("P.").seq(1).len(300));
        p.shutdownOutput();
        p.expect(seg("F.").seq(301).ack(1)); // Nagle does not hold the FIN back
        p.in(seg(".").seq(1).ack(302));
        p.assertState(TcpState.FIN_WAIT_2);
        p.advanceTo(500);
        p.in(seg("P.").seq(1).ack(302).len(700));
        p.advanceTo(540);
        p.expect(seg(".").seq(302).ack(701).at(540));
        assertThat(p.read(1000)).isEqualTo(700);
        p.advanceTo(10_000); // no FIN-WAIT-2 timeout: the application still reads
        p.assertState(TcpState.FIN_WAIT_2);
        p.in(seg("F.").seq(701).ack(302));
        p.expect(seg(".").seq(302).ack(702));
        p.assertState(TcpState.TIME_WAIT);
        assertThat(p.read(10)).isEqualTo(-1);
    }

    /** RFC 9293 §3.10.7.4: a retransmitted FIN in TIME-WAIT (our last ACK was lost) is acknowledged again. */
    @Test
    void retransmittedFinInTimeWaitIsAcknowledgedAgain() {
        ScriptedPeer p = established();
        p.close();
        p.expect(seg("F.").seq(1).ack(1));
        p.in(seg("F.").seq(1).ack(2));
        p.expect(seg(".").seq(2).ack(2));
        p.assertState(TcpState.TIME_WAIT);
        p.advanceTo(1000);
        p.in(seg("F.").seq(1).ack(2));
        p.expect(seg(".").seq(2).ack(2).at(1000));
        p.assertState(TcpState.TIME_WAIT);
        p.expectNothing();
        p.advanceTo(1000 + TIME_WAIT_MS - 1); // the 2 MSL wait started again at 1000
        p.assertState(TcpState.TIME_WAIT);
        p.advanceTo(1000 + TIME_WAIT_MS);
        p.assertClosed(null);
    }

    /** RFC 9293 §3.10.7.4: an old duplicate FIN in CLOSE-WAIT is answered with an ACK and changes nothing. */
    @Test
    void retransmittedFinInCloseWaitIsAcknowledged() {
        ScriptedPeer p = established();
        p.in(seg("F.").seq(1).ack(1));
        p.expect(seg(".").ack(2));
        p.advanceTo(300);
        p.in(seg("F.").seq(1).ack(1));
        p.expect(seg(".").seq(1).ack(2).at(300));
        p.assertState(TcpState.CLOSE_WAIT);
    }

    /** RFC 2525 §2.17 (RFC 9293 §3.10.4 leaves it open): closing with unread data resets the connection. */
    @Test
    void closeWithUnreadDataSendsRst() {
        ScriptedPeer p = established();
        p.in(seg("P.").seq(1).ack(1).len(100));
        p.close();
        p.expect(seg("R.").seq(1).ack(101).len(0));
        p.expectNothing();
        p.assertClosed(ConnectionError.ABORTED);
    }

    /**
     * RFC 9293 §3.10.5: ABORT sends <SEQ=SND.NXT><CTL=RST> and the connection is gone; like Linux the
     * RST also carries the ACK of everything received.
     */
    @Test
    void abortSendsRstAtSndNxt() {
        ScriptedPeer p = established();
        p.write(500);
        p.expect(seg("P.").seq(1).len(500));
        p.abort();
        p.expect(seg("R.").seq(501).ack(1).len(0));
        p.assertClosed(ConnectionError.ABORTED);
        p.advanceTo(100_000);
        p.expectNothing();
    }

    /** RFC 9293 §3.10.7.4 FIN-WAIT-1: our FIN is retransmitted on the RTO until it is acknowledged. */
    @Test
    void lostFinIsRetransmitted() {
        ScriptedPeer p = established();
        p.close();
        p.expect(seg("F.").seq(1).ack(1).at(0));
        p.advanceTo(1000);
        p.expect(seg("F.").seq(1).ack(1).at(1000));
        p.in(seg(".").seq(1).ack(2));
        p.assertState(TcpState.FIN_WAIT_2);
        p.advanceTo(5000);
        p.expectNothing();
    }

    /**
     * RFC 9293 §3.10.7.4 note and RFC 6191: in TIME-WAIT a new SYN with a higher sequence number may open a new
     * incarnation of the connection.
     */
    @Test
    void timeWaitGivesWayToANewSynWithAHigherSequenceNumber() {
        ScriptedPeer p = established();
        p.close();
        p.expect(seg("F.").seq(1).ack(1));
        p.in(seg("F.").seq(1).ack(2));
        p.expect(seg(".").seq(2).ack(2));
        p.assertState(TcpState.TIME_WAIT);
        p.advanceTo(500);
        p.in(plainSyn().seq(100_000));
        Seg synAck = p.next();
        assertThat(synAck.has(io.tcplab.stack.wire.TcpHeader.SYN)).isTrue();
        assertThat(synAck.ack()).isEqualTo(100_001);
        assertThat(p.stack.connections()).hasSize(1);
        assertThat(p.stack.connections().iterator().next().state()).isEqualTo(TcpState.SYN_RECEIVED);
    }

    /** Linux tcp_fin_timeout (RFC 9293 §3.10.4 leaves it open): after close(), FIN-WAIT-2 does not last for ever. */
    @Test
    void finWait2EndsAfterATimeoutOnceClosed() {
        ScriptedPeer p = established();
        p.close();
        p.expect(seg("F.").seq(1).ack(1));
        p.in(seg(".").seq(1).ack(2));
        p.assertState(TcpState.FIN_WAIT_2);
        p.advanceTo(TIME_WAIT_MS);
        p.expectNothing();
        p.assertClosed(null);
    }

    /** RFC 9293 §3.10.7.4 "eighth": a FIN that arrives ahead of missing data takes effect when the hole fills. */
    @Test
    void aFinAheadOfAHoleWaitsForTheHole() {
        ScriptedPeer p = established();
        p.in(seg("F.").seq(501).ack(1).len(500));
        p.expect(seg(".").ack(1));
        p.assertState(TcpState.ESTABLISHED);
        p.in(seg(".").seq(1).ack(1).len(500));
        p.expect(seg(".").ack(1002));
        p.assertState(TcpState.CLOSE_WAIT);
        assertThat(p.read(2000)).isEqualTo(1000);
        assertThat(p.read(2000)).isEqualTo(-1);
    }
}
