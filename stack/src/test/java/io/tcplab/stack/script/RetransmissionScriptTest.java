package io.tcplab.stack.script;

import static io.tcplab.stack.script.ScriptedPeer.fullSyn;
import static io.tcplab.stack.script.ScriptedPeer.plainSyn;
import static io.tcplab.stack.script.SegSpec.seg;
import static org.assertj.core.api.Assertions.assertThat;

import io.tcplab.stack.conn.ConnectionError;
import io.tcplab.stack.conn.ConnectionOptions;
import org.junit.jupiter.api.Test;

/** Loss recovery: the retransmission timer (RFC 6298), fast retransmit (RFC 5681, 6582, 6675), RFC 3042. */
class RetransmissionScriptTest {
    /**
     * These cases test RFC 6298's timer and RFC 6675's DupThresh rules, so they run without RACK-TLP
     * (whose tests are in RackTlpScriptTest).
     */
    private static ConnectionOptions.Builder rfc6675() {
        return ConnectionOptions.builder().recovery("rfc6675");
    }

    private static final int MSS = 1460; // plain peer: no timestamps
    private static final int TS_MSS = 1448;

    /**
     * RFC 6298 (5.4)-(5.6): on expiry retransmit the earliest unacknowledged segment and double the RTO;
     * RFC 9293 §3.8.3 R2: after maxRetries retransmissions the connection is aborted with TIMEOUT.
     */
    @Test
    void rtoRetransmitsTheFirstSegmentWithBackoffUntilTheRetryLimit() {
        ScriptedPeer p = new ScriptedPeer(rfc6675().maxRetries(3).build());
        p.acceptFrom(plainSyn());
        p.write(2 * MSS);
        p.expect(seg(".").seq(1).len(MSS).at(0));
        p.expect(seg("P.").seq(1 + MSS).len(MSS).at(0));
        p.advanceTo(999);
        p.expectNothing();
        p.advanceTo(1000);
        p.expect(seg(".").seq(1).len(MSS).at(1000)); // cwnd is one segment after a timeout (RFC 5681 §3.1)
        p.expectNothing();
        p.advanceTo(2999);
        p.expectNothing();
        p.advanceTo(3000);
        p.expect(seg(".").seq(1).len(MSS).at(3000));
        p.advanceTo(7000);
        p.expect(seg(".").seq(1).len(MSS).at(7000));
        p.advanceTo(14_999);
        p.expectNothing();
        p.advanceTo(15_000);
        p.expectNothing();
        p.assertClosed(ConnectionError.TIMEOUT);
    }

    /**
     * RFC 6298 §5 note and Karn's rule (§3): without timestamps the ACK of a retransmitted segment gives no RTT
     * sample, so the backed-off RTO stays for the next retransmission.
     */
    @Test
    void withoutTimestampsTheBackoffSurvivesTheAckOfARetransmission() {
        ScriptedPeer p = new ScriptedPeer(rfc6675().build());
        p.acceptFrom(plainSyn());
        p.write(2 * MSS);
        p.expect(seg(".").seq(1));
        p.expect(seg("P.").seq(1 + MSS));
        p.advanceTo(1000);
        p.expect(seg(".").seq(1).at(1000));
        p.advanceTo(1100);
        p.in(seg(".").seq(1).ack(1 + MSS));
        p.expect(seg("P.").seq(1 + MSS).len(MSS).at(1100)); // also deemed lost by the timeout (RFC 6675 §5.1)
        p.advanceTo(3099);
        p.expectNothing();
        p.advanceTo(3100); // 2 s: still backed off
        p.expect(seg("P.").seq(1 + MSS).at(3100));
    }

    /** RFC 7323 §4 with RFC 6298 §5 note: a timestamp echo measures the retransmission, and the RTO collapses. */
    @Test
    void withTimestampsTheAckOfARetransmissionEndsTheBackoff() {
        ScriptedPeer p = new ScriptedPeer(rfc6675().build());
        p.acceptFrom(fullSyn());
        p.write(2 * TS_MSS);
        p.expect(seg(".").seq(1));
        p.expect(seg("P.").seq(1 + TS_MSS));
        p.advanceTo(1000);
        p.expect(seg(".").seq(1).ts(1000, ScriptedPeer.PEER_TS0).at(1000));
        p.advanceTo(1050);
        p.in(seg(".").seq(1).ack(1 + TS_MSS)); // echoes TSval 1000: a 50 ms sample
        p.expect(seg("P.").seq(1 + TS_MSS).at(1050));
        p.advanceTo(2049);
        p.expectNothing();
        p.advanceTo(2050); // 1 s (the minimum), not 2 s
        p.expect(seg("P.").seq(1 + TS_MSS).at(2050));
    }

