package io.tcplab.stack.script;

import static io.tcplab.stack.script.ScriptedPeer.options;
import static io.tcplab.stack.script.ScriptedPeer.plainSyn;
import static io.tcplab.stack.script.SegSpec.seg;
import static org.assertj.core.api.Assertions.assertThat;

import io.tcplab.stack.conn.ConnectionInfo;
import io.tcplab.stack.conn.EcnMode;
import io.tcplab.stack.conn.TcpState;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Accurate ECN negotiation (RFC 9768 §3.1), segment by segment: every row of table 2 from both
 * ends, the handshake encoding of tables 3 and 4, the retransmission rules of §3.1.4 and
 * §3.2.3.2.2, and the mangling and zeroing tests of §3.2.2.3, §3.2.2.4 and §3.2.3.2.3–4.
 * ACE values are written as (AE,CWR,ECE) numbers: 0b010 is CWR alone.
 */
class AccEcnNegotiationScriptTest {
    private static final int NOT_ECT = 0;
    private static final int ECT1 = 1;
    private static final int ECT0 = 2;
    private static final int CE = 3;
    private static final int MSS = 1460 - 12;

    private static ScriptedPeer accEcnPeer() {
        return new ScriptedPeer(options().ecnMode(EcnMode.ACCECN).delayedAck(false).build());
    }

    private static ConnectionInfo info(ScriptedPeer p) {
        return p.connection().info();
    }

    /** The client sends its AccECN SYN (§3.1.1: AE, CWR and ECE, Not-ECT, no AccECN option, §3.2.3.2.1). */
    private static ScriptedPeer clientSentSyn() {
        ScriptedPeer p = accEcnPeer();
        p.connect();
        p.expect(seg("SEWA").seq(0).ecn(NOT_ECT).noAccEcn());
        return p;
    }

    private static SegSpec synAck(int ace) {
        return seg("S.").ace(ace).seq(0).ack(1).mss(1460).sackOk().ts(ScriptedPeer.PEER_TS0, 1).wscale(7)
                .accEcn0(1, 0, 1);
    }

    // ---------------------------------------------------------------- table 2 at the client

    /**
     * The top block and the reserved row of table 2: AccECN, and the SYN-ACK's flags say how our
     * Not-ECT SYN arrived; anything but Not-ECT is an invalid transition (§3.2.2.3), after which
     * we send Not-ECT but keep AccECN feedback. (1,0,1) counts as "arrived unchanged" (§3.1.3).
     */
    @ParameterizedTest(name = "SYN-ACK ACE {0}: ECT on our data {1}")
    @CsvSource({"2, true", "3, false", "4, false", "6, false", "5, true"})
    void anAccEcnSynAckPutsTheClientInAccEcnMode(int ace, boolean ectKept) {
        ScriptedPeer p = clientSentSyn();
        p.in(synAck(ace));
        // table 3: our ACK feeds back the SYN-ACK's Not-ECT as 0b010, with the option (§3.2.3.2.1)
        p.expect(seg(".").ace(0b010).seq(1).ack(1).len(0).accEcn0(1, 0, 1));
        assertThat(info(p).ecnMode()).isEqualTo(EcnMode.ACCECN);
        assertThat(info(p).accEcn().ectDisabled()).isEqualTo(!ectKept);
        assertThat(info(p).accEcn().optionsSeen()).isTrue();
        p.write(100);
        // r.cep = 5 = 0b101 on data; the second beacon option; ECT(0) unless mangling turned it off;
        // and no exact-CE-echo option with AccECN
        p.expect(seg("P.").ace(5).seq(1).ack(1).len(100).ecn(ectKept ? ECT0 : NOT_ECT).accEcn0(1, 0, 1));
        assertThat(info(p).exactCeEcho()).isFalse();
    }

