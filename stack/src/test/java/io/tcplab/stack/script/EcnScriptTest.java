package io.tcplab.stack.script;

import static io.tcplab.stack.script.ScriptedPeer.plainSyn;
import static io.tcplab.stack.script.SegSpec.seg;
import static org.assertj.core.api.Assertions.assertThat;

import io.tcplab.stack.conn.ConnectionOptions;
import io.tcplab.stack.wire.TcpHeader;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Explicit Congestion Notification (RFC 3168 §6.1). */
class EcnScriptTest {
    private static final int NOT_ECT = 0;
    private static final int ECT0 = 2;
    private static final int CE = 3;
    /** The MSS a peer that offers 1460 and no timestamps gets. */
    private static final int MSS = 1460;

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
     * RFC 3168 §6.1.2: however many ACKs echo ECE, the sender reduces its window once per window
     * of data, and sets CWR on the first new data segment it sends after that reduction and on no
     * other; ECE on an ACK of data sent after the reduction is a new signal and reduces again.
     */
    @Test
    void eceReducesOncePerWindowAndCwrMarksOneSegment() {
        ScriptedPeer p = ecnEstablished();
        p.write(40 * MSS);
        List<Seg> firstWindow = p.drain();
        assertThat(firstWindow).as("the initial window").hasSize(10)
                .allSatisfy(s -> assertThat(s.has(TcpHeader.CWR)).isFalse());

        // the receiver saw a CE mark and echoes ECE on every ACK until it sees CWR (§6.1.3)
        p.advanceTo(20);
        p.in(seg("E.").seq(1).ack(1 + MSS));
        long reduced = ssthresh(p);
        assertThat(reduced).as("ssthresh after the first ECE: half the flight (RFC 5681 eq. 4)")
                .isEqualTo(9L * MSS / 2);
        assertThat(p.connection().info().cwndBytes()).isLessThanOrEqualTo(reduced);
        for (int acked = 2; acked <= 10; acked++) {
            p.in(seg("E.").seq(1).ack(1 + acked * MSS));
            assertThat(ssthresh(p)).as("ECE on ACK %d of the same window", acked).isEqualTo(reduced);
        }
        List<Seg> secondWindow = p.drain();
        assertThat(secondWindow).as("data sent as the first window was acknowledged").isNotEmpty();
        assertThat(secondWindow.get(0).seq()).isEqualTo(1 + 10 * MSS);
        assertThat(secondWindow.stream().filter(s -> s.has(TcpHeader.CWR)).toList())
                .as("CWR on exactly the first new segment").containsExactly(secondWindow.get(0));

        // an ACK of data sent after the reduction, with ECE: the next window's signal
        p.advanceTo(40);
        p.in(seg("E.").seq(1).ack(1 + 11 * MSS));
        assertThat(ssthresh(p)).as("a second reduction, one window later").isLessThan(reduced);
        int secondEnd = 10 + secondWindow.size();
        for (int acked = 12; acked <= secondEnd; acked++) {
            p.in(seg(".").seq(1).ack(1 + acked * MSS));
        }
        List<Seg> thirdWindow = p.drain();
        assertThat(thirdWindow).isNotEmpty();
        assertThat(thirdWindow.get(0).seq()).isEqualTo(1 + secondEnd * MSS);
        assertThat(thirdWindow.stream().filter(s -> s.has(TcpHeader.CWR)).toList())
                .containsExactly(thirdWindow.get(0));
    }

    private static long ssthresh(ScriptedPeer p) {
        return p.connection().info().ssthreshBytes();
    }
}