    /**
     * RFC 5681 §3.2 and RFC 3042: the first and second duplicate ACKs each release one new segment (limited
     * transmit); the third triggers the fast retransmit of the first unacknowledged segment. Without SACK,
     * RFC 6582 §3.2 step 5: a partial ACK retransmits the next hole at once.
     */
    @Test
    void newRenoFastRetransmitWithLimitedTransmitAndPartialAck() {
        ScriptedPeer p = new ScriptedPeer(rfc6675().build());
        p.acceptFrom(plainSyn());
        p.write(20 * MSS);
        for (int i = 0; i < 10; i++) { // IW10 (RFC 6928)
            p.expect(seg(".").seq(1 + i * MSS).len(MSS));
        }
        p.expectNothing();
        p.advanceTo(100); // segments 1 and 3 were lost; 2 and 4.. arrive
        p.in(seg(".").seq(1).ack(1));
        p.expect(seg(".").seq(1 + 10 * MSS).len(MSS).at(100));
        p.in(seg(".").seq(1).ack(1));
        p.expect(seg(".").seq(1 + 11 * MSS).len(MSS).at(100));
        p.expectNothing();
        p.in(seg(".").seq(1).ack(1));
        p.expect(seg(".").seq(1).len(MSS).at(100));
        p.expectNothing();
        assertThat(p.connection().info().fastRecoveries()).isEqualTo(1);

        p.advanceTo(200);
        p.in(seg(".").seq(1).ack(1 + 2 * MSS)); // partial: covers the repaired segment 1 and 2, not 3
        p.expect(seg(".").seq(1 + 2 * MSS).len(MSS).at(200));
        p.expectNothing(); // pipe still fills cwnd: nothing new may go
    }

    /**
     * RFC 6675 IsLost (§4) and §5 step (4): with SACK a segment is lost once three segments above it are SACKed
     * (DupThresh = 3), not before; then it is retransmitted at once. No new data waits, so nothing else may go.
     */
    @Test
    void sackLossDetectionAfterThreeSegmentsSackedAbove() {
        ScriptedPeer p = new ScriptedPeer(rfc6675().build());
        p.acceptFrom(fullSyn());
        p.write(10 * TS_MSS);
        for (int i = 0; i < 10; i++) {
            p.expect(seg(i == 9 ? "P." : ".").seq(1 + i * TS_MSS).len(TS_MSS));
        }
        p.advanceTo(100);
        p.in(seg(".").seq(1).ack(1).sack(1 + TS_MSS, 1 + 2 * TS_MSS));
        p.in(seg(".").seq(1).ack(1).sack(1 + TS_MSS, 1 + 3 * TS_MSS));
        p.expectNothing();
        p.in(seg(".").seq(1).ack(1).sack(1 + TS_MSS, 1 + 4 * TS_MSS));
        p.expect(seg(".").seq(1).len(TS_MSS).at(100));
        p.expectNothing();
        assertThat(p.connection().info().fastRecoveries()).isEqualTo(1);
    }

    /**
     * RFC 3042 §2 with RFC 6675: each of the first two duplicate ACKs (SACKs) releases one new segment; cwnd
     * MUST NOT change (RFC 5681 §3.1 grows it only for ACKs that cumulatively acknowledge new data).
     */
    @Test
    void limitedTransmitWithSackSendsOneSegmentPerDuplicateAck() {
        ScriptedPeer p = new ScriptedPeer(rfc6675().build());
        p.acceptFrom(fullSyn());
        p.write(20 * TS_MSS);
        for (int i = 0; i < 10; i++) {
            p.expect(seg(".").seq(1 + i * TS_MSS).len(TS_MSS));
        }
        p.advanceTo(100);
        p.in(seg(".").seq(1).ack(1).sack(1 + TS_MSS, 1 + 2 * TS_MSS));
        p.expect(seg(".").seq(1 + 10 * TS_MSS).len(TS_MSS).at(100));
        p.expectNothing();
        p.in(seg(".").seq(1).ack(1).sack(1 + TS_MSS, 1 + 3 * TS_MSS));
        p.expect(seg(".").seq(1 + 11 * TS_MSS).len(TS_MSS).at(100));
        p.expectNothing();
    }