    /** A CE-marked SYN (0b110 on the SYN-ACK) calls for a congestion response, s.cep staying 5 (§3.2.2.2). */
    @Test
    void aCeMarkOnTheSynIsRespondedToOnce() {
        ScriptedPeer p = clientSentSyn();
        p.in(synAck(0b110));
        p.expect(seg(".").ace(0b010).seq(1).ack(1));
        // Reno halves the initial window of 10 segments: ssthresh 5 segments
        assertThat(info(p).ssthreshBytes()).isEqualTo(5L * MSS);
        assertThat(info(p).accEcn().cePackets()).isZero();
    }

    /** The second block and the broken row: classic ECN after (0,0,1), none after (0,0,0) or (1,1,1). */
    @ParameterizedTest(name = "SYN-ACK ACE {0}: {1}")
    @CsvSource({"1, CLASSIC", "0, OFF", "7, OFF"})
    void anOlderServerMakesTheClientFallBack(int ace, EcnMode mode) {
        ScriptedPeer p = clientSentSyn();
        p.in(synAck(ace).noAccEcn());
        p.expect(seg(".").seq(1).ack(1).noAccEcn()); // no ACE, no option
        assertThat(info(p).ecnMode()).isEqualTo(mode);
        p.write(100);
        p.expect(seg("P.").seq(1).len(100).ecn(mode == EcnMode.CLASSIC ? ECT0 : NOT_ECT).noAccEcn());
    }

    /** Table 3: the ACK of a CE-marked SYN-ACK says 0b110, and r.cep counts the mark once (5 → 6). */
    @Test
    void theAckOfTheSynAckFeedsBackItsIpEcnField() {
        ScriptedPeer p = clientSentSyn();
        p.in(synAck(0b010).ecn(CE));
        p.expect(seg(".").ace(0b110).seq(1).ack(1));
        p.write(100);
        p.expect(seg("P.").ace(6).seq(1).len(100));
        assertThat(info(p).accEcn().receivedCePackets()).isEqualTo(1);
    }

    /** §3.2.3.2.3: no option on the SYN-ACK means the peer's options do not reach us. */
    @Test
    void aSynAckWithoutTheOptionMarksOptionsUnavailable() {
        ScriptedPeer p = clientSentSyn();
        p.in(synAck(0b010).noAccEcn());
        p.expect(seg(".").ace(0b010).seq(1).ack(1).accEcn0(1, 0, 1)); // we still send ours
        assertThat(info(p).ecnMode()).isEqualTo(EcnMode.ACCECN);
        assertThat(info(p).accEcn().optionsSeen()).isFalse();
    }

    /** §3.2.3.2.4: a zero initial EE0B field means the options are mangled: ignored for good. */
    @Test
    void aZeroedOptionOnTheSynAckIsIgnored() {
        ScriptedPeer p = clientSentSyn();
        p.in(synAck(0b010).accEcn0(0, 0, 0));
        p.expect(seg(".").ace(0b010).seq(1).ack(1));
        p.write(1000); // the first data segment carries a beacon option (§3.2.3.2.1)
        p.expect(seg("P.").ace(5).seq(1).len(1000));
        p.in(seg(".").ace(6).seq(1).ack(1001).accEcn0(1001, 500, 1)); // its ECEB is not believed
        assertThat(info(p).accEcn().optionsSeen()).isFalse();
        assertThat(info(p).accEcn().ceBytes()).isZero();
        assertThat(info(p).accEcn().cePackets()).isEqualTo(1);
    }

    /** §3.2.2.4: a zero ACE on the first ACK after the handshake: no more ECT, no response. */
    @Test
    void aZeroAceOnTheFirstFeedbackTurnsEcnOff() {
        ScriptedPeer p = clientSentSyn();
        p.in(synAck(0b010));
        p.expect(seg(".").ace(0b010).seq(1).ack(1));
        p.write(1000);
        p.expect(seg("P.").ace(5).seq(1).len(1000).ecn(ECT0));
        long ssthresh = info(p).ssthreshBytes();
        p.in(seg(".").ace(0).seq(1).ack(1001));
        assertThat(info(p).accEcn().ectDisabled()).isTrue();
        assertThat(info(p).accEcn().responseDisabled()).isTrue();
        p.write(1000);
        p.expect(seg("P.").ace(5).seq(1001).len(1000).ecn(NOT_ECT));
        p.in(seg(".").ace(3).seq(1).ack(2001)); // would be 6 marks: not acted on
        assertThat(info(p).ssthreshBytes()).isEqualTo(ssthresh);
        assertThat(info(p).caState()).isEqualTo(io.tcplab.stack.cc.CaState.OPEN);
    }

