package io.tcplab.stack.script;

import static io.tcplab.stack.script.ScriptedPeer.fullSyn;
import static io.tcplab.stack.script.SegSpec.seg;
import static org.assertj.core.api.Assertions.assertThat;

import io.tcplab.stack.conn.ConnectionOptions;
import org.junit.jupiter.api.Test;

/**
 * Issue 7's defects 3-5 and 7, each as the scene that showed it in a trace. RFC 6675 recovery
 * (so that no timer-based detector changes the scene), timestamps on, a 100 ms handshake.
 */
class RecoveryDefectsScriptTest {
    private static final int MSS = 1448;
    private static final long MS = 1_000_000L;

    private static ScriptedPeer established(ConnectionOptions.Builder options) {
        ScriptedPeer p = new ScriptedPeer(options.build());
        p.acceptFrom(fullSyn(), 100);
        return p;
    }

    private static ConnectionOptions.Builder rfc6675() {
        return ConnectionOptions.builder().recovery("rfc6675");
    }

    private static int seq(int segment) {
        return 1 + segment * MSS;
    }

    private static int tsAt(long ms) {
        return ScriptedPeer.PEER_TS0 + (int) ms;
    }

    /**
     * Defect 3: while a hole is open the receiver echoes the timestamp of the segment before it
     * (RFC 7323 §4.3), so a SACK-only ACK's TSecr measures how long the hole has been open. No RTT
     * sample may come from it: SRTT stays at the path's 100 ms.
     */
    @Test
    void sackOnlyAcksGiveNoTimestampSampleWhileAHoleIsOpen() {
        ScriptedPeer p = established(rfc6675());
        p.write(10 * MSS);
        p.drain();
        p.advanceTo(200);
        p.in(seg(".").seq(1).ack(1).sack(seq(1), seq(2)).ts(tsAt(200), 100));
        p.in(seg(".").seq(1).ack(1).sack(seq(3), seq(10), seq(1), seq(2)).ts(tsAt(200), 100));
        assertThat(p.drain()).extracting(Seg::seq).contains(seq(0), seq(2)); // both holes resent at 200
        p.advanceTo(700); // the retransmission of the second hole arrives late; the first hole is still open
        p.in(seg(".").seq(1).ack(1).sack(seq(2), seq(10), seq(1), seq(2)).ts(tsAt(700), 100));
        assertThat(p.connection().info().srttNanos()).isBetween(99 * MS, 101 * MS);
    }

    /**
     * Defect 4: a timeout during fast recovery, with much of the flight SACKed, must not raise
     * ssthresh above what the recovery set (RFC 5681 (4) from the flight; Linux keeps it).
     */
    @Test
    void aTimeoutDuringRecoveryNeverRaisesSsthresh() {
        ScriptedPeer p = established(rfc6675());
        p.write(60 * MSS);
        p.drain(); // IW10
        p.advanceTo(200);
        p.in(seg(".").seq(1).ack(1).sack(seq(1), seq(10)));
        long recoverySsthresh = p.connection().info().ssthreshBytes();
        int highest = 0;
        for (int round = 0; round < 4; round++) { // the hole's retransmission is lost; SACKs keep new data flowing
            for (Seg s : p.drain()) {
                highest = Math.max(highest, s.seq() + s.len());
            }
            p.advanceBy(100);
            p.in(seg(".").seq(1).ack(1).sack(seq(1), highest));
        }
        p.drain();
        assertThat(p.connection().info().rtoCount()).isZero();
        p.advanceTo(1100); // RTO: armed at the first send, 1 s minimum
        assertThat(p.connection().info().rtoCount()).isEqualTo(1);
        assertThat(p.connection().info().ssthreshBytes()).isLessThanOrEqualTo(recoverySsthresh);
        assertThat(p.connection().info().cwndBytes()).isEqualTo(MSS);
    }

    /**
     * Defect 5: a fast retransmit found spurious by Eifel (the ACK of the hole echoes the original's
     * timestamp) is undone: cwnd back to its value before, the other segment the episode deemed lost
     * is not resent, and reaching the recovery point does not clamp cwnd to the reduced ssthresh.
     */
    @Test
    void anEifelUndoClearsTheLossMarksAndSurvivesTheRecoveryPoint() {
        ScriptedPeer p = established(rfc6675().spurious("eifel"));
        long before = p.connection().info().cwndBytes();
        p.write(10 * MSS);
        p.drain();
        p.advanceTo(200);
        // segments 1 and 2 are only delayed; 3, 4 and 5 arrive: DupThresh deems 1 and 2 lost
        p.in(seg(".").seq(1).ack(1).sack(seq(2), seq(5)).ts(tsAt(200), 100));
        assertThat(p.drain()).extracting(Seg::seq).containsExactly(seq(0)); // pipe (5 in flight) = cwnd: only rule 4.3
        p.advanceTo(210);
        p.in(seg(".").seq(1).ack(seq(1)).sack(seq(2), seq(5)).ts(tsAt(210), 100)); // the original of 1
        assertThat(p.connection().info().spuriousUndos()).isEqualTo(1);
        assertThat(p.connection().info().cwndBytes()).isGreaterThanOrEqualTo(before);
        p.advanceTo(220);
        p.in(seg(".").seq(1).ack(seq(10)).ts(tsAt(220), 100)); // 2 and the rest: past the recovery point
        assertThat(p.drain()).extracting(Seg::seq).doesNotContain(seq(1));
        assertThat(p.connection().info().segmentsRetransmitted()).isEqualTo(1);
        assertThat(p.connection().info().cwndBytes()).isGreaterThanOrEqualTo(before);
    }

    /**
     * Defect 7: with pacing on, a window leaves spread over the round trip at twice cwnd/SRTT in
     * slow start (Linux's ratio), not as one burst: after a short burst allowance the segments of
     * IW10 (14,480 B over 100 ms × 2 = 5 ms each) are 5 ms apart.
     */
    @Test
    void pacingSpreadsTheWindowOverTheRoundTrip() {
        ScriptedPeer p = established(rfc6675().pacing(true));
        p.write(10 * MSS);
        p.advanceTo(200);
        var sent = p.drain();
        assertThat(sent).hasSize(10);
        long first = sent.get(0).atNanos();
        long last = sent.get(9).atNanos();
        assertThat(last - first).isBetween(35 * MS, 50 * MS);
        for (int i = 4; i < 10; i++) {
            assertThat(sent.get(i).atNanos() - sent.get(i - 1).atNanos()).isBetween(4 * MS, 6 * MS);
        }
    }

    @Test
    void withoutPacingTheWindowLeavesAtOnce() {
        ScriptedPeer p = established(rfc6675());
        p.write(10 * MSS);
        assertThat(p.drain()).extracting(Seg::atNanos).containsOnly(100 * MS);
    }
}
