package io.tcplab.stack.script;

import static io.tcplab.stack.script.ScriptedPeer.fullSyn;
import static io.tcplab.stack.script.SegSpec.seg;
import static org.assertj.core.api.Assertions.assertThat;

import io.tcplab.stack.conn.ConnectionInfo;
import io.tcplab.stack.conn.ConnectionOptions;
import io.tcplab.stack.recovery.DoubleDropRule;
import io.tcplab.stack.recovery.TebParameters;
import io.tcplab.stack.trace.TraceEvent;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * TEB, the timer-based retransmit (docs/stack.md, REFERENCE §5.2), against the cases its
 * definition names: a segment is lost 2 × the latest RTT after it left, one reduction per
 * window, a retransmission found lost by evidence is a double drop (one per response), Eifel
 * undoes a spurious expiry, and a growing RTT stretches every deadline. The handshake takes 100 ms, so the latest RTT starts at 100 ms
 * and the RFC 6298 timer (1 s minimum) never fires first.
 */
class TimerBasedRetransmitScriptTest {
    private static final int MSS = 1448; // 1460 less the timestamps option

    private static ScriptedPeer established(String spurious) {
        ScriptedPeer p = new ScriptedPeer(ConnectionOptions.builder().recovery("teb").spurious(spurious).build());
        p.acceptFrom(fullSyn(), 100);
        return p;
    }

    private static ScriptedPeer established() {
        return established("off");
    }

    private static int seq(int segment) {
        return 1 + segment * MSS;
    }

    /** Writes ten segments at 100 ms (IW10) and checks they left. */
    private static void sendTen(ScriptedPeer p) {
        p.write(10 * MSS);
        for (int i = 0; i < 10; i++) {
            p.expect(seg(i == 9 ? "P." : ".").seq(seq(i)).len(MSS).at(100));
        }
    }

    @Test
    void oneLossIsRetransmittedTwoRttsAfterItLeftWithOneReduction() {
        ScriptedPeer p = established();
        sendTen(p);
        p.advanceTo(200);
        p.in(seg(".").seq(1).ack(1).sack(seq(1), seq(10))); // nine SACKed: TEB waits for the timer, not DupThresh
        p.expectNothing();
        p.advanceTo(299);
        p.expectNothing();
        p.advanceTo(300);
        p.expect(seg(".").seq(seq(0)).len(MSS).at(300));
        p.expectNothing();
        ConnectionInfo info = p.connection().info();
        assertThat(info.fastRecoveries()).isEqualTo(1);
        assertThat(info.ssthreshBytes()).isEqualTo(5L * MSS);
        p.advanceTo(400);
        p.in(seg(".").seq(1).ack(seq(10)));
        assertThat(p.connection().info().fastRecoveries()).isEqualTo(1);
        assertThat(p.connection().info().rtoCount()).isZero();
    }

    /**
     * The loss is found two round trips after it left, while SACKs kept the window moving: SND.NXT −
     * SND.UNA is then about two windows, one of them SACKed and gone. The reduction halves the
     * window (min(FlightSize, cwnd), as Linux halves cwnd), not that doubled flight.
     */
    @Test
    void aLateFoundLossHalvesTheWindowNotTheFlightSackedSinceItLeft() {
        ScriptedPeer p = established();
        p.write(40 * MSS);
        p.drain(); // IW10 at 100 ms
        p.advanceTo(200);
        p.in(seg(".").seq(1).ack(1).sack(seq(1), seq(10)));
        assertThat(p.drain()).as("the SACKs release new data").hasSize(9);
        p.advanceTo(300); // segment 0 is overdue; SND.NXT − SND.UNA is 19 segments now
        assertThat(p.connection().info().ssthreshBytes()).isEqualTo(5L * MSS);
    }

    @Test
    void aBurstOfLossesInOneWindowIsOneReduction() {
        ScriptedPeer p = established();
        sendTen(p);
        p.advanceTo(200);
        p.in(seg(".").seq(1).ack(1).sack(seq(1), seq(2)));
        p.in(seg(".").seq(1).ack(1).sack(seq(3), seq(4), seq(1), seq(2)));
        p.in(seg(".").seq(1).ack(1).sack(seq(5), seq(10), seq(3), seq(4), seq(1), seq(2)));
        p.advanceTo(300);
        p.expect(seg(".").seq(seq(0)).at(300));
        p.expect(seg(".").seq(seq(2)).at(300));
        p.expect(seg(".").seq(seq(4)).at(300));
        p.expectNothing();
        assertThat(p.connection().info().fastRecoveries()).isEqualTo(1);
        assertThat(p.connection().info().ssthreshBytes()).isEqualTo(5L * MSS);
    }

