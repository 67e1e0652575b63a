package io.tcplab.stack.script;

import static io.tcplab.stack.script.ScriptedPeer.fullSyn;
import static io.tcplab.stack.script.ScriptedPeer.options;
import static io.tcplab.stack.script.ScriptedPeer.plainSyn;
import static io.tcplab.stack.script.SegSpec.seg;
import static org.assertj.core.api.Assertions.assertThat;

import io.tcplab.stack.cc.CongestionControl;
import io.tcplab.stack.cc.Reno;
import io.tcplab.stack.conn.ConnectionInfo;
import io.tcplab.stack.conn.ConnectionOptions;
import io.tcplab.stack.conn.ExactCeEcho;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.util.HexFormat;
import org.junit.jupiter.api.Test;

/**
 * The exact-CE-echo handshake (docs/stack.md): an end that wants RFC 8257 §3.2 echo puts the
 * experimental option (RFC 6994 kind 253, ExID 0xDCEE) in its ECN-setup SYN, a tcplab end answers
 * it in its ECN-setup SYN-ACK, and then echoes CE exactly; an end whose own algorithm needs exact
 * echo does so without any option, as a Linux dctcp receiver does.
 */
class ExactCeEchoScriptTest {
    private static final int ECT0 = 2;
    private static final int CE = 3;
    /** MSS, sackOK+TS (any TS values), NOP+WS 7: the SYN layout of TcpOptions, as Linux's. */
    private static final String SYN_LAYOUT = "020405b40402080a.{16}0103030[0-9a-e]";
    private static final String OPTION = "fd04dcee";

    /** Reno, but needing ECN and exact echo as DCTCP does (the stack cannot see cc-algorithms). */
    private static CongestionControl needsExactEcho() {
        Reno reno = new Reno();
        return (CongestionControl) Proxy.newProxyInstance(CongestionControl.class.getClassLoader(),
                new Class<?>[] {CongestionControl.class}, (proxy, method, args) -> {
                    switch (method.getName()) {
                        case "needsEcn", "needsExactCeEcho":
                            return true;
                        default:
                            try {
                                return method.invoke(reno, args);
                            } catch (InvocationTargetException e) {
                                throw e.getCause();
                            }
                    }
                });
    }

    private static ConnectionOptions dctcpLike() {
        return options().congestionControl(ExactCeEchoScriptTest::needsExactEcho).build();
    }

    /** The options area of an emitted IPv4 segment, as hex. */
    private static String optionHex(ScriptedPeer p, Seg s) {
        byte[] packet = p.packetBytes(s);
        int tcp = (packet[0] & 0x0f) * 4;
        int dataOffset = ((packet[tcp + 12] & 0xff) >> 4) * 4;
        return HexFormat.of().formatHex(packet, tcp + 20, tcp + dataOffset);
    }

    private static ConnectionInfo info(ScriptedPeer p) {
        return p.connection().info();
    }

    /** What a default connection sends is byte for byte what it sent before the option existed. */
    @Test
    void aConnectionThatDoesNotWantItsSynIsUnchanged() {
        for (ConnectionOptions o : new ConnectionOptions[] {options().build(), options().ecn(true).build()}) {
            ScriptedPeer p = new ScriptedPeer(o);
            p.connect();
            Seg syn = p.expect(seg(o.ecn ? "SEW" : "S").seq(0).exactCeEcho(false));
            assertThat(optionHex(p, syn)).matches(SYN_LAYOUT);
        }
    }

    /** A DCTCP-like end connects; checks its asking SYN, answers with {@code synAck}, checks the ACK. */
    private static ScriptedPeer activeOpen(SegSpec synAck) {
        ScriptedPeer p = new ScriptedPeer(dctcpLike());
        p.connect();
        Seg syn = p.expect(seg("SEW").seq(0).exactCeEcho(true).mss(1460).sackOk().wscale(7));
        assertThat(optionHex(p, syn)).as("24 option bytes, 4-aligned").matches(SYN_LAYOUT + OPTION);
        p.in(synAck);
        p.expect(seg(".").seq(1).ack(1));
        return p;
    }

    /** {@code p} listens, takes {@code syn}, answers with an ECN-setup SYN-ACK (checked) and accepts. */
    private static Seg passiveOpen(ScriptedPeer p, SegSpec syn, boolean answered) {
        p.listen();
        p.in(syn);
        Seg synAck = p.expect(seg("SE.").seq(0).ack(1).exactCeEcho(answered));
        p.in(seg(".").seq(1).ack(1));
        p.accept();
        return synAck;
    }

    /** Offered and accepted: DCTCP's SYN asks, the SYN-ACK agrees. */
    @Test
    void aDctcpSenderAsksAndAnAnsweringPeerAgrees() {
        ScriptedPeer p = activeOpen(seg("SE.").seq(0).ack(1).mss(1460).exactCeEcho(true));
        assertThat(info(p).exactCeEchoAgreed()).isTrue();
        assertThat(info(p).exactCeEcho()).isTrue();
    }

