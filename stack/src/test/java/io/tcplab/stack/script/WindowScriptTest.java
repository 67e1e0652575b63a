package io.tcplab.stack.script;

import static io.tcplab.stack.script.ScriptedPeer.fullSyn;
import static io.tcplab.stack.script.ScriptedPeer.plainSyn;
import static io.tcplab.stack.script.SegSpec.seg;
import static org.assertj.core.api.Assertions.assertThat;

import io.tcplab.stack.conn.ConnectionOptions;
import org.junit.jupiter.api.Test;

/** Flow control: window scaling, zero-window probing, sender SWS avoidance (RFC 7323 §2, RFC 9293 §3.8.6). */
class WindowScriptTest {

    /** RFC 7323 §2.3: after agreement the peer's window field is shifted by its scale (here 7). */
    @Test
    void thePeersWindowIsScaled() {
        ScriptedPeer p = new ScriptedPeer(ConnectionOptions.defaults());
        p.listen();
        p.in(fullSyn());
        p.expect(seg("S."));
        p.in(seg(".").seq(1).ack(1).win(100)); // 100 << 7 = 12800 bytes
        p.accept();
        p.write(20 * 1448);
        for (int i = 0; i < 8; i++) { // 8 full segments fill 11584 of 12800; 1216 more would be silly (SWS)
            p.expect(seg(".").seq(1 + i * 1448).len(1448));
        }
        p.expectNothing();
    }

    /** RFC 7323 §2.2: the window in a SYN or SYN-ACK is never scaled, even when the SYN-ACK offers a scale. */
    @Test
    void theWindowOfASynAckIsNotScaled() {
        ScriptedPeer p = new ScriptedPeer(ConnectionOptions.defaults());
        p.connectWith(seg("S.").seq(0).ack(1).win(2000).mss(1460).sackOk().ts(ScriptedPeer.PEER_TS0, 0).wscale(7));
        p.write(5000);
        p.expect(seg(".").seq(1).len(1448)); // 2000 bytes, not 2000 << 7
        p.expectNothing();
    }

    /** RFC 7323 §2.3: our window field is our free space shifted right by our scale. */
    @Test
    void ourWindowIsScaled() {
        ScriptedPeer p = new ScriptedPeer(ConnectionOptions.builder().receiveBufferBytes(1 << 20).build());
        p.acceptFrom(fullSyn()); // 1 MiB: scale 5
        assertThat(p.connection().info().receiveWindowShift()).isEqualTo(5);
        p.in(seg(".").seq(1).ack(1).len(1000));
        p.advanceTo(40);
        Seg ack = p.expect(seg(".").ack(1001));
        long advertised = (long) ack.window() << 5;
        assertThat(advertised).isBetween((1L << 20) - 1000, (1L << 20) - 1000 + 31); // free space, rounded up
    }

    /**
     * RFC 9293 §3.8.6 (SHLD-14, "shrinking the window is strongly discouraged"): the right edge the peer sees,
     * SEG.ACK + (SEG.WND << scale), never moves left, even though the scaled field can only say multiples of 2^scale.
     */
    @Test
    void theRightEdgeThePeerSeesNeverMovesLeft() {
        ScriptedPeer p = new ScriptedPeer(ConnectionOptions.builder().receiveBufferBytes(1 << 20).build());
        p.acceptFrom(fullSyn());
        long lastEdge = 0;
        int seq = 1;
        for (int len : new int[] {1, 31, 7, 25, 1, 1, 30, 32, 3}) {
            p.in(seg(".").seq(seq).ack(1).len(len));
            seq += len;
            p.advanceBy(40);
            Seg ack = p.expect(seg(".").ack(seq));
            long edge = ack.ack() + ((long) ack.window() << 5);
            assertThat(edge).as("right edge after %d bytes", seq - 1).isGreaterThanOrEqualTo(lastEdge);
            lastEdge = edge;
        }
    }

    /**
     * RFC 9293 §3.8.6.1: with a zero window and data to send, probe the window on a timer with exponential
     * backoff; when the window opens, data flows.
     */
    @Test
    void zeroWindowIsProbedWithBackoffUntilItOpens() {
        ScriptedPeer p = new ScriptedPeer(ConnectionOptions.defaults());
        p.acceptFrom(plainSyn());
        p.in(seg(".").seq(1).ack(1).win(0));
        p.write(1000);
        p.expectNothing();
        p.advanceTo(999);
        p.expectNothing();
        p.advanceTo(1000);
        p.expect(seg(".").seq(0).ack(1).len(0).at(1000)); // a segment the peer must answer with its window
        p.in(seg(".").seq(1).ack(1).win(0));
        p.advanceTo(3000);
        p.expect(seg(".").seq(0).len(0).at(3000));
        p.in(seg(".").seq(1).ack(1).win(0));
        p.advanceTo(6999);
        p.expectNothing();
        p.advanceTo(7000);
        p.expect(seg(".").seq(0).len(0).at(7000));
        p.advanceTo(7010);
        p.in(seg(".").seq(1).ack(1).win(65535));
        p.expect(seg("P.").seq(1).len(1000).at(7010));
        p.expectNothing();
    }