    /**
     * Segment 0's retransmission (300 ms) is overtaken: segments sent after it are SACKed at 400 ms.
     * That is evidence, and once the retransmission has been out for its deadline (2 · 2 · the
     * 100 ms measured since it left) it is lost: a double drop, the window falls to one segment.
     */
    @Test
    void aRetransmissionOvertakenBySegmentsSentAfterItIsADoubleDrop() {
        ScriptedPeer p = established();
        sendTen(p);
        p.advanceTo(200);
        p.in(seg(".").seq(1).ack(1).sack(seq(1), seq(10)));
        p.advanceTo(300);
        p.expect(seg(".").seq(seq(0)).at(300));
        p.write(4 * MSS); // cwnd 5, one segment in flight: four new ones leave after the retransmission
        for (int i = 10; i < 14; i++) {
            p.expect(seg(i == 13 ? "P." : ".").seq(seq(i)).len(MSS).at(300));
        }
        p.advanceTo(400);
        p.in(seg(".").seq(1).ack(1).sack(seq(1), seq(14)));
        p.advanceTo(699);
        p.expectNothing();
        p.advanceTo(700);
        p.expect(seg(".").seq(seq(0)).at(700));
        ConnectionInfo info = p.connection().info();
        assertThat(info.doubleDrops()).isEqualTo(1);
        assertThat(info.cwndBytes()).isEqualTo(MSS);
        assertThat(info.ssthreshBytes()).as("reduced once, by the first loss").isEqualTo(5L * MSS);
        assertThat(info.rtoCount()).isZero();
    }

    /**
     * The same lost retransmission with nothing sent after it: no evidence, so its deadline alone
     * (700 ms) finds nothing; the RFC 6298 timer does (armed at 100 ms with the 1 s minimum).
     * That is a timeout, not a double drop.
     */
    @Test
    void aLostRetransmissionWithoutEvidenceIsFoundByTheRetransmissionTimer() {
        ScriptedPeer p = established();
        sendTen(p);
        p.advanceTo(200);
        p.in(seg(".").seq(1).ack(1).sack(seq(1), seq(10)));
        p.advanceTo(300);
        p.expect(seg(".").seq(seq(0)).at(300));
        p.advanceTo(1099);
        p.expectNothing();
        p.advanceTo(1100);
        p.expect(seg(".").seq(seq(0)).at(1100));
        ConnectionInfo info = p.connection().info();
        assertThat(info.rtoCount()).isEqualTo(1);
        assertThat(info.doubleDrops()).isZero();
        assertThat(info.cwndBytes()).isEqualTo(MSS);
    }

    /** {@code dd=timer}, the rule before issue 15: the retransmission's own deadline (2·2·RTT) finds it, evidence or not. */
    @Test
    void theTimerRuleFindsALostRetransmissionByItsDeadlineAlone() {
        ScriptedPeer p = new ScriptedPeer(ConnectionOptions.builder().recovery(new TebParameters(2, 2, DoubleDropRule.TIMER).spec()).spurious("off").build());
        p.acceptFrom(fullSyn(), 100);
        sendTen(p);
        p.advanceTo(200);
        p.in(seg(".").seq(1).ack(1).sack(seq(1), seq(10)));
        p.advanceTo(300);
        p.expect(seg(".").seq(seq(0)).at(300));
        p.advanceTo(699);
        p.expectNothing();
        p.advanceTo(700);
        p.expect(seg(".").seq(seq(0)).at(700));
        assertThat(p.connection().info().doubleDrops()).isEqualTo(1);
        assertThat(p.connection().info().cwndBytes()).isEqualTo(MSS);
    }

    /** {@code dd=off}: the same overtaken retransmission is left to the RFC 6298 timer (armed at 100 ms), without a double drop. */
    @Test
    void withTheRuleOffALostRetransmissionWaitsForTheRetransmissionTimer() {
        ScriptedPeer p = new ScriptedPeer(ConnectionOptions.builder().recovery(new TebParameters(2, 2, DoubleDropRule.OFF).spec()).spurious("off").build());
        p.acceptFrom(fullSyn(), 100);
        sendTen(p);
        p.advanceTo(200);
        p.in(seg(".").seq(1).ack(1).sack(seq(1), seq(10)));
        p.advanceTo(300);
        p.expect(seg(".").seq(seq(0)).at(300));
        p.write(4 * MSS);
        assertThat(p.drain()).hasSize(4);
        p.advanceTo(400);
        p.in(seg(".").seq(1).ack(1).sack(seq(1), seq(14)));
        p.advanceTo(1099);
        p.expectNothing();
        p.advanceTo(1100);
        p.expect(seg(".").seq(seq(0)).at(1100));
        assertThat(p.connection().info().doubleDrops()).isZero();
        assertThat(p.connection().info().rtoCount()).isEqualTo(1);
    }

