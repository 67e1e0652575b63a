package io.tcplab.stack.script;

import static io.tcplab.stack.script.ScriptedPeer.options;
import static io.tcplab.stack.script.ScriptedPeer.plainSyn;
import static io.tcplab.stack.script.SegSpec.seg;
import static org.assertj.core.api.Assertions.assertThat;

import io.tcplab.stack.cc.CaState;
import io.tcplab.stack.conn.AccEcnCounts;
import io.tcplab.stack.conn.EcnMode;
import org.junit.jupiter.api.Test;

/**
 * Accurate ECN feedback once negotiated (RFC 9768 §3.2), segment by segment, with hand-worked
 * counter values: the Data Receiver's ACE field and option (§3.2.2.2, §3.2.3.3) and its ACK
 * triggers (§3.2.2.5.1); the Data Sender's decoding with the wrap safety of appendix A.2 and its
 * RFC 3168 response, once per round trip (§3.1.5).
 */
class AccEcnFeedbackScriptTest {
    private static final int ECT1 = 1;
    private static final int ECT0 = 2;
    private static final int CE = 3;
    /** A plain SYN's MSS, no timestamps: every data segment of the stack is 1460 bytes. */
    private static final int MSS = 1460;

    /** The stack as an AccECN server past the handshake; {@code delayedAck} as given. */
    private static ScriptedPeer server(boolean delayedAck) {
        ScriptedPeer p = new ScriptedPeer(options().ecnMode(EcnMode.ACCECN).delayedAck(delayedAck).build());
        p.listen();
        p.in(plainSyn().ace(7));
        p.expect(seg("S.").ace(0b010).seq(0).ack(1).accEcn0(1, 0, 1));
        p.in(seg(".").ace(0b010).seq(1).ack(1).accEcn0(1, 0, 1));
        p.accept();
        return p;
    }

    private static AccEcnCounts counts(ScriptedPeer p) {
        return p.connection().info().accEcn();
    }

    // ---------------------------------------------------------------- the Data Receiver

    /**
     * §3.2.2.2 and §3.2.3.3: ACE is r.cep mod 8 on every ACK; the option carries every byte
     * counter that ever moved, the order chosen so those lead: e0b alone (AccECN0, length 5),
     * then with ceb (length 8), then all three (length 11).
     */
    @Test
    void eachAckFeedsBackTheCountersThatMoved() {
        ScriptedPeer p = server(false);
        p.in(seg(".").seq(1).ack(1).len(1000).ecn(ECT0));
        p.expect(seg(".").ace(5).ack(1001).accEcn0(1001));
        p.in(seg(".").seq(1001).ack(1).len(1000).ecn(CE));
        p.expect(seg(".").ace(6).ack(2001).accEcn0(1001, 1000));
        p.in(seg(".").seq(2001).ack(1).len(1000).ecn(ECT1));
        p.expect(seg(".").ace(6).ack(3001).accEcn0(1001, 1000, 1001));
        AccEcnCounts c = counts(p);
        assertThat(c.receivedCePackets()).isEqualTo(1);
        assertThat(c.receivedCeBytes()).isEqualTo(1000);
        assertThat(c.receivedEct0Bytes()).isEqualTo(1000);
        assertThat(c.receivedEct1Bytes()).isEqualTo(1000);
    }

    /** §3.2.3: only ECT(1) ever arrived, so AccECN1 puts EE1B first and the option stays short. */
    @Test
    void ect1AloneIsFedBackInOrder1() {
        ScriptedPeer p = server(false);
        p.in(seg(".").seq(1).ack(1).len(500).ecn(ECT1));
        p.expect(seg(".").ace(5).ack(501).accEcn1(501));
        p.in(seg(".").seq(501).ack(1).len(500).ecn(CE));
        p.expect(seg(".").ace(6).ack(1001).accEcn1(501, 500));
    }

    /** §3.2.3.3: an ACK after which no byte counter moved (a Not-ECT segment) carries no option. */
    @Test
    void noOptionWhenNothingMoved() {
        ScriptedPeer p = server(false);
        p.in(seg(".").seq(1).ack(1).len(100).ecn(ECT0));
        p.expect(seg(".").ace(5).ack(101).accEcn0(101));
        p.in(seg(".").seq(101).ack(1).len(100));
        p.expect(seg(".").ace(5).ack(201).noAccEcn());
    }

    /** The 3-bit ACE field wraps: 8 CE marks after r.cep = 5 read 6, 7, 0, 1, 2, 3, 4, 5. */
    @Test
    void theAceFieldWrapsModulo8() {
        ScriptedPeer p = server(false);
        for (int k = 1; k <= 8; k++) {
            p.in(seg(".").seq(1 + (k - 1) * 100).ack(1).len(100).ecn(CE));
            p.expect(seg(".").ace((5 + k) % 8).ack(1 + k * 100).accEcn0(1, 100L * k));
        }
        assertThat(counts(p).receivedCePackets()).isEqualTo(8);
    }

    /**
     * §3.2.2.5.1 change-triggered ACK: a CE-marked data segment after an unmarked one is
     * acknowledged at once, though the delayed-ACK rule would wait; the next CE one is not a change
     * and waits, and the one after it is the second mark since the ACK (increment-triggered, n = 2).
     */
    @Test
    void aChangeToCeIsAcknowledgedAtOnce() {
        ScriptedPeer p = server(true);
        p.in(seg(".").seq(1).ack(1).len(100).ecn(ECT0));
        p.expectNothing();
        p.advanceTo(40);
        p.expect(seg(".").ace(5).ack(101).at(40));
        p.in(seg(".").seq(101).ack(1).len(100).ecn(CE));
        p.expect(seg(".").ace(6).ack(201).at(40));
        p.in(seg(".").seq(201).ack(1).len(100).ecn(CE));
        p.expectNothing();
        p.advanceTo(50);
        p.in(seg(".").seq(301).ack(1).len(100).ecn(CE));
        p.expect(seg(".").ace(0).ack(401).at(50));
    }

