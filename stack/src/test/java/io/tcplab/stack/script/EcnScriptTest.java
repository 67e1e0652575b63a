package io.tcplab.stack.script;

import static io.tcplab.stack.script.ScriptedPeer.plainSyn;
import static io.tcplab.stack.script.SegSpec.seg;

import io.tcplab.stack.conn.ConnectionOptions;
import org.junit.jupiter.api.Test;

/** Explicit Congestion Notification (RFC 3168 §6.1). */
class EcnScriptTest {
    private static final int NOT_ECT = 0;
    private static final int ECT0 = 2;
    private static final int CE = 3;

    private static ScriptedPeer ecnEstablished() {
        return ecnEstablished(ConnectionOptions.builder().ecn(true).build());
    }

    private static ScriptedPeer ecnEstablished(ConnectionOptions options) {
        ScriptedPeer p = new ScriptedPeer(options);
        p.listen();
        p.in(plainSyn().flagsEcnSetup());
        // RFC 3168 §6.1.1: an ECN-setup SYN-ACK has ECE and not CWR, and is not ECN-capable itself
        p.expect(seg("SE.").seq(0).ack(1).ecn(NOT_ECT));
        p.in(seg(".").seq(1).ack(1));
        p.accept();
        return p;
    }

    /** RFC 3168 §6.1.1-§6.1.2: after agreement, data is sent ECT(0); pure ACKs are not ECN-capable. */
    @Test
    void agreedEcnMarksDataButNotAcks() {
        ScriptedPeer p = ecnEstablished();
        p.write(100);
        p.expect(seg("P.").seq(1).len(100).ecn(ECT0));
        p.in(seg(".").seq(1).ack(101).len(100));
        p.advanceTo(40);
        p.expect(seg(".").ack(101).ecn(NOT_ECT));
    }

    /** RFC 3168 §6.1.1: a host that does not want ECN answers an ECN-setup SYN with a plain SYN-ACK. */
    @Test
    void withoutEcnTheSynAckIsPlain() {
        ScriptedPeer p = new ScriptedPeer(ConnectionOptions.defaults());
        p.listen();
        p.in(plainSyn().flagsEcnSetup());
        p.expect(seg("S.").seq(0).ack(1));
        p.in(seg(".").seq(1).ack(1));
        p.accept();
        p.write(100);
        p.expect(seg("P.").seq(1).ecn(NOT_ECT));
    }

    /** RFC 3168 §6.1.3: after a CE mark every ACK carries ECE until data with CWR arrives. */
    @Test
    void ceIsEchoedUntilCwr() {
        ScriptedPeer p = ecnEstablished();
        p.in(seg(".").seq(1).ack(1).len(100).ecn(CE));
        p.advanceTo(40);
        p.expect(seg("E.").ack(101));
        p.in(seg(".").seq(101).ack(1).len(100).ecn(ECT0));
        p.advanceTo(80);
        p.expect(seg("E.").ack(201));
        p.in(seg("W.").seq(201).ack(1).len(100).ecn(ECT0));
        p.advanceTo(120);
        p.expect(seg(".").ack(301));
        p.expectNothing();
    }

    /**
     * RFC 8257 §3.2 (exact CE echo, for DCTCP): when the CE mark changes, what came before is
     * acknowledged at once with the old ECE value; ECE then follows the last segment's mark, and
     * CWR does not clear it.
     */
    @Test
    void exactEchoFollowsEachSegmentsMark() {
        ScriptedPeer p = ecnEstablished(ConnectionOptions.builder().ecn(true).exactCeEcho(true).build());
        p.in(seg(".").seq(1).ack(1).len(100).ecn(ECT0));
        p.in(seg(".").seq(101).ack(1).len(100).ecn(CE));
        p.expect(seg(".").ack(101)); // the unmarked segment, acknowledged without ECE, at once
        p.advanceTo(40);
        p.expect(seg("E.").ack(201)); // the marked one, delayed as usual
        p.in(seg("W.").seq(201).ack(1).len(100).ecn(CE));
        p.advanceTo(80);
        p.expect(seg("E.").ack(301)); // CWR does not end the echo: the mark does
        p.in(seg(".").seq(301).ack(1).len(100).ecn(ECT0));
        p.advanceTo(120);
        p.expect(seg(".").ack(401));
        p.expectNothing();
    }
}