    /** RFC 6298 (5.2)/(5.3): the timer stops when all is acknowledged and restarts on each new ACK. */
    @Test
    void anAckRestartsTheTimerAndTheLastAckStopsIt() {
        ScriptedPeer p = new ScriptedPeer(rfc6675().build());
        p.acceptFrom(plainSyn());
        p.write(2 * MSS);
        p.expect(seg(".").seq(1).at(0));
        p.expect(seg("P.").seq(1 + MSS).at(0));
        p.advanceTo(600);
        p.in(seg(".").seq(1).ack(1 + MSS));
        p.advanceTo(1599);
        p.expectNothing();
        p.advanceTo(1600); // 600 ms + RTO (1 s minimum)
        p.expect(seg("P.").seq(1 + MSS).at(1600));
        p.in(seg(".").seq(1).ack(1 + 2 * MSS));
        p.advanceTo(100_000);
        p.expectNothing();
    }

    /**
     * RFC 6937 §3 (PRR): while pipe is above ssthresh, fast recovery sends in proportion to what is
     * delivered — here ssthresh is half of RecoverFS, so one new segment for every two segments
     * SACKed (rate halving) — where RFC 6675 alone would send nothing until pipe fell below cwnd.
     */
    @Test
    void prrSendsOneSegmentForEveryTwoDeliveredDuringRecovery() {
        ScriptedPeer p = new ScriptedPeer(rfc6675().initialWindowSegments(20).prr(true).build());
        p.acceptFrom(fullSyn());
        p.write(40 * TS_MSS);
        for (int i = 0; i < 20; i++) {
            p.expect(seg(".").seq(1 + i * TS_MSS).len(TS_MSS));
        }
        enterRecoveryWithLimitedTransmit(p);
        p.expectNothing();
        int next = 22; // RecoverFS is 22 segments and ssthresh 11: half

        for (int k = 5; k <= 12; k++) {
            p.in(seg(".").seq(1).ack(1).sack(1 + TS_MSS, 1 + k * TS_MSS));
            if (k % 2 == 0) { // prr_delivered = k - 3 segments: ceil(delivered / 2) - prr_out grows every second ACK
                p.expect(seg(".").seq(1 + next * TS_MSS).len(TS_MSS));
                next++;
            }
            p.expectNothing();
        }
        assertThat(next).isEqualTo(26);
    }

    /** The same losses without PRR: RFC 6675 sends nothing while pipe (19 segments) stays above cwnd (11). */
    @Test
    void withoutPrrRecoveryWaitsForPipeToFallBelowCwnd() {
        ScriptedPeer p = new ScriptedPeer(rfc6675().initialWindowSegments(20).build());
        p.acceptFrom(fullSyn());
        p.write(40 * TS_MSS);
        for (int i = 0; i < 20; i++) {
            p.expect(seg(".").seq(1 + i * TS_MSS).len(TS_MSS));
        }
        enterRecoveryWithLimitedTransmit(p);
        for (int k = 5; k <= 10; k++) {
            p.in(seg(".").seq(1).ack(1).sack(1 + TS_MSS, 1 + k * TS_MSS));
            p.expectNothing();
        }
    }

    /**
     * Segment 1 of 20 is lost; SACKs of segments 2 and 3 each release a new segment (RFC 3042), the
     * SACK of segment 4 starts recovery with the retransmission of segment 1.
     */
    private static void enterRecoveryWithLimitedTransmit(ScriptedPeer p) {
        p.advanceTo(100);
        for (int k = 2; k <= 4; k++) {
            p.in(seg(".").seq(1).ack(1).sack(1 + TS_MSS, 1 + k * TS_MSS));
            p.expect(k < 4 ? seg(".").seq(1 + (18 + k) * TS_MSS).len(TS_MSS) : seg(".").seq(1).len(TS_MSS));
        }
    }
}