    /**
     * Two scans find retransmissions lost, but both left before the first response: they are one
     * double drop — one response, one count, one trace row. All ten segments expire at 300 ms and
     * 0..4 are resent; the ACK of segment 0 at 350 ms echoes the retransmissions' timestamp (an RTT
     * of 50 ms) and lets 5 go. Under {@code dd=timer} (deadlines alone, so the scans are easy to
     * place) 1..4 are found lost at 300 + 2·2·50 = 500 ms, 5 at 550 ms.
     */
    @Test
    void retransmissionsFoundLostInSeveralScansAreOneDoubleDropPerResponse() {
        ScriptedPeer p = new ScriptedPeer(ConnectionOptions.builder().recovery(new TebParameters(2, 2, DoubleDropRule.TIMER).spec()).spurious("off").build());
        p.acceptFrom(fullSyn(), 100);
        List<Long> rows = new ArrayList<>();
        p.connection().setTraceListener(r -> {
            if (r.event == TraceEvent.DOUBLE_DROP) {
                rows.add(r.nowNanos / 1_000_000);
            }
        });
        sendTen(p);
        p.advanceTo(300);
        assertThat(p.drain()).as("0..4 resent").hasSize(5);
        p.advanceTo(350);
        p.in(seg(".").seq(1).ack(seq(1)));
        p.expect(seg(".").seq(seq(5)).at(350));
        p.advanceTo(600);
        ConnectionInfo info = p.connection().info();
        assertThat(rows).containsExactly(500L);
        assertThat(info.doubleDrops()).isEqualTo(1);
        assertThat(info.cwndBytes()).isEqualTo(MSS);
    }

    /**
     * Nothing is lost but the path stalls for 250 ms: every segment expires at 300 ms. The ACK of the
     * originals echoes their timestamp, older than the first retransmission's: with Eifel the
     * reduction is undone, without it it stands.
     */
    @Test
    void aSpuriousExpiryIsUndoneWithEifelAndNotWithout() {
        // restored to 10 segments, then the ACK's own slow-start growth (2 segments, RFC 3465 L = 2)
        assertThat(cwndAfterStall("eifel")).isEqualTo(12L * MSS);
        // recovery ends at ssthresh, 5 segments, and the same ACK grows it by 2
        assertThat(cwndAfterStall("off")).isEqualTo(7L * MSS);
    }

    private static long cwndAfterStall(String spurious) {
        ScriptedPeer p = established(spurious);
        sendTen(p);
        p.advanceTo(300);
        for (int i = 0; i < 5; i++) { // all ten expired; ssthresh = cwnd = 5 segments
            p.expect(seg(".").seq(seq(i)).at(300));
        }
        p.advanceTo(350);
        p.in(seg(".").seq(1).ack(seq(10)).ts(ScriptedPeer.PEER_TS0 + 350, 100));
        assertThat(p.connection().info().spuriousUndos()).isEqualTo(spurious.equals("off") ? 0 : 1);
        return p.connection().info().cwndBytes();
    }

    /** The RTT grows by 30% a round for ten rounds: each deadline follows the latest sample, none expires. */
    @Test
    void aGrowingRttStretchesEveryDeadline() {
        ScriptedPeer p = established();
        p.write(2000 * MSS);
        long now = 100;
        double rtt = 100;
        for (int round = 0; round < 10; round++) {
            int highest = 0;
            for (Seg s : p.drain()) {
                highest = Math.max(highest, s.seq() + s.len());
            }
            rtt *= 1.3;
            now += (long) rtt;
            p.advanceTo(now);
            p.in(seg(".").seq(1).ack(highest));
        }
        ConnectionInfo info = p.connection().info();
        assertThat(info.segmentsRetransmitted()).isZero();
        assertThat(info.fastRecoveries()).isZero();
        // one cumulative ACK a round: slow start adds 2 segments each (RFC 3465 L = 2), never interrupted
        assertThat(info.cwndBytes()).as("slow start went on").isEqualTo(30L * MSS);
    }
}
