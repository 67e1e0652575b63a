package io.tcplab.stack.script;

import static io.tcplab.stack.script.ScriptedPeer.plainSyn;
import static io.tcplab.stack.script.SegSpec.seg;
import static org.assertj.core.api.Assertions.assertThat;

import io.tcplab.stack.DropReason;
import io.tcplab.stack.conn.ConnectionError;
import io.tcplab.stack.conn.ConnectionOptions;
import io.tcplab.stack.conn.TcpState;
import org.junit.jupiter.api.Test;

/** When a RST is sent and when one is believed (RFC 9293 §3.5.2, §3.10.7; RFC 5961 §3-§5). */
class ResetScriptTest {

    private static ScriptedPeer established() {
        ScriptedPeer p = new ScriptedPeer(ConnectionOptions.defaults());
        p.acceptFrom(plainSyn());
        return p;
    }

    /** RFC 9293 §3.10.7.1: to a segment with ACK and no connection, <SEQ=SEG.ACK><CTL=RST>. */
    @Test
    void closedPortAnswersAnAckWithRstAtItsAckNumber() {
        ScriptedPeer p = new ScriptedPeer(ConnectionOptions.defaults());
        p.in(seg("P.").seq(100).ack(5000).len(10));
        p.expect(seg("R").seq(5000).win(0).noOptions().len(0));
        p.expectNothing();
        assertThat(p.drops(DropReason.NO_CONNECTION)).isEqualTo(1);
        assertThat(p.stack.stats().resetsSent()).isEqualTo(1);
    }

    /** RFC 9293 §3.10.7.1: without ACK, <SEQ=0><ACK=SEG.SEQ+SEG.LEN><CTL=RST,ACK>; SYN and FIN count in SEG.LEN. */
    @Test
    void closedPortAnswersASynWithRstAckAtSeqPlusLen() {
        ScriptedPeer p = new ScriptedPeer(ConnectionOptions.defaults());
        p.in(plainSyn().len(20));
        p.expect(seg("R.").rawSeq(0).ack(21).win(0).noOptions());
        p.expectNothing();
    }

    /** RFC 9293 §3.10.7.1: "an incoming segment containing a RST is discarded", never answered. */
    @Test
    void aRstIsNeverAnsweredWithARst() {
        ScriptedPeer p = new ScriptedPeer(ConnectionOptions.defaults());
        p.in(seg("R").seq(100));
        p.in(seg("R.").seq(100).ack(5));
        p.listen();
        p.in(seg("R").seq(100));
        p.expectNothing();
        assertThat(p.stack.stats().resetsSent()).isZero();
    }

    /** RFC 9293 §3.10.7.2: LISTEN answers an ACK (there is nothing to acknowledge) with <SEQ=SEG.ACK><CTL=RST>. */
    @Test
    void listenAnswersAnAckWithRst() {
        ScriptedPeer p = new ScriptedPeer(ConnectionOptions.defaults());
        p.listen();
        p.in(seg(".").seq(1).ack(77));
        p.expect(seg("R").seq(77));
        p.expectNothing();
        assertThat(p.stack.connections()).isEmpty();
    }

    /** RFC 5961 §3.2: a RST whose SEQ is exactly RCV.NXT resets the connection; the application sees RESET. */
    @Test
    void rstAtRcvNxtResetsTheConnection() {
        ScriptedPeer p = established();
        p.in(seg("R").seq(1));
        p.expectNothing();
        p.assertClosed(ConnectionError.RESET);
    }

    /**
     * Once reset, the connection is gone for the next segment of its four-tuple too (the stack
     * remembers the last connection a segment went to, and must forget it when it closes): RFC 9293
     * §3.10.7.1, an ACK to no connection gets <SEQ=SEG.ACK><CTL=RST>.
     */
    @Test
    void theSegmentAfterAResetFindsNoConnection() {
        ScriptedPeer p = established();
        p.in(seg(".").seq(1).ack(1).len(10));
        p.in(seg("R").seq(11));
        p.assertClosed(ConnectionError.RESET);
        p.in(seg(".").seq(11).ack(1).len(10));
        p.expect(seg("R").seq(1).win(0).noOptions().len(0));
        assertThat(p.drops(DropReason.NO_CONNECTION)).isEqualTo(1);
    }