    /**
     * Offered, not answered (a kernel peer): the sender gets whatever the peer echoes; its own
     * receiving side echoes exactly all the same, because its algorithm needs it (as Linux).
     */
    @Test
    void aPeerThatDoesNotAnswerLeavesTheOfferUnagreed() {
        ScriptedPeer p = activeOpen(seg("SE.").seq(0).ack(1).mss(1460));
        assertThat(info(p).exactCeEchoAgreed()).isFalse();
        assertThat(info(p).exactCeEcho()).isTrue();
        assertEchoIsExact(p);
    }

    /** Without ECN agreed there is nothing to echo: a SYN-ACK's option then means nothing. */
    @Test
    void withoutEcnTheOptionIsNotTakenUp() {
        ScriptedPeer p = activeOpen(seg("S.").seq(0).ack(1).mss(1460).exactCeEcho(true)); // no ECE: no ECN
        assertThat(info(p).ecn()).isFalse();
        assertThat(info(p).exactCeEcho()).isFalse();
        assertThat(info(p).exactCeEchoAgreed()).isFalse();
    }

    /** A receiver whose algorithm is Reno answers the ask and then echoes exactly. */
    @Test
    void aPassiveRenoEndAnswersAnOfferAndEchoesExactly() {
        ScriptedPeer p = new ScriptedPeer(options().ecn(true).build());
        Seg synAck = passiveOpen(p, fullSyn().flagsEcnSetup().exactCeEcho(true), true);
        assertThat(optionHex(p, synAck)).matches(SYN_LAYOUT + OPTION);
        assertThat(info(p).exactCeEchoAgreed()).isTrue();
        assertEchoIsExact(p);
    }

    /** Offered but refused (exact echo off): a plain ECN SYN-ACK, and RFC 3168's latch. */
    @Test
    void aPassiveEndWithExactEchoOffRefusesAndLatches() {
        ScriptedPeer p = new ScriptedPeer(options().ecn(true).exactCeEcho(ExactCeEcho.OFF).build());
        passiveOpen(p, plainSyn().flagsEcnSetup().exactCeEcho(true), false);
        assertThat(info(p).exactCeEcho()).isFalse();
        assertEchoIsLatched(p);
    }

    /** Not offered: a Reno receiver latches (RFC 3168 §6.1.3), as a Linux Reno or CUBIC one does. */
    @Test
    void aPassiveRenoEndLatchesWhenNotAsked() {
        ScriptedPeer p = new ScriptedPeer(options().ecn(true).build());
        passiveOpen(p, plainSyn().flagsEcnSetup(), false);
        assertThat(info(p).exactCeEcho()).isFalse();
        assertEchoIsLatched(p);
    }

    /** Not offered, but our own algorithm needs it: exact, as a Linux dctcp receiver; no option sent. */
    @Test
    void aPassiveDctcpEndEchoesExactlyWithoutAnOffer() {
        ScriptedPeer p = new ScriptedPeer(dctcpLike());
        passiveOpen(p, plainSyn().flagsEcnSetup(), false);
        assertThat(info(p).exactCeEchoAgreed()).isFalse();
        assertEchoIsExact(p);
    }

    /** The option in a SYN without ECN setup (no ECE and CWR) is not answered. */
    @Test
    void anOfferWithoutEcnSetupIsNotAnswered() {
        ScriptedPeer p = new ScriptedPeer(options().ecn(true).build());
        p.listen();
        p.in(plainSyn().exactCeEcho(true));
        p.expect(seg("S.").seq(0).ack(1).exactCeEcho(false));
    }

    /**
     * RFC 8257 §3.2: when the CE mark changes, what came before is acknowledged at once with the
     * old ECE value; ECE then follows the last segment's mark, and CWR does not clear it.
     */
    private static void assertEchoIsExact(ScriptedPeer p) {
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

    /** RFC 3168 §6.1.3: after a CE mark, ECE on every ACK until data with CWR arrives. */
    private static void assertEchoIsLatched(ScriptedPeer p) {
        p.in(seg(".").seq(1).ack(1).len(100).ecn(CE));
        p.advanceTo(40);
        p.expect(seg("E.").ack(101));
        p.in(seg(".").seq(101).ack(1).len(100).ecn(ECT0));
        p.advanceTo(80);
        p.expect(seg("E.").ack(201)); // an unmarked segment still gets ECE: the latch
        p.in(seg("W.").seq(201).ack(1).len(100).ecn(ECT0));
        p.advanceTo(120);
        p.expect(seg(".").ack(301));
        p.expectNothing();
    }
}
