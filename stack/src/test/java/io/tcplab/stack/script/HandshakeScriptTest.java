package io.tcplab.stack.script;

import static io.tcplab.stack.script.ScriptedPeer.fullSyn;
import static io.tcplab.stack.script.ScriptedPeer.plainSyn;
import static io.tcplab.stack.script.SegSpec.seg;
import static org.assertj.core.api.Assertions.assertThat;

import io.tcplab.stack.DropReason;
import io.tcplab.stack.conn.ConnectionError;
import io.tcplab.stack.conn.ConnectionOptions;
import io.tcplab.stack.conn.TcpState;
import org.junit.jupiter.api.Test;

/** The three-way handshake and option negotiation (RFC 9293 §3.5, §3.10.7.2-3; RFC 7323; RFC 2018). */
class HandshakeScriptTest {
    private static final long MS = 1_000_000L;

    /** RFC 9293 §3.10.7.2: LISTEN answers a SYN with <SEQ=ISS><ACK=RCV.NXT><CTL=SYN,ACK> and its options. */
    @Test
    void passiveOpenAnswersSynWithOurOptionsAndAcceptsAfterTheAck() {
        ScriptedPeer p = new ScriptedPeer(ConnectionOptions.defaults());
        p.listen();
        p.in(fullSyn());
        // 4 MiB buffer: scale 7 (RFC 7323 §2.3), window unscaled in the SYN-ACK (§2.2); TSecr echoes the SYN's TSval
        p.expect(seg("S.").seq(0).ack(1).win(65535).mss(1460).sackOk().ts(0, ScriptedPeer.PEER_TS0).wscale(7)
                .sack().len(0).at(0));
        p.assertState(TcpState.SYN_RECEIVED);
        assertThat(p.stack.connections()).hasSize(1);

        p.advanceTo(10);
        p.in(seg(".").seq(1).ack(1).win(512));
        p.expectNothing();
        p.accept();
        p.assertState(TcpState.ESTABLISHED);
        assertThat(p.connection().info().mss()).isEqualTo(1448); // 1460 less the 12 bytes of timestamps
        assertThat(p.connection().info().sendWindowShift()).isEqualTo(7);
        assertThat(p.connection().info().receiveWindowShift()).isEqualTo(7);
    }

    /** RFC 9293 §3.10.7.3: SYN-SENT takes an acceptable SYN-ACK, enters ESTABLISHED and sends <ACK=RCV.NXT>. */
    @Test
    void activeOpenSendsSynWithOptionsAndAcknowledgesTheSynAck() {
        ScriptedPeer p = new ScriptedPeer(ConnectionOptions.defaults());
        p.connect();
        p.expect(seg("S").seq(0).win(65535).mss(1460).sackOk().ts(0, 0).wscale(7).len(0).at(0));
        p.assertState(TcpState.SYN_SENT);

        p.advanceTo(30);
        p.in(seg("S.").seq(0).ack(1).win(65535).mss(1400).sackOk().ts(ScriptedPeer.PEER_TS0, 0).wscale(2));
        // window 4 MiB >> 7; TS.Recent is the SYN-ACK's TSval
        p.expect(seg(".").seq(1).ack(1).win(32768).ts(30, ScriptedPeer.PEER_TS0).sack().len(0).at(30));
        p.assertState(TcpState.ESTABLISHED);
        assertThat(p.handler.established).isEqualTo(1);
        assertThat(p.connection().info().mss()).isEqualTo(1388);
        assertThat(p.connection().info().sendWindowShift()).isEqualTo(2);
        assertThat(p.connection().info().srttNanos()).isEqualTo(30 * MS); // RFC 6298 §2.2 first sample
    }