    /** RFC 5961 §3.2: a RST in the window but not at RCV.NXT gets a challenge ACK; the connection stays. */
    @Test
    void inWindowRstGetsAChallengeAck() {
        ScriptedPeer p = established();
        p.in(seg("R").seq(1000));
        p.expect(seg(".").seq(1).ack(1).len(0));
        p.assertState(TcpState.ESTABLISHED);
        assertThat(p.stack.stats().challengeAcksSent()).isEqualTo(1);
        p.in(seg("R").seq(1)); // the real RST that the challenge asks for
        p.assertClosed(ConnectionError.RESET);
    }

    /** RFC 5961 §3.2 / RFC 9293 §3.10.7.4: a RST outside the window is dropped silently. */
    @Test
    void outOfWindowRstIsDroppedSilently() {
        ScriptedPeer p = established();
        p.in(seg("R").seq(-5));
        p.in(seg("R").seq(10_000_000));
        p.expectNothing();
        p.assertState(TcpState.ESTABLISHED);
        assertThat(p.drops(DropReason.OUT_OF_WINDOW)).isEqualTo(2);
    }

    /** RFC 9293 §3.10.7.3: in SYN-SENT a RST with an acceptable ACK means the connection is refused. */
    @Test
    void rstWithAcceptableAckInSynSentRefuses() {
        ScriptedPeer p = new ScriptedPeer(ConnectionOptions.defaults());
        p.connect();
        p.expect(seg("S").seq(0));
        p.in(seg("R.").seq(0).ack(1));
        p.expectNothing();
        p.assertClosed(ConnectionError.REFUSED);
    }

    /** RFC 9293 §3.10.7.3 (RFC 5961 §3): in SYN-SENT a RST without ACK is dropped. */
    @Test
    void rstWithoutAckInSynSentIsIgnored() {
        ScriptedPeer p = new ScriptedPeer(ConnectionOptions.defaults());
        p.connect();
        p.expect(seg("S").seq(0));
        p.in(seg("R").seq(0));
        p.expectNothing();
        p.assertState(TcpState.SYN_SENT);
        assertThat(p.handler.closed).isZero();
    }

    /** RFC 9293 §3.10.7.3: an unacceptable ACK in SYN-SENT is answered with <SEQ=SEG.ACK><CTL=RST>. */
    @Test
    void synAckWithUnacceptableAckInSynSentGetsRst() {
        ScriptedPeer p = new ScriptedPeer(ConnectionOptions.defaults());
        p.connect();
        p.expect(seg("S").seq(0));
        p.in(seg("S.").seq(0).ack(5).mss(1460));
        p.expect(seg("R").seq(5));
        p.assertState(TcpState.SYN_SENT);
        assertThat(p.drops(DropReason.BAD_ACK)).isEqualTo(1);
    }

    /** RFC 9293 §3.10.7.4 "fifth", SYN-RECEIVED: an unacceptable ACK is answered with <SEQ=SEG.ACK><CTL=RST>. */
    @Test
    void unacceptableAckInSynReceivedGetsRst() {
        ScriptedPeer p = new ScriptedPeer(ConnectionOptions.defaults());
        p.listen();
        p.in(plainSyn());
        p.expect(seg("S.").seq(0).ack(1));
        p.in(seg(".").seq(1).ack(9));
        p.expect(seg("R").seq(9));
        p.assertState(TcpState.SYN_RECEIVED);
    }

    /** RFC 5961 §4.2: a SYN in a synchronized state, whatever its sequence number, gets a challenge ACK. */
    @Test
    void synInEstablishedGetsAChallengeAck() {
        ScriptedPeer p = established();
        p.advanceTo(100);
        p.in(plainSyn().seq(500));
        p.expect(seg(".").seq(1).ack(1).len(0).at(100));
        p.assertState(TcpState.ESTABLISHED);
        p.in(plainSyn().seq(-10_000)); // out of the window: still a challenge ACK, as Linux (syn_challenge)
        p.expect(seg(".").seq(1).ack(1).len(0));
        p.assertState(TcpState.ESTABLISHED);
        p.expectNothing();
        assertThat(p.stack.stats().challengeAcksSent()).isEqualTo(2);
    }

