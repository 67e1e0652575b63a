package io.tcplab.stack.script;

import static io.tcplab.stack.script.ScriptedPeer.PEER_TS0;
import static io.tcplab.stack.script.ScriptedPeer.fullSyn;
import static io.tcplab.stack.script.SegSpec.seg;
import static org.assertj.core.api.Assertions.assertThat;

import io.tcplab.stack.DropReason;
import io.tcplab.stack.conn.ConnectionError;
import io.tcplab.stack.conn.ConnectionOptions;
import org.junit.jupiter.api.Test;

/** Timestamps: PAWS and the TS.Recent rules (RFC 7323 §4.3, §5.3). */
class PawsScriptTest {

    private static ScriptedPeer established() {
        ScriptedPeer p = new ScriptedPeer(ConnectionOptions.defaults());
        p.acceptFrom(fullSyn()); // the final ACK carries TSval PEER_TS0 (at t=0)
        return p;
    }

    /** RFC 7323 §5.3 R1: a segment whose TSval is older than TS.Recent is dropped and answered with an ACK. */
    @Test
    void segmentWithAnOldTimestampIsDroppedAndAcknowledged() {
        ScriptedPeer p = established();
        p.advanceTo(100);
        p.in(seg(".").seq(1).ack(1).ts(PEER_TS0 + 100, 0).len(1000));
        p.advanceTo(140);
        p.expect(seg(".").ack(1001).ts(140, PEER_TS0 + 100));
        p.advanceTo(200);
        p.in(seg(".").seq(1001).ack(1).ts(PEER_TS0 + 50, 0).len(1000)); // an old duplicate from a previous wrap
        p.expect(seg(".").seq(1).ack(1001).ts(200, PEER_TS0 + 100).sack().at(200));
        assertThat(p.drops(DropReason.PAWS_REJECTED)).isEqualTo(1);
        assertThat(p.connection().readableBytes()).isEqualTo(1000);
        p.expectNothing();
    }

    /** RFC 7323 §5.3: PAWS does not apply to a RST (a RST at RCV.NXT with an old TSval still resets). */
    @Test
    void pawsDoesNotApplyToRst() {
        ScriptedPeer p = established();
        p.advanceTo(100);
        p.in(seg(".").seq(1).ack(1).ts(PEER_TS0 + 100, 0));
        p.in(seg("R").seq(1).ts(PEER_TS0 + 1, 0));
        p.assertClosed(ConnectionError.RESET);
    }

    /**
     * RFC 7323 §4.3 (2): TS.Recent takes SEG.TSval only from a segment with SEG.SEQ =< Last.ACK.sent, so an
     * out-of-order segment's newer TSval is not echoed; the hole filler's is. Our TSecr always echoes TS.Recent.
     */
    @Test
    void tsRecentAdvancesOnlyForSegmentsAtOrBelowTheLastAckSent() {
        ScriptedPeer p = established();
        p.advanceTo(10);
        p.in(seg(".").seq(1).ack(1).ts(PEER_TS0 + 10, 0).len(1000));
        p.advanceTo(50);
        p.expect(seg(".").ack(1001).ts(50, PEER_TS0 + 10));
        p.advanceTo(60);
        p.in(seg(".").seq(2001).ack(1).ts(PEER_TS0 + 60, 0).len(1000));
        p.expect(seg(".").ack(1001).sack(2001, 3001).ts(60, PEER_TS0 + 10));
        p.advanceTo(70);
        p.in(seg(".").seq(1001).ack(1).ts(PEER_TS0 + 70, 0).len(1000));
        p.expect(seg(".").ack(3001).sack().ts(70, PEER_TS0 + 70));
        p.expectNothing();
    }

    /** RFC 7323 §3.2: our data segments carry TSval from our clock and TSecr = TS.Recent. */
    @Test
    void dataSegmentsCarryOurClockAndEchoTsRecent() {
        ScriptedPeer p = established();
        p.advanceTo(250);
        p.write(100);
        p.expect(seg("P.").seq(1).len(100).ts(250, PEER_TS0));
    }
}