    /**
     * RFC 9293 §3.10.7.3: the ACK of the SYN-ACK is formed on entering ESTABLISHED, so it leaves
     * before what the application writes when told — as Linux sends it — and no pure ACK follows
     * the data, which already acknowledged the SYN-ACK.
     */
    @Test
    void activeOpenAcknowledgesTheSynAckBeforeTheApplicationsFirstData() {
        ScriptedPeer p = new ScriptedPeer(ConnectionOptions.defaults());
        p.handler.whenEstablished = () -> p.write(2 * 1388);
        p.connect();
        p.expect(seg("S").seq(0));
        p.advanceTo(30);
        p.in(seg("S.").seq(0).ack(1).win(65535).mss(1400).sackOk().ts(ScriptedPeer.PEER_TS0, 0).wscale(2));
        p.expect(seg(".").seq(1).ack(1).len(0).at(30));
        p.expect(seg(".").seq(1).ack(1).len(1388).at(30));
        p.expect(seg("P.").seq(1389).ack(1).len(1388).at(30));
        p.expectNothing();
    }

    /**
     * RFC 9293 §3.10.7.3: text in a SYN-ACK is processed as in ESTABLISHED, so the ACK of the
     * SYN-ACK acknowledges it and the application can read it (a Fast Open server answers with data
     * this way, RFC 7413 §4.2.2).
     */
    @Test
    void dataOnTheSynAckIsTakenAndAcknowledged() {
        ScriptedPeer p = new ScriptedPeer(ConnectionOptions.builder().timestamps(false).build());
        p.connect();
        p.expect(seg("S").seq(0));
        p.advanceTo(10);
        p.in(seg("S.").seq(0).ack(1).mss(1460).len(300));
        p.expect(seg(".").seq(1).ack(301).len(0).at(10));
        p.expectNothing();
        p.assertState(TcpState.ESTABLISHED);
        assertThat(p.handler.readable).isEqualTo(1);
        assertThat(p.read(1000)).isEqualTo(300);
    }

    /**
     * RFC 7323 §2.2, §3.2 and RFC 2018 §2: an option the peer's SYN lacks is not used at all; RFC 9293
     * §3.7.1: without an MSS option the send MSS is 536.
     */
    @Test
    void peerWithoutOptionsGetsNoneAndTheDefaultMss() {
        ScriptedPeer p = new ScriptedPeer(ConnectionOptions.defaults());
        p.listen();
        p.in(seg("S").seq(0).win(8000));
        p.expect(seg("S.").seq(0).ack(1).win(65535).mss(1460).wscale(-1).sackOk(false).noTs());
        p.in(seg(".").seq(1).ack(1).win(8000));
        p.accept();

        p.write(2 * 536);
        p.expect(seg(".").seq(1).ack(1).win(65535).noOptions().len(536)); // no scaling: 4 MiB shows as 65535
        p.expect(seg("P.").seq(537).ack(1).win(65535).noOptions().len(536));
        p.expectNothing();
    }

    /** RFC 9293 §3.5 figure 8: simultaneous open, each side's SYN-ACK completes the other's handshake. */
    @Test
    void simultaneousOpen() {
        ScriptedPeer p = new ScriptedPeer(ConnectionOptions.defaults());
        p.connect();
        p.expect(seg("S").seq(0));
        p.advanceTo(5);
        p.in(seg("S").seq(0).win(65535).mss(1460).sackOk().ts(ScriptedPeer.PEER_TS0, 0).wscale(7));
        p.expect(seg("S.").seq(0).ack(1).mss(1460).sackOk().wscale(7).ts(5, ScriptedPeer.PEER_TS0).at(5));
        p.assertState(TcpState.SYN_RECEIVED);

        p.advanceTo(10);
        p.in(seg("S.").seq(0).ack(1).win(65535).mss(1460).sackOk().ts(ScriptedPeer.PEER_TS0 + 5, 0).wscale(7));
        p.assertState(TcpState.ESTABLISHED);
        p.expectNothing(); // figure 8 line 6-7: no further ACK is needed
        assertThat(p.handler.established).isEqualTo(1);

        p.write(100);
        p.expect(seg("P.").seq(1).ack(1).len(100));
    }

