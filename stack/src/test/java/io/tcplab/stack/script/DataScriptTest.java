package io.tcplab.stack.script;

import static io.tcplab.stack.script.ScriptedPeer.fullSyn;
import static io.tcplab.stack.script.ScriptedPeer.plainSyn;
import static io.tcplab.stack.script.SegSpec.seg;
import static org.assertj.core.api.Assertions.assertThat;

import io.tcplab.stack.conn.ConnectionOptions;
import org.junit.jupiter.api.Test;

/** Receiving and acknowledging data, and sending small segments (RFC 5681 §4.2, RFC 2018, RFC 2883, Nagle). */
class DataScriptTest {

    private static ScriptedPeer established(ConnectionOptions options) {
        ScriptedPeer p = new ScriptedPeer(options);
        p.acceptFrom(fullSyn());
        return p;
    }

    /** RFC 5681 §4.2 / RFC 9293 §3.8.6.3: an ACK SHOULD be generated for at least every second full-sized segment. */
    @Test
    void everySecondFullSegmentIsAcknowledgedAtOnce() {
        ScriptedPeer p = established(ConnectionOptions.defaults());
        p.advanceTo(10);
        p.in(seg(".").seq(1).ack(1).len(1448));
        p.expectNothing();
        p.in(seg(".").seq(1449).ack(1).len(1448));
        p.expect(seg(".").seq(1).ack(2897).sack().len(0).at(10));
        p.expectNothing();
        assertThat(p.read(5000)).isEqualTo(2896);
    }

    /** RFC 5681 §4.2: a lone segment is acknowledged when the delayed-ACK timer (40 ms here) runs out. */
    @Test
    void aLoneSegmentIsAcknowledgedAfterTheDelayedAckTimeout() {
        ScriptedPeer p = established(ConnectionOptions.defaults());
        p.advanceTo(10);
        p.in(seg("P.").seq(1).ack(1).len(1000));
        p.advanceTo(49);
        p.expectNothing();
        p.advanceTo(50);
        p.expect(seg(".").seq(1).ack(1001).tsEcr(ScriptedPeer.PEER_TS0 + 10).len(0).at(50));
        p.advanceTo(1000);
        p.expectNothing();
    }

    /**
     * RFC 5681 §4.2: an out-of-order segment is acknowledged at once (a duplicate ACK) carrying a SACK block
     * for it (RFC 2018 §4); the segment that fills the hole is acknowledged at once too.
     */
    @Test
    void outOfOrderDataGetsAnImmediateDupAckWithSackAndTheHoleFillAnImmediateAck() {
        ScriptedPeer p = established(ConnectionOptions.defaults());
        p.advanceTo(10);
        p.in(seg(".").seq(1449).ack(1).len(1448));
        p.expect(seg(".").seq(1).ack(1).sack(1449, 2897).len(0).at(10));
        p.in(seg(".").seq(4345).ack(1).len(1448));
        // RFC 2018 §4: the block of the most recent segment first
        p.expect(seg(".").seq(1).ack(1).sack(4345, 5793, 1449, 2897).at(10));
        p.advanceTo(20);
        p.in(seg(".").seq(1).ack(1).len(1448));
        p.expect(seg(".").seq(1).ack(2897).sack(4345, 5793).at(20));
        p.in(seg(".").seq(2897).ack(1).len(1448));
        p.expect(seg(".").seq(1).ack(5793).sack().at(20));
        p.expectNothing();
        assertThat(p.read(10_000)).isEqualTo(5792);
    }

    /** RFC 2883 §4: a duplicate segment is acknowledged at once with a D-SACK block naming it. */
    @Test
    void aDuplicateSegmentIsReportedWithDSack() {
        ScriptedPeer p = established(ConnectionOptions.defaults());
        p.advanceTo(10);
        p.in(seg(".").seq(1).ack(1).len(1000));
        p.advanceTo(50);
        p.expect(seg(".").ack(1001).sack());
        p.advanceTo(300);
        p.in(seg(".").seq(1).ack(1).len(1000));
        p.expect(seg(".").seq(1).ack(1001).sack(1, 1001).at(300));
        p.expectNothing();
    }

    /** RFC 2883 §4.2 example: a duplicate of out-of-order data: D-SACK first, then the SACK block containing it. */
    @Test
    void aDuplicateOfOutOfOrderDataIsReportedBeforeItsBlock() {
        ScriptedPeer p = established(ConnectionOptions.defaults());
        p.in(seg(".").seq(1001).ack(1).len(1000));
        p.expect(seg(".").ack(1).sack(1001, 2001));
        p.in(seg(".").seq(2001).ack(1).len(1000));
        p.expect(seg(".").ack(1).sack(1001, 3001));
        p.in(seg(".").seq(1001).ack(1).len(1000));
        p.expect(seg(".").ack(1).sack(1001, 2001, 1001, 3001));
        p.expectNothing();
    }