    // ---------------------------------------------------------------- retransmitted SYNs

    /**
     * §3.1.4.1: the first retransmission still asks for AccECN, later ones go without ECN flags;
     * a SYN-ACK that answers the first SYN still puts us in AccECN mode (§3.1.5: the first SYN-ACK
     * decides).
     */
    @Test
    void synRetransmissionsDropTheEcnFlagsAfterTheFirst() {
        ScriptedPeer p = clientSentSyn();
        p.advanceTo(1000);
        p.expect(seg("SEWA").seq(0).at(1000));
        p.advanceTo(3000);
        p.expect(seg("S").seq(0).at(3000));
        p.in(synAck(0b010));
        p.expect(seg(".").ace(0b010).seq(1).ack(1));
        assertThat(info(p).ecnMode()).isEqualTo(EcnMode.ACCECN);
        assertThat(info(p).accEcn().ectDisabled()).isFalse(); // a client may still send ECT (§3.1.4.1)
    }

    // ---------------------------------------------------------------- table 2 at the server

    /** The top block of table 2: the SYN-ACK feeds back the SYN's IP-ECN field, with the option. */
    @ParameterizedTest(name = "SYN arrived {0}: SYN-ACK ACE {1}")
    @CsvSource({"0, 2", "1, 3", "2, 4", "3, 6"})
    void theServerFeedsBackTheSynsIpEcnField(int synEcn, int synAckAce) {
        ScriptedPeer p = accEcnPeer();
        p.listen();
        p.in(plainSyn().flagsEcnSetup().ace(7).ecn(synEcn));
        p.expect(seg("S.").ace(synAckAce).seq(0).ack(1).ecn(NOT_ECT).accEcn0(1, 0, 1));
        p.in(seg(".").ace(0b010).seq(1).ack(1).accEcn0(1, 0, 1));
        p.accept();
        assertThat(info(p).ecnMode()).isEqualTo(EcnMode.ACCECN);
        assertThat(info(p).accEcn().receivedCePackets()).isZero(); // §3.2.2.2: a CE SYN is not counted
        p.write(100);
        p.expect(seg("P.").ace(5).seq(1).len(100).ecn(ECT0).noAccEcn()); // nothing moved: no option
    }

    /** §3.1.3: any (AE,CWR,ECE) but (0,0,0) and (0,1,1) asks an AccECN server for AccECN. */
    @ParameterizedTest(name = "SYN ACE {0}")
    @CsvSource({"1", "2", "4", "5", "6"})
    void reservedSynFlagsNegotiateAccEcn(int ace) {
        ScriptedPeer p = accEcnPeer();
        p.listen();
        p.in(plainSyn().ace(ace));
        p.expect(seg("S.").ace(0b010).seq(0).ack(1));
    }

    /** The third block: a classic ECN-setup SYN gets classic ECN, a plain SYN none. */
    @ParameterizedTest(name = "SYN ACE {0}: {1}")
    @CsvSource({"3, SE., CLASSIC", "0, S., OFF"})
    void anOlderClientGetsWhatItAskedFor(int ace, String synAckFlags, EcnMode mode) {
        ScriptedPeer p = accEcnPeer();
        p.listen();
        p.in(plainSyn().ace(ace));
        p.expect(seg(synAckFlags).seq(0).ack(1).noAccEcn());
        p.in(seg(".").seq(1).ack(1));
        p.accept();
        assertThat(info(p).ecnMode()).isEqualTo(mode);
    }

