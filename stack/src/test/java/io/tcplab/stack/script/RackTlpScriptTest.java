package io.tcplab.stack.script;

import static io.tcplab.stack.script.ScriptedPeer.plainSyn;
import static io.tcplab.stack.script.SegSpec.seg;
import static org.assertj.core.api.Assertions.assertThat;

import io.tcplab.stack.conn.ConnectionOptions;
import io.tcplab.stack.trace.TraceEvent;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * RACK-TLP (RFC 8985), the default loss detector, segment by segment. The handshake takes 100 ms,
 * so SRTT = min_RTT = 100 ms, RACK's reordering window min_RTT/4 = 25 ms and the probe timeout
 * 2·SRTT = 200 ms; the RTO is RFC 6298's 1 s minimum. No timestamps, so only RACK can tell.
 */
class RackTlpScriptTest {
    private static final int MSS = 1460;

    /** Opens a connection whose handshake round trip is 100 ms; returns at t = 100 ms. */
    private static ScriptedPeer established(ConnectionOptions options) {
        ScriptedPeer p = new ScriptedPeer(options);
        p.acceptFrom(plainSyn().sackOk(), 100);
        return p;
    }

    private static ScriptedPeer established() {
        return established(ConnectionOptions.defaults());
    }

    private static int seq(int segment) {
        return 1 + segment * MSS;
    }

    /**
     * §6.2 and §6.3: one segment SACKed above three holes is below DupThresh, so RFC 6675 would wait
     * for the RTO; RACK deems the holes lost once they have been out for RACK.rtt + reo_wnd
     * (100 + 25 ms), by its reordering timer. Each lost segment is traced, with the detector's name.
     */
    @Test
    void reorderingTimerMarksHolesBelowASackLostAfterTheReorderingWindow() {
        ScriptedPeer p = established();
        List<String> lossRows = new ArrayList<>();
        p.connection().setTraceListener(r -> {
            if (r.event == TraceEvent.LOSS_DETECTED) {
                lossRows.add(r.detail + ":" + r.seq + "+" + r.length);
            }
        });
        p.write(4 * MSS);
        for (int i = 0; i < 4; i++) {
            p.expect(seg(i == 3 ? "P." : ".").seq(seq(i)).len(MSS).at(100));
        }
        p.advanceTo(200);
        p.in(seg(".").seq(1).ack(1).sack(seq(3), seq(4)));
        p.expectNothing();
        p.advanceTo(224);
        p.expectNothing();
        p.advanceTo(225);
        // ssthresh = cwnd = half of the 4-segment flight: two retransmissions fill it (RFC 6675 pipe)
        p.expect(seg(".").seq(seq(0)).len(MSS).at(225));
        p.expect(seg(".").seq(seq(1)).len(MSS).at(225));
        p.expectNothing();
        assertThat(p.connection().info().fastRecoveries()).isEqualTo(1);
        assertThat(p.connection().info().rtoCount()).isZero();
        assertThat(lossRows).containsExactly("rack:1+1460", "rack:1461+1460", "rack:2921+1460");
    }

    /**
     * §6.2 step 4: with DupThresh segments SACKed and no reordering seen the window is zero, and a
     * retransmission that is not delivered while segments sent after it are is itself lost (RACK's
     * lost-retransmission detection): sent a third time one RACK.rtt later, no RTO.
     */
    @Test
    void aLostRetransmissionIsDetectedByLaterDeliveriesWithoutTheRto() {
        ScriptedPeer p = established();
        p.write(20 * MSS);
        for (int i = 0; i < 10; i++) {
            p.expect(seg(".").seq(seq(i)).len(MSS).at(100));
        }
        p.advanceTo(200);
        p.in(seg(".").seq(1).ack(1).sack(seq(1), seq(10)));
        p.expect(seg(".").seq(seq(0)).len(MSS).at(200)); // zero window: lost at once
        for (int i = 10; i < 14; i++) { // cwnd = ssthresh = 5 segments, pipe 1
            p.expect(seg(".").seq(seq(i)).len(MSS).at(200));
        }
        p.expectNothing();
        p.advanceTo(300);
        p.in(seg(".").seq(1).ack(1).sack(seq(1), seq(14))); // everything sent at 200 but the retransmission
        p.expect(seg(".").seq(seq(0)).len(MSS).at(300));
        assertThat(p.connection().info().rtoCount()).isZero();
        assertThat(p.connection().info().segmentsRetransmitted()).isEqualTo(2);
    }