    /**
     * RFC 9293 §3.8.6.2.2: the window shrinks as received data sits unread (the right edge stays), and reading
     * it frees space worth a window update, which is sent at once.
     */
    @Test
    void theWindowShrinksWhileDataIsUnreadAndAWindowUpdateFollowsTheRead() {
        ScriptedPeer p = new ScriptedPeer(ConnectionOptions.builder().receiveBufferBytes(4096).build());
        p.listen();
        p.in(plainSyn());
        p.expect(seg("S.").seq(0).ack(1).win(4096).wscale(-1));
        p.in(seg(".").seq(1).ack(1));
        p.accept();

        p.in(seg(".").seq(1).ack(1).len(1000));
        p.advanceTo(40);
        p.expect(seg(".").ack(1001).win(3096).at(40));
        p.in(seg(".").seq(1001).ack(1).len(1000));
        p.in(seg(".").seq(2001).ack(1).len(1000));
        p.expect(seg(".").ack(3001).win(1096).at(40));
        p.in(seg(".").seq(3001).ack(1).len(1096));
        p.advanceTo(80);
        p.expect(seg(".").ack(4097).win(0).at(80));

        p.advanceTo(500);
        assertThat(p.read(4096)).isEqualTo(4096);
        p.expect(seg(".").ack(4097).win(4096).at(500));
        p.expectNothing();
    }

    /**
     * RFC 9293 §3.10.7.4: with a zero window no segment with data is acceptable, and an unacceptable segment
     * is answered with an ACK, so a zero-window probe carrying the next byte learns the window.
     */
    @Test
    void aZeroWindowProbeWithDataIsAnswered() {
        ScriptedPeer p = new ScriptedPeer(ConnectionOptions.builder().receiveBufferBytes(4096).build());
        p.acceptFrom(plainSyn());
        p.in(seg(".").seq(1).ack(1).len(2048));
        p.in(seg(".").seq(2049).ack(1).len(2048));
        p.expect(seg(".").ack(4097).win(0));
        p.advanceTo(500);
        p.in(seg(".").seq(4097).ack(1).len(1));
        p.expect(seg(".").seq(1).ack(4097).win(0).at(500));
        p.expectNothing();
        assertThat(p.read(5000)).isEqualTo(4096);
    }

    /** RFC 9293 §3.7.4 (Nagle): while data is unacknowledged, a small segment waits for the ACK. */
    @Test
    void nagleHoldsASmallSegmentWhileDataIsUnacknowledged() {
        ScriptedPeer p = established(ConnectionOptions.defaults());
        p.write(100);
        p.expect(seg("P.").seq(1).ack(1).len(100).at(0));
        p.advanceTo(10);
        p.write(100);
        p.write(100);
        p.expectNothing();
        p.advanceTo(30);
        p.in(seg(".").seq(1).ack(101));
        p.expect(seg("P.").seq(101).ack(1).len(200).at(30));
        p.expectNothing();
    }

    /** Nagle off (TCP_NODELAY): each write goes at once. */
    @Test
    void withoutNagleSmallSegmentsGoAtOnce() {
        ScriptedPeer p = established(ConnectionOptions.builder().nagle(false).build());
        p.write(100);
        p.expect(seg("P.").seq(1).len(100));
        p.write(100);
        p.expect(seg("P.").seq(101).len(100));
        p.expectNothing();
    }

    /**
     * RFC 9293 §3.7.1: the TCP header with its options counts against the MSS. With the peer's MSS
     * 1460 and timestamps, a segment carries 1448 bytes; while a hole in what the peer sent makes
     * our data segments carry a SACK block too (12 more option bytes), each carries 1436, so the
     * IP packet stays 1500 bytes; once the hole is filled they carry 1448 again.
     */
    @Test
    void dataSegmentsThatCarrySackBlocksCarryLessData() {
        ScriptedPeer p = new ScriptedPeer(ConnectionOptions.defaults());
        p.acceptFrom(fullSyn(), 20);
        p.advanceTo(30);
        p.in(seg(".").seq(1449).ack(1).len(1448));
        p.expect(seg(".").seq(1).ack(1).sack(1449, 2897).len(0).at(30));
        p.write(2872);
        Seg first = p.expect(seg(".").seq(1).ack(1).sack(1449, 2897).len(1436).at(30));
        assertThat(p.packetBytes(first)).hasSize(1500);
        p.expect(seg("P.").seq(1437).ack(1).sack(1449, 2897).len(1436).at(30));
        p.expectNothing();
        p.advanceTo(50);
        p.in(seg(".").seq(1).ack(2873).len(1448));
        p.expect(seg(".").seq(2873).ack(2897).sack().len(0).at(50));
        p.write(1448);
        Seg whole = p.expect(seg("P.").seq(2873).ack(2897).sack().len(1448).at(50));
        assertThat(p.packetBytes(whole)).hasSize(1500);
    }

    /**
     * A segment sent whole before the peer's data went out of order is retransmitted (here by the
     * tail loss probe) in two pieces once SACK blocks ride along, neither above 1500 bytes (Linux
     * tcp_retransmit_skb fragments to tcp_current_mss the same way).
     */
    @Test
    void aRetransmissionThatWouldNotFitBesideSackBlocksGoesInPieces() {
        ScriptedPeer p = new ScriptedPeer(ConnectionOptions.defaults());
        p.acceptFrom(fullSyn(), 20);
        p.advanceTo(30);
        p.write(1448);
        p.expect(seg("P.").seq(1).ack(1).len(1448).at(30));
        p.advanceTo(40);
        p.in(seg(".").seq(1449).ack(1).len(1448));
        p.expect(seg(".").seq(1449).ack(1).sack(1449, 2897).len(0).at(40));
        p.advanceTo(2000);
        Seg a = p.expect(seg(".").seq(1).ack(1).sack(1449, 2897).len(1436));
        Seg b = p.expect(seg("P.").seq(1437).ack(1).sack(1449, 2897).len(12).atNanos(a.atNanos()));
        assertThat(p.packetBytes(a)).hasSize(1500);
        assertThat(p.packetBytes(b).length).isLessThan(1500);
    }
}