    /**
     * RFC 9293 §3.8.6.2.1: the sender sends a full segment, or a partial one only when it is at least half the
     * largest window the peer has offered (Fs = 1/2).
     */
    @Test
    void senderAvoidsSillyWindowSegments() {
        ScriptedPeer p = new ScriptedPeer(ConnectionOptions.defaults());
        p.acceptFrom(plainSyn().win(2000));
        p.write(1460 + 1200);
        p.expect(seg(".").seq(1).len(1460));
        p.expectNothing(); // 540 usable < 2000 / 2
        p.advanceTo(20);
        p.in(seg(".").seq(1).ack(1461).win(1100));
        p.expect(seg(".").seq(1461).len(1100).at(20)); // 1100 >= 1000: a partial segment is fine
        p.expectNothing();
    }

    /**
     * RFC 9293 §3.8.6.2.1 / RFC 1122 §4.2.3.4: when a window too small to use stalls the sender with nothing in
     * flight, a timer must still run, or a lost window update deadlocks the connection; when the override timeout
     * fires, the sender sends what the window takes.
     */
    @Test
    void aSmallUnusableWindowDoesNotDeadlock() {
        ScriptedPeer p = new ScriptedPeer(ConnectionOptions.defaults());
        p.acceptFrom(plainSyn());
        p.in(seg(".").seq(1).ack(1).win(500));
        p.write(1000);
        p.expectNothing(); // 500 < 65535 / 2: silly
        p.advanceTo(999);
        p.expectNothing();
        p.advanceTo(1000); // the override timeout (one RTO, like the persist timer)
        p.expect(seg(".").seq(1).len(500).at(1000));
        p.expectNothing();
        p.advanceTo(1010);
        p.in(seg(".").seq(1).ack(501).win(65535));
        p.expect(seg("P.").seq(501).len(500).at(1010));
    }

    /** RFC 9293 §3.10.7.4 "first": data wholly beyond the window is not acceptable: ACK and drop it. */
    @Test
    void dataBeyondTheWindowIsAcknowledgedAndDropped() {
        ScriptedPeer p = new ScriptedPeer(ConnectionOptions.builder().receiveBufferBytes(4096).build());
        p.acceptFrom(plainSyn());
        p.in(seg(".").seq(4097).ack(1).len(100));
        p.expect(seg(".").seq(1).ack(1).win(4096));
        assertThat(p.drops(io.tcplab.stack.DropReason.OUT_OF_WINDOW)).isEqualTo(1);
        p.in(seg(".").seq(1).ack(1).len(4096));
        p.expect(seg(".").ack(4097).win(0));
        assertThat(p.read(10_000)).isEqualTo(4096);
    }

    /** RFC 9293 §3.10.7.4: a segment straddling the right edge is trimmed to the window, the rest is dropped. */
    @Test
    void aSegmentPastTheRightEdgeIsTrimmed() {
        ScriptedPeer p = new ScriptedPeer(ConnectionOptions.builder().receiveBufferBytes(4096).mss(5000).build());
        p.acceptFrom(plainSyn().mss(5000));
        p.in(seg(".").seq(1).ack(1).len(5000));
        p.advanceTo(40);
        p.expect(seg(".").ack(4097).win(0));
        assertThat(p.read(10_000)).isEqualTo(4096);
    }

    /** RFC 9293 §3.10.7.4 "fifth": the window is taken from a segment only if it is not older than the last update. */
    @Test
    void anOlderSegmentDoesNotUpdateTheWindow() {
        ScriptedPeer p = new ScriptedPeer(ConnectionOptions.defaults());
        p.acceptFrom(plainSyn());
        p.in(seg(".").seq(101).ack(1).len(100)); // out of order, SND.WL1 = 101
        p.expect(seg(".").ack(1));
        p.in(seg(".").seq(1).ack(1).win(0)); // SEG.SEQ < SND.WL1: an old window, ignored
        p.write(1000);
        p.expect(seg("P.").seq(1).len(1000));
    }

    /**
     * RFC 9293 §3.10.7.4 "fifth": a data segment whose ACK moves nothing, with nothing of ours in flight,
     * still updates the window — ACK processing skips the rest for such a segment, as Linux's header
     * prediction skips tcp_ack, but not the window.
     */
    @Test
    void aDataSegmentThatAcknowledgesNothingNewOpensTheWindow() {
        ScriptedPeer p = new ScriptedPeer(ConnectionOptions.defaults());
        p.listen();
        p.in(fullSyn());
        p.expect(seg("S."));
        p.in(seg(".").seq(1).ack(1).win(0));
        p.accept();
        p.write(3000);
        p.expectNothing(); // a zero window: the data waits
        p.in(seg(".").seq(1).ack(1).len(100).win(100)); // 100 << 7 = 12800 bytes
        p.expect(seg(".").seq(1).ack(101).len(1448));
        p.expect(seg(".").seq(1449).ack(101).len(1448));
    }
}