    /** A server set to classic ECN answers an AccECN SYN as RFC 3168 does (table 2, second block). */
    @Test
    void aClassicServerAnswersAnAccEcnSynWithClassicEcn() {
        ScriptedPeer p = new ScriptedPeer(options().ecnMode(EcnMode.CLASSIC).build());
        p.listen();
        p.in(plainSyn().ace(7));
        p.expect(seg("SE.").seq(0).ack(1).noAccEcn());
    }

    /** Table 4: the ACK of the SYN-ACK says how it arrived; 0b110 is a CE mark (s.cep 6, a response). */
    @Test
    void aCeMarkOnTheSynAckIsCountedAndRespondedTo() {
        ScriptedPeer p = accEcnPeer();
        p.listen();
        p.in(plainSyn().ace(7));
        p.expect(seg("S.").ace(0b010).seq(0).ack(1));
        p.in(seg(".").ace(0b110).seq(1).ack(1).accEcn0(1, 0, 1));
        p.accept();
        assertThat(info(p).accEcn().cePackets()).isEqualTo(1);
        assertThat(info(p).ssthreshBytes()).isEqualTo(5L * 1460);
        assertThat(info(p).accEcn().ectDisabled()).isTrue(); // Not-ECT → CE is an invalid transition
    }

    /** Table 4 note 1: ACE 0b000 on the ACK of the SYN-ACK: no ECT and no response, feedback goes on. */
    @Test
    void aZeroedAckOfTheSynAckTurnsTheServersEcnOff() {
        ScriptedPeer p = accEcnPeer();
        p.listen();
        p.in(plainSyn().ace(7));
        p.expect(seg("S.").ace(0b010).seq(0).ack(1));
        p.in(seg(".").ace(0).seq(1).ack(1));
        p.accept();
        assertThat(info(p).accEcn().responseDisabled()).isTrue();
        assertThat(info(p).accEcn().optionsSeen()).isFalse(); // §3.2.3.2.3: the ACK had none
        p.write(100);
        p.expect(seg("P.").ace(5).seq(1).len(100).ecn(NOT_ECT));
        p.in(seg(".").seq(1).ack(1).len(100).ecn(CE));
        p.expect(seg(".").ace(6).ack(101).accEcn0(1, 100)); // as Data Receiver it still feeds back
    }

    /**
     * §3.2.3.2.2 and §3.1.5: the first SYN-ACK retransmission goes without the option, the second
     * without ECN flags, after which the server never sends ECT but stays in AccECN mode.
     */
    @Test
    void synAckRetransmissionsDropTheOptionThenTheFlags() {
        ScriptedPeer p = accEcnPeer();
        p.listen();
        p.in(plainSyn().ace(7));
        p.expect(seg("S.").ace(0b010).seq(0).ack(1).accEcn0(1, 0, 1).at(0));
        p.advanceTo(1000);
        p.expect(seg("S.").ace(0b010).seq(0).ack(1).noAccEcn().at(1000));
        p.advanceTo(3000);
        p.expect(seg("S.").seq(0).ack(1).noAccEcn().at(3000));
        p.in(seg(".").ace(0b010).seq(1).ack(1));
        p.accept();
        assertThat(info(p).ecnMode()).isEqualTo(EcnMode.ACCECN);
        p.write(100);
        p.expect(seg("P.").ace(5).seq(1).len(100).ecn(NOT_ECT));
    }

    /** §3.1.5: a retransmitted SYN without ECN flags is answered in AccECN mode, but ECT stops. */
    @Test
    void aSynWithoutEcnFlagsAfterAccEcnStopsEct() {
        ScriptedPeer p = accEcnPeer();
        p.listen();
        p.in(plainSyn().ace(7));
        p.expect(seg("S.").ace(0b010).seq(0).ack(1));
        p.in(plainSyn().ecn(ECT0));
        p.expect(seg("S.").ace(0b100).seq(0).ack(1)); // the latest SYN's IP-ECN field
        p.in(seg(".").ace(0b010).seq(1).ack(1));
        p.accept();
        assertThat(p.state()).isEqualTo(TcpState.ESTABLISHED);
        assertThat(info(p).accEcn().ectDisabled()).isTrue();
    }
}