    /** RFC 5961 §4.2 with §7: out-of-window SYNs share the challenge-ACK rate limit; they cannot make us flood. */
    @Test
    void outOfWindowSynsAreRateLimitedChallenges() {
        ScriptedPeer p = established();
        for (int i = 0; i < 1005; i++) {
            p.in(plainSyn().seq(-100_000 - i));
        }
        for (int i = 0; i < 1000; i++) {
            p.expect(seg(".").seq(1).ack(1));
        }
        p.expectNothing();
        assertThat(p.stack.stats().challengeAcksSent()).isEqualTo(1000);
        assertThat(p.drops(DropReason.OUT_OF_WINDOW)).isEqualTo(1005);
        p.assertState(TcpState.ESTABLISHED);
    }

    /** RFC 9293 §3.10.7.4 "fifth": an ACK for data not yet sent (SEG.ACK > SND.NXT) is answered with an ACK and dropped. */
    @Test
    void ackOfUnsentDataIsAnsweredAndItsDataDropped() {
        ScriptedPeer p = established();
        p.write(100);
        p.expect(seg("P.").seq(1).len(100));
        p.in(seg("P.").seq(1).ack(500).len(50));
        p.expect(seg(".").seq(101).ack(1).len(0));
        p.expectNothing();
        assertThat(p.connection().readableBytes()).isZero();
        assertThat(p.drops(DropReason.BAD_ACK)).isEqualTo(1);
    }

    /** RFC 5961 §5.2: an ACK below SND.UNA - MAX.SND.WND is dropped with a challenge ACK. */
    @Test
    void ackTooOldGetsAChallengeAck() {
        ScriptedPeer p = established();
        p.in(seg("P.").seq(1).ack(-70_000).len(50)); // MAX.SND.WND is 65535
        p.expect(seg(".").seq(1).ack(1).len(0));
        assertThat(p.connection().readableBytes()).isZero();
        assertThat(p.stack.stats().challengeAcksSent()).isEqualTo(1);
        p.in(seg("P.").seq(1).ack(-60_000).len(50)); // old but within MAX.SND.WND: acceptable
        assertThat(p.connection().readableBytes()).isEqualTo(50);
    }

    /** RFC 5961 §7: challenge ACKs are rate limited (1000 a second by default, Linux's number). */
    @Test
    void challengeAcksAreRateLimited() {
        ScriptedPeer p = established();
        for (int i = 0; i < 1005; i++) {
            p.in(seg("R").seq(1000 + i));
        }
        for (int i = 0; i < 1000; i++) {
            p.expect(seg(".").seq(1).ack(1));
        }
        p.expectNothing();
        p.advanceTo(1000);
        p.in(seg("R").seq(1000));
        p.expect(seg(".").seq(1).ack(1));
    }

    /**
     * RFC 9293 §3.10.7.4 "second", SYN-RECEIVED: a RST for a connection that came from SYN-SENT (simultaneous
     * open) means "connection refused".
     */
    @Test
    void rstInSynReceivedAfterAnActiveOpenRefuses() {
        ScriptedPeer p = new ScriptedPeer(ConnectionOptions.defaults());
        p.connect();
        p.expect(seg("S").seq(0));
        p.in(plainSyn());
        p.expect(seg("S.").seq(0).ack(1));
        p.assertState(TcpState.SYN_RECEIVED);
        p.in(seg("R").seq(1));
        p.expectNothing();
        p.assertClosed(ConnectionError.REFUSED);
    }

    /** RFC 9293 §3.10.7.4 "second", SYN-RECEIVED from a passive open: a RST returns to LISTEN, nothing is sent. */
    @Test
    void rstInSynReceivedAfterAPassiveOpenForgetsTheConnection() {
        ScriptedPeer p = new ScriptedPeer(ConnectionOptions.defaults());
        p.listen();
        p.in(plainSyn());
        p.expect(seg("S.").seq(0).ack(1));
        p.in(seg("R").seq(1));
        p.expectNothing();
        assertThat(p.stack.connections()).isEmpty();
        p.advanceTo(10_000);
        p.expectNothing(); // and no SYN-ACK retransmission
    }
}