    /**
     * RFC 6298 §5.5 applied to the SYN (as RFC 9293 §3.8.1 asks): each expiry doubles the interval;
     * after synRetries retransmissions the open fails with TIMEOUT.
     */
    @Test
    void synIsRetransmittedWithBackoffUntilTheRetryLimit() {
        ScriptedPeer p = new ScriptedPeer(ConnectionOptions.builder().synRetries(3).build());
        p.connect();
        p.expect(seg("S").seq(0).at(0));
        p.advanceTo(999);
        p.expectNothing();
        p.advanceTo(1000);
        p.expect(seg("S").seq(0).mss(1460).at(1000));
        p.advanceTo(2999);
        p.expectNothing();
        p.advanceTo(3000);
        p.expect(seg("S").seq(0).at(3000));
        p.advanceTo(7000);
        p.expect(seg("S").seq(0).at(7000));
        p.advanceTo(14_999);
        p.expectNothing();
        p.assertState(TcpState.SYN_SENT);
        p.advanceTo(15_000);
        p.expectNothing();
        p.assertClosed(ConnectionError.TIMEOUT);
    }

    /** Linux's TCP_SYNCNT on a connecting socket: a new limit holds from the next timeout (1 retry: gone at 3 s). */
    @Test
    void theSynRetryLimitCanChangeWhileConnecting() {
        ScriptedPeer p = new ScriptedPeer(ConnectionOptions.builder().synRetries(6).build());
        p.connect();
        p.expect(seg("S").seq(0).at(0));
        p.connection().socketOptions().setSynRetries(p.nowNanos(), 1);
        p.advanceTo(1000);
        p.expect(seg("S").seq(0).at(1000));
        p.advanceTo(2999);
        p.assertState(TcpState.SYN_SENT);
        p.advanceTo(3000);
        p.expectNothing();
        p.assertClosed(ConnectionError.TIMEOUT);
    }

    /** RFC 6298 §5.5 with §2.5: the doubling is bounded by the maximum RTO, for the SYN as for data. */
    @Test
    void synBackoffIsCappedAtTheMaximumRto() {
        ScriptedPeer p = new ScriptedPeer(ConnectionOptions.builder().synRetries(4).maxRtoNanos(4000 * MS).build());
        p.connect();
        p.expect(seg("S").at(0));
        p.advanceTo(20_000);
        p.expect(seg("S").at(1000));
        p.expect(seg("S").at(3000));
        p.expect(seg("S").at(7000));
        p.expect(seg("S").at(11_000)); // 4 s, not 8 s
        p.expectNothing();
        p.assertClosed(ConnectionError.TIMEOUT);
        assertThat(p.handler.error).isEqualTo(ConnectionError.TIMEOUT);
    }

    /**
     * RFC 6298 §5.7: when the SYN had to be retransmitted, the RTO for data starts at 3 s (the SYN gave no
     * RTT sample under Karn's rule).
     */
    @Test
    void rtoIsThreeSecondsAfterARetransmittedSyn() {
        ScriptedPeer p = new ScriptedPeer(ConnectionOptions.defaults());
        p.connect();
        p.expect(seg("S").at(0));
        p.advanceTo(1000);
        p.expect(seg("S").at(1000));
        p.advanceTo(1100);
        p.in(seg("S.").seq(0).ack(1).win(65535).mss(1460));
        p.expect(seg(".").seq(1).ack(1));
        p.write(100);
        p.expect(seg("P.").seq(1).len(100).at(1100));
        p.advanceTo(4099);
        p.expectNothing();
        p.advanceTo(4100);
        p.expect(seg("P.").seq(1).len(100).at(4100));
    }

    /** RFC 9293 §3.10.7.4 (SYN-RECEIVED): a retransmitted SYN means our SYN-ACK was lost; send it again. */
    @Test
    void retransmittedSynInSynReceivedGetsTheSynAckAgain() {
        ScriptedPeer p = new ScriptedPeer(ConnectionOptions.defaults());
        p.listen();
        p.in(plainSyn());
        p.expect(seg("S.").seq(0).ack(1).at(0));
        p.advanceTo(500);
        p.in(plainSyn());
        p.expect(seg("S.").seq(0).ack(1).mss(1460).at(500));
        p.expectNothing();
        p.in(seg(".").seq(1).ack(1));
        p.accept();
        p.assertState(TcpState.ESTABLISHED);
        p.expectNothing();
    }

