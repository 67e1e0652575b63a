package io.tcplab.stack.script;

import static io.tcplab.stack.script.ScriptedPeer.plainSyn;
import static io.tcplab.stack.script.SegSpec.seg;
import static org.assertj.core.api.Assertions.assertThat;

import io.tcplab.stack.conn.ConnectionInfo;
import io.tcplab.stack.conn.ConnectionOptions;
import org.junit.jupiter.api.Test;

/** The segment counts and the last data arrival {@link ConnectionInfo} gives, worked by hand. MSS 1000, SACK. */
class ConnectionInfoScriptTest {
    private static final long MS = 1_000_000L;
    private static final int WIN = 65535;

    /**
     * Five segments out; the ACK SACKs the 4th and 5th (RACK deems nothing lost yet: the 1st..3rd
     * were sent with them); RACK's timer deems 1..3 lost, two are resent; the RTO deems them lost
     * again and resends the first. Without F-RTO, which on a timeout deems only the first lost.
     */
    @Test
    void outstandingSackedLostAndRetransmittedSegments() {
        ScriptedPeer p = new ScriptedPeer(ConnectionOptions.builder().spurious("off").build());
        p.acceptFrom(plainSyn().mss(1000).sackOk(), 100);
        p.write(5000);
        assertThat(p.drain()).hasSize(5);
        ConnectionInfo i = p.connection().info();
        assertThat(i.outstandingSegments()).isEqualTo(5);
        assertThat(i.sackedSegments() + i.lostSegments() + i.retransmissionsInFlight()).isZero();
        p.advanceBy(100);
        p.in(seg(".").seq(1).ack(1).win(WIN).sack(3001, 5001));
        i = p.connection().info();
        assertThat(i.outstandingSegments()).isEqualTo(5);
        assertThat(i.sackedSegments()).isEqualTo(2);
        p.advanceBy(200); // RACK's timer (RACK.rtt + min_RTT/4 after the SACK) deems 1..3 lost; PRR resends 1 and 2
        assertThat(p.drain()).hasSize(2);
        i = p.connection().info();
        assertThat(i.lostSegments()).isEqualTo(3);
        assertThat(i.retransmissionsInFlight()).isEqualTo(2);
        p.advanceBy(1000); // the RTO (1 s after the first send): all three lost again, the first resent alone
        assertThat(p.drain()).hasSize(1);
        i = p.connection().info();
        assertThat(i.lostSegments()).isEqualTo(3);
        assertThat(i.retransmissionsInFlight()).isEqualTo(1);
        assertThat(i.outstandingSegments()).isEqualTo(5);
    }

    /** Set when the handshake completes, then by in-order data only (Linux's lrcvtime). */
    @Test
    void lastDataArrivalCountsFromTheHandshake() {
        ScriptedPeer p = new ScriptedPeer(ConnectionOptions.builder().build());
        assertThat(p.connect()).isNotNull();
        p.advanceBy(30);
        p.expect(seg("S").seq(0));
        p.in(seg("S.").seq(0).ack(1).win(WIN).mss(1000));
        assertThat(p.connection().info().lastDataReceivedNanos()).isEqualTo(30 * MS);
        p.advanceBy(100);
        p.in(seg(".").seq(1001).ack(1).win(WIN).len(1000)); // out of order
        assertThat(p.connection().info().lastDataReceivedNanos()).isEqualTo(30 * MS);
        p.advanceBy(100);
        p.in(seg(".").seq(1).ack(1).win(WIN).len(1000));
        assertThat(p.connection().info().lastDataReceivedNanos()).isEqualTo(230 * MS);
    }
}