    /**
     * §7: a whole tail is lost and no ACK comes. At PTO = 2·SRTT after the last send the probe
     * resends the last segment; its SACK lets RACK repair the rest at once, without the RTO.
     */
    @Test
    void tailLossProbeTurnsATailLossIntoFastRecovery() {
        ScriptedPeer p = established();
        p.write(4 * MSS);
        for (int i = 0; i < 4; i++) {
            p.expect(seg(i == 3 ? "P." : ".").seq(seq(i)).len(MSS).at(100));
        }
        p.advanceTo(299);
        p.expectNothing();
        p.advanceTo(300);
        p.expect(seg("P.").seq(seq(3)).len(MSS).at(300));
        p.expectNothing();
        p.advanceTo(400);
        p.in(seg(".").seq(1).ack(1).sack(seq(3), seq(4)));
        p.expect(seg(".").seq(seq(0)).len(MSS).at(400));
        p.expect(seg(".").seq(seq(1)).len(MSS).at(400));
        p.expectNothing();
        assertThat(p.connection().info().tlpProbes()).isEqualTo(1);
        assertThat(p.connection().info().rtoCount()).isZero();
        assertThat(p.connection().info().fastRecoveries()).isEqualTo(1);
    }

    /** §7.3: one probe at a time; when it goes unanswered the RTO, restarted by the probe, takes over. */
    @Test
    void oneProbeOnlyThenTheRto() {
        ScriptedPeer p = established();
        p.write(4 * MSS);
        for (int i = 0; i < 4; i++) {
            p.expect(seg(i == 3 ? "P." : ".").seq(seq(i)).len(MSS).at(100));
        }
        p.advanceTo(300);
        p.expect(seg("P.").seq(seq(3)).len(MSS).at(300));
        p.advanceTo(1299);
        p.expectNothing();
        p.advanceTo(1300);
        p.expect(seg(".").seq(seq(0)).len(MSS).at(1300));
        assertThat(p.connection().info().tlpProbes()).isEqualTo(1);
        assertThat(p.connection().info().rtoCount()).isEqualTo(1);
    }

    /**
     * §7.2: a single segment in flight may wait for a delayed ACK, so its probe waits 200 ms more
     * (2·SRTT + WCDelAckT).
     */
    @Test
    void aLoneSegmentsProbeWaitsForTheWorstCaseDelayedAck() {
        ScriptedPeer p = established();
        p.write(MSS);
        p.expect(seg("P.").seq(seq(0)).len(MSS).at(100));
        p.advanceTo(499);
        p.expectNothing();
        p.advanceTo(500);
        p.expect(seg("P.").seq(seq(0)).len(MSS).at(500));
    }

    /**
     * RFC 3708 with RFC 4015: the holes were only reordered. Once both retransmissions are reported
     * as duplicates the reduction is undone: cwnd is back to its value before the episode.
     */
    @Test
    void dsacksOfEveryRetransmissionUndoTheReduction() {
        ScriptedPeer p = established();
        long before = p.connection().info().cwndBytes();
        p.write(4 * MSS);
        for (int i = 0; i < 4; i++) {
            p.next();
        }
        p.advanceTo(200);
        p.in(seg(".").seq(1).ack(1).sack(seq(3), seq(4)));
        p.advanceTo(225);
        p.next();
        p.next();
        assertThat(p.connection().info().cwndBytes()).isLessThan(before);
        p.advanceTo(230);
        p.in(seg(".").seq(1).ack(seq(4))); // the originals arrive late
        p.advanceTo(325);
        p.in(seg(".").seq(1).ack(seq(4)).sack(seq(0), seq(1)));
        assertThat(p.connection().info().spuriousUndos()).isZero();
        p.in(seg(".").seq(1).ack(seq(4)).sack(seq(1), seq(2)));
        assertThat(p.connection().info().spuriousUndos()).isEqualTo(1);
        assertThat(p.connection().info().cwndBytes()).isGreaterThanOrEqualTo(before);
    }

    /**
     * §7.2: a probe timeout later than the RTO is cut to the RTO's deadline, and the probe goes
     * in the RTO's place. With a minimum RTO of 200 ms the RTO is SRTT + 4·RTTVAR = 100 + 200 =
     * 300 ms (RTTVAR is half the first sample); one segment out makes the PTO 2·SRTT + 200 ms =
     * 400 ms. At 300 ms after the send the probe resends the segment: a probe, no timeout, and the
     * RTO runs again from it (300 ms, not doubled).
     */
    @Test
    void aProbeTimeoutCutToTheRtoDeadlineSendsTheProbeInTheRtosPlace() {
        ScriptedPeer p = established(ConnectionOptions.builder().minRtoNanos(200_000_000L)
                .initialRtoNanos(1_000_000_000L).build());
        p.write(100);
        p.expect(seg("P.").seq(1).len(100).at(100));
        p.advanceTo(399);
        p.expectNothing();
        p.advanceTo(400);
        p.expect(seg("P.").seq(1).len(100).at(400));
        assertThat(p.connection().info().tlpProbes()).isEqualTo(1);
        assertThat(p.connection().info().rtoCount()).isZero();
        p.advanceTo(699);
        p.expectNothing();
        p.advanceTo(700);
        p.expect(seg("P.").seq(1).len(100).at(700));
        assertThat(p.connection().info().rtoCount()).isEqualTo(1);
    }
}