    /** RFC 9293 §3.8.1: the SYN-ACK is retransmitted on its timer; after synRetries the half-open connection goes. */
    @Test
    void synAckIsRetransmittedThenTheHalfOpenConnectionIsForgotten() {
        ScriptedPeer p = new ScriptedPeer(ConnectionOptions.builder().synRetries(2).build());
        p.listen();
        p.in(plainSyn());
        p.expect(seg("S.").seq(0).ack(1).at(0));
        p.advanceTo(10_000);
        p.expect(seg("S.").seq(0).ack(1).at(1000));
        p.expect(seg("S.").seq(0).ack(1).at(3000));
        p.expectNothing();
        assertThat(p.stack.connections()).isEmpty();
        p.assertState(TcpState.CLOSED);
    }

    /** A full accept queue (the backlog) drops the SYN without an answer (the peer retries) and counts it. */
    @Test
    void synIsDroppedAndCountedWhenTheBacklogIsFull() {
        ScriptedPeer p = new ScriptedPeer(ConnectionOptions.defaults(), 1);
        p.listen();
        p.in(plainSyn());
        p.expect(seg("S.").seq(0).ack(1));
        p.in(seg(".").seq(1).ack(1).win(65535));
        assertThat(p.stack.connections()).hasSize(1); // made, waiting in the accept queue
        p.in(plainSyn().fromPort(40001));
        p.expectNothing();
        assertThat(p.drops(DropReason.BACKLOG_FULL)).isEqualTo(1);
        assertThat(p.stack.connections()).hasSize(1);
    }

    /** Without SYN cookies a full SYN queue drops the SYN without an answer and counts it. */
    @Test
    void synIsDroppedAndCountedWhenTheSynQueueIsFullAndCookiesAreOff() {
        ScriptedPeer p = new ScriptedPeer(ConnectionOptions.defaults(), b -> b.synQueue(1).synCookies(false));
        p.listen();
        p.in(plainSyn());
        p.expect(seg("S.").seq(0).ack(1));
        p.in(plainSyn().fromPort(40001));
        p.expectNothing();
        assertThat(p.drops(DropReason.SYN_QUEUE_FULL)).isEqualTo(1);
        assertThat(p.stack.stats().synQueueOverflows()).isEqualTo(1);
        assertThat(p.stack.connections()).hasSize(1);
    }

    /** RFC 9293 §3.10.7.4 "fifth", SYN-RECEIVED: the ACK that completes the handshake may carry data. */
    @Test
    void theCompletingAckMayCarryData() {
        ScriptedPeer p = new ScriptedPeer(ConnectionOptions.defaults());
        p.listen();
        p.in(plainSyn());
        p.expect(seg("S.").seq(0).ack(1));
        p.in(seg("P.").seq(1).ack(1).len(300));
        p.accept();
        p.assertState(TcpState.ESTABLISHED);
        assertThat(p.read(1000)).isEqualTo(300);
        p.advanceTo(40);
        p.expect(seg(".").seq(1).ack(301).at(40));
    }

    /** RFC 9293 §3.10.7.4 "first": a retransmitted SYN-ACK (our ACK was lost) is old, and is answered with an ACK. */
    @Test
    void aRetransmittedSynAckIsAnsweredWithAnAck() {
        ScriptedPeer p = new ScriptedPeer(ConnectionOptions.defaults());
        p.connectWith(seg("S.").seq(0).ack(1).win(65535).mss(1460));
        p.advanceTo(1000);
        p.in(seg("S.").seq(0).ack(1).win(65535).mss(1460));
        p.expect(seg(".").seq(1).ack(1).len(0).at(1000));
        p.assertState(TcpState.ESTABLISHED);
        assertThat(p.handler.established).isEqualTo(1);
        p.expectNothing();
    }
}