    /** §3.2.2.5.1 increment-triggered ACK without data: every third CE-marked pure ACK is answered. */
    @Test
    void threeCeMarkedPureAcksAreAcknowledged() {
        ScriptedPeer p = server(false);
        p.in(seg(".").seq(1).ack(1).ecn(CE));
        p.in(seg(".").seq(1).ack(1).ecn(CE));
        p.expectNothing();
        p.in(seg(".").seq(1).ack(1).ecn(CE));
        p.expect(seg(".").ace(0).ack(1).sack());
        assertThat(counts(p).receivedCePackets()).isEqualTo(3);
        assertThat(counts(p).receivedCeBytes()).isZero();
    }

    // ---------------------------------------------------------------- the Data Sender

    /** The stack sends {@code segments} full segments; returns the peer after they left. */
    private static ScriptedPeer sent(int segments) {
        ScriptedPeer p = server(false);
        p.write(segments * MSS);
        for (int i = 0; i < segments; i++) {
            p.expect(seg(i == segments - 1 ? "P." : ".").ace(5).seq(1 + i * MSS).len(MSS).ecn(ECT0));
        }
        return p;
    }

    /**
     * §3.2.2.2: the ACE increment is the count of newly CE-marked packets, §3.2.3.1 the ECEB
     * increment their bytes; Reno responds as to ECE, once per round trip (RFC 3168 §6.1.2), and
     * no CWR follows (§3.1.5).
     */
    @Test
    void ceMarksAreCountedAndRespondedToOncePerRound() {
        ScriptedPeer p = sent(4);
        p.in(seg(".").ace(7).seq(1).ack(1 + 2 * MSS).accEcn0(1, 2 * MSS, 1));
        AccEcnCounts c = counts(p);
        assertThat(c.cePackets()).isEqualTo(2);
        assertThat(c.ceBytes()).isEqualTo(2 * MSS);
        assertThat(p.connection().info().caState()).isEqualTo(CaState.CWR);
        long ssthresh = p.connection().info().ssthreshBytes();
        p.in(seg(".").ace(0).seq(1).ack(1 + 4 * MSS).accEcn0(1, 4 * MSS, 1)); // same round: no second cut
        assertThat(counts(p).cePackets()).isEqualTo(3); // 7 → 0 is one more (mod 8)
        assertThat(counts(p).ceBytes()).isEqualTo(4 * MSS);
        assertThat(p.connection().info().ssthreshBytes()).isEqualTo(ssthresh);
        p.write(MSS);
        p.expect(seg("P.").ace(5).seq(1 + 4 * MSS).len(MSS)); // no CWR: ACE 5 is the receiver's count
    }

    /**
     * Appendix A.2.1 without the option: an ACK covering 10 full segments with ACE up by 2 could
     * have wrapped, so the safer 10 is assumed; covering 9, 2 is safe (9 − ((9 − 2) mod 8) = 2).
     */
    @Test
    void withoutTheOptionAWrapIsAssumedWhenPossible() {
        ScriptedPeer p = sent(10);
        p.in(seg(".").ace(7).seq(1).ack(1 + 9 * MSS));
        assertThat(counts(p).cePackets()).isEqualTo(2);
        p.in(seg(".").ace(7).seq(1).ack(1 + 10 * MSS));
        assertThat(counts(p).cePackets()).isEqualTo(2); // one segment, no increment
        ScriptedPeer q = sent(10);
        q.in(seg(".").ace(7).seq(1).ack(1 + 10 * MSS));
        assertThat(counts(q).cePackets()).isEqualTo(10);
    }

    /**
     * Appendix A.2.2 with the option: ACE up by 2 over 10 segments, and ECEB up by 1460 bytes: an
     * average marked segment of 730 bytes is plausible, 146 (1460 / 10) is not, so 2 stands.
     */
    @Test
    void theOptionsByteCountSettlesAPossibleWrap() {
        ScriptedPeer p = sent(10);
        p.in(seg(".").ace(7).seq(1).ack(1 + 10 * MSS).accEcn0(1, MSS, 1));
        assertThat(counts(p).cePackets()).isEqualTo(2);
        assertThat(counts(p).ceBytes()).isEqualTo(MSS);
    }

    /** §3.2.2.5.2: an ACE increment above the packets acknowledged is believed as it is. */
    @Test
    void moreMarksThanPacketsAreBelieved() {
        ScriptedPeer p = sent(2);
        p.in(seg(".").ace(0).seq(1).ack(1 + MSS));
        assertThat(counts(p).cePackets()).isEqualTo(3);
    }

    /** Appendix A.1: an ACK that delivers nothing new (no newer timestamp either) is superseded: ignored. */
    @Test
    void aSupersededAckIsIgnored() {
        ScriptedPeer p = sent(2);
        p.in(seg(".").ace(6).seq(1).ack(1 + 2 * MSS));
        p.in(seg(".").ace(5).seq(1).ack(1 + MSS)); // an old ACK, reordered: would be 7 marks
        assertThat(counts(p).cePackets()).isEqualTo(1);
    }
}
