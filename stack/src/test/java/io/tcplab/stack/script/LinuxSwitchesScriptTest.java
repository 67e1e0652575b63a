package io.tcplab.stack.script;

import static io.tcplab.stack.script.ScriptedPeer.plainSyn;
import static io.tcplab.stack.script.SegSpec.seg;
import static org.assertj.core.api.Assertions.assertThat;

import io.tcplab.stack.DropReason;
import io.tcplab.stack.conn.ConnectionOptions;
import io.tcplab.stack.conn.CwndLimited;
import io.tcplab.stack.conn.NagleTest;
import io.tcplab.stack.conn.PrrBound;
import io.tcplab.stack.recovery.RackRtt;
import io.tcplab.stack.rtt.RtoMinimum;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The linux profile's behaviour switches (docs/stack.md#linux-profile), each scene played under
 * tcplab's RFC choice and under Linux's, everything else equal. MSS 1000, Reno (ssthresh = half
 * of ten segments), virtual time.
 */
class LinuxSwitchesScriptTest {
    private static final int MSS = 1000;
    private static final int WIN = 65535;

    private static ScriptedPeer established(ConnectionOptions.Builder options, boolean sack, long rttMillis) {
        ScriptedPeer p = new ScriptedPeer(options.build());
        p.acceptFrom(sack ? plainSyn().mss(MSS).sackOk() : plainSyn().mss(MSS), rttMillis);
        return p;
    }

    private static int seq(int segment) {
        return 1 + segment * MSS;
    }

    private static List<Integer> seqs(List<Seg> sent) {
        return sent.stream().map(Seg::seq).toList();
    }

    /** RFC 5961 §5.2 answers an ACK above SND.NXT with an ACK; Linux's tcp_ack drops it without a word. */
    @Test
    void ackAboveSndNxtIsAnsweredOrDroppedSilently() {
        for (boolean answer : new boolean[] {true, false}) {
            ScriptedPeer p = established(ConnectionOptions.builder().ackAboveSndNxt(answer), false, 100);
            p.in(seg("F.").seq(1).ack(9999).win(WIN));
            if (answer) {
                p.expect(seg(".").seq(1).ack(1).len(0));
            }
            p.expectNothing();
            assertThat(p.drops(DropReason.BAD_ACK)).isEqualTo(1);
            // the FIN was not taken either way: the next data segment is acknowledged at seq 1 + 1000
            p.in(seg(".").seq(1).ack(1).win(WIN).len(MSS));
            p.advanceBy(200);
            p.expect(seg(".").seq(1).ack(1 + MSS).len(0));
        }
    }

    /**
     * Ten segments, the first and the last lost, 1..8 SACKed by one ACK: recovery resends the
     * first; with room left and nothing new to send, RFC 6675 NextSeg rule 4 resends the last
     * (the rescue retransmission). Linux resends only what is marked lost.
     */
    @Test
    void rescueRetransmissionOnlyUnderTheRfc() {
        for (boolean rescue : new boolean[] {true, false}) {
            ScriptedPeer p = established(ConnectionOptions.builder().rescueRetransmission(rescue), true, 100);
            p.write(10 * MSS);
            assertThat(p.drain()).hasSize(10);
            p.advanceBy(100);
            p.in(seg(".").seq(1).ack(1).win(WIN).sack(seq(1), seq(9)));
            assertThat(seqs(p.drain())).as("rescue " + rescue)
                    .isEqualTo(rescue ? List.of(seq(0), seq(9)) : List.of(seq(0)));
        }
    }

    /**
     * Ten segments, 0..5 lost, one ACK SACKs 6..8: RACK deems 0..5 lost, pipe is one segment
     * (9), ssthresh five. RFC 6937's bound lets the fast retransmit go on entry and then
     * MAX(prr_delivered - prr_out, DeliveredData) + MSS = 3 more: four retransmissions. Linux's
     * tcp_cwnd_reduction counts the fast retransmit in the quota and adds no MSS without
     * SND.UNA's progress: three.
     */
    @Test
    void prrBoundAtTheStartOfRecovery() {
        for (PrrBound bound : PrrBound.values()) {
            ScriptedPeer p = established(ConnectionOptions.builder().prr(true).prrBound(bound), true, 100);
            p.write(10 * MSS);
            p.drain();
            p.advanceBy(100);
            p.in(seg(".").seq(1).ack(1).win(WIN).sack(seq(6), seq(9)));
            assertThat(seqs(p.drain())).as(bound.name()).isEqualTo(bound == PrrBound.SSRB
                    ? List.of(seq(0), seq(1), seq(2), seq(3)) : List.of(seq(0), seq(1), seq(2)));
        }
    }

    /**
     * Handshake RTT 10 ms. Ten segments at 10 ms; at 20 ms SACKs of 1-2 and 8 make RACK deem 0 and
     * 3..7 lost and PRR resends 0. At 32 ms the ACK of 4001 delivers that retransmission (RTT
     * 12 ms) and the original 3 (22 ms). RFC 8985 takes the newest's 12 ms, so 9, out 22 ms, is
     * lost too and PRR gets no extra segment: 4 and 5 go. Linux keeps the last tagged, 3's 22 ms:
     * 9 is not lost yet (22 + min_RTT/4 after it left) and 4, 5 and 6 go.
     */
    @Test
    void rackRttFromTheNewestOrTheLastDeliveredSegment() {
        for (RackRtt source : RackRtt.values()) {
            ScriptedPeer p = established(ConnectionOptions.builder().prr(true).prrBound(PrrBound.LINUX)
                    .rackRtt(source), true, 10);
            p.write(10 * MSS);
            p.drain();
            p.advanceBy(10);
            p.in(seg(".").seq(1).ack(1).win(WIN).sack(seq(1), seq(2)));
            p.in(seg(".").seq(1).ack(1).win(WIN).sack(seq(1), seq(3)));
            p.in(seg(".").seq(1).ack(1).win(WIN).sack(seq(1), seq(3), seq(8), seq(9)));
            assertThat(seqs(p.drain())).as(source.name()).isEqualTo(List.of(seq(0)));
            p.advanceBy(12);
            p.in(seg(".").seq(1).ack(seq(4)).win(WIN).sack(seq(8), seq(9)));
            assertThat(seqs(p.drain())).as(source.name()).isEqualTo(source == RackRtt.NEWEST
                    ? List.of(seq(4), seq(5)) : List.of(seq(4), seq(5), seq(6)));
        }
    }

    /**
     * Without SACK: ten segments, two duplicate ACKs (limited transmit sends 10 and 11), then an
     * ACK of three segments (reordering, not loss). The RFC credits slow start with them, at most
     * L = 2 SMSS (cwnd 12, three new segments); Linux had counted the duplicate ACKs delivered and
     * credits max(3 - 2, 1) = one (cwnd 11, two).
     */
    @Test
    void dupAckCreditWithoutSack() {
        for (boolean credit : new boolean[] {false, true}) {
            ScriptedPeer p = established(ConnectionOptions.builder().dupAckCredit(credit), false, 100);
            p.write(15 * MSS);
            assertThat(p.drain()).hasSize(10);
            p.advanceBy(100);
            p.in(seg(".").seq(1).ack(1).win(WIN));
            p.in(seg(".").seq(1).ack(1).win(WIN));
            assertThat(seqs(p.drain())).isEqualTo(List.of(seq(10), seq(11)));
            p.advanceBy(10);
            p.in(seg(".").seq(1).ack(seq(3)).win(WIN));
            assertThat(seqs(p.drain())).as("credit " + credit).isEqualTo(credit
                    ? List.of(seq(12), seq(13)) : List.of(seq(12), seq(13), seq(14)));
        }
    }

    /**
     * Two reorderings by more than DupThresh segments: each hole's original arrives 1 ms after
     * the four segments behind it are SACKed. The first is a spurious fast retransmit under either
     * choice, undone by Eifel (the ACK that fills the hole echoes the original's timestamp, 100,
     * not the retransmission's, 200). Under Linux's choice that undo counts as reordering seen
     * (tcp_try_undo_partial), so the second hole waits RACK's min_RTT/4 = 25 ms and its original
     * arrives first; under RFC 8985 §6.2 the window is 0 again at DupThresh and it is resent too.
     */
    @Test
    void anEifelUndoCountsAsReorderingSeenUnderLinux() {
        for (boolean linux : new boolean[] {false, true}) {
            ScriptedPeer p = new ScriptedPeer(ConnectionOptions.builder().undoShowsReordering(linux).build());
            // MSS 1012 less 12 bytes of timestamps: 1000-byte segments, as in the other scenes
            p.acceptFrom(plainSyn().mss(MSS + 12).sackOk().ts(ScriptedPeer.PEER_TS0, 0), 100);
            p.write(10 * MSS);
            assertThat(p.drain()).hasSize(10);
            p.advanceTo(200);
            p.in(seg(".").seq(1).ack(1).win(WIN).sack(seq(1), seq(5)).ts(tsAt(200), 100));
            assertThat(seqs(p.drain())).as("the first hole, linux %s", linux).contains(seq(0));
            p.advanceTo(201);
            p.in(seg(".").seq(1).ack(seq(5)).win(WIN).ts(tsAt(201), 100));
            assertThat(p.connection().info().spuriousUndos()).isEqualTo(1);
            p.advanceTo(202);
            p.in(seg(".").seq(1).ack(seq(5)).win(WIN).sack(seq(6), seq(10)).ts(tsAt(202), 100));
            List<Integer> sent = seqs(p.drain());
            if (linux) {
                assertThat(sent).as("RACK waits min_RTT/4").doesNotContain(seq(5));
            } else {
                assertThat(sent).as("reo_wnd 0 at DupThresh").contains(seq(5));
            }
            p.advanceTo(203);
            p.in(seg(".").seq(1).ack(seq(10)).win(WIN).ts(tsAt(203), 100));
            p.advanceTo(300);
            p.drain();
            assertThat(p.connection().info().segmentsRetransmitted()).isEqualTo(linux ? 1 : 2);
        }
    }

    /**
     * Slow start on ACKs of two segments (RFC 3465's L = 2 SMSS each). A flight of exactly the
     * window (10): per ACK (RFC 7661) the window grows while the flight before the ACK is at least
     * half of it — 10, 8 of 12, then 6 of 14 no more: 14; per round (Linux) the round filled the
     * window, so every ACK grows it: 20. A flight of 5 of 10: per ACK 5 is half, one ACK grows it
     * to 12; per round cwnd 10 is not below twice the flight: 10.
     */
    @Test
    void cwndLimitedPerAckOrPerRound() {
        for (CwndLimited rule : CwndLimited.values()) {
            for (int flight : new int[] {10, 5}) {
                ScriptedPeer p = established(ConnectionOptions.builder().cwndLimited(rule), true, 100);
                p.write(flight * MSS);
                assertThat(p.drain()).hasSize(flight);
                for (int acked = 2; acked <= flight; acked += 2) {
                    p.advanceBy(1);
                    p.in(seg(".").seq(1).ack(seq(acked)).win(WIN));
                }
                long cwnd = p.connection().info().cwndBytes() / MSS;
                assertThat(cwnd).as(rule + ", a flight of " + flight)
                        .isEqualTo(rule == CwndLimited.ROUND ? (flight == 10 ? 20 : 10) : (flight == 10 ? 14 : 12));
            }
        }
    }

    /**
     * A handshake of 10 ms, a minimum RTO of 200 ms, no SACK (so no tail loss probe): the lost
     * segment is resent at the RTO, 200 ms after it left under RFC 6298's floor, 210 ms under
     * Linux's (the minimum in the variance term: 10 + max(4 · 5, 200)).
     */
    @Test
    void rtoMinimumFloorsTheRtoOrItsVarianceTerm() {
        for (RtoMinimum bounds : RtoMinimum.values()) {
            ScriptedPeer p = established(ConnectionOptions.builder().minRtoNanos(200_000_000L).rtoMinimum(bounds),
                    false, 10);
            p.write(MSS);
            assertThat(p.drain()).hasSize(1);
            long rto = bounds == RtoMinimum.RTO ? 200 : 210;
            p.advanceBy(rto - 1);
            p.expectNothing();
            p.advanceBy(1);
            p.expect(seg("P.").seq(1).len(MSS));
        }
    }

    /**
     * Ten segments at 100 ms, the 8th SACKed at 200 ms: RACK deems 1..7 lost once they have been
     * out RACK.rtt + min_RTT/4 = 125 ms, at 225 ms, or 2 ms later with Linux's slack. Without an
     * ACK the probe timeout of a flight of several segments is 2·SRTT: 300 ms, or 302 ms.
     */
    @Test
    void rackTimersWithLinuxsSlack() {
        for (long slackMs : new long[] {0, 2}) {
            ScriptedPeer p = established(ConnectionOptions.builder().rackTimerSlackNanos(slackMs * 1_000_000L),
                    true, 100);
            p.write(10 * MSS);
            assertThat(p.drain()).hasSize(10);
            p.advanceTo(200);
            p.in(seg(".").seq(1).ack(1).win(WIN).sack(seq(7), seq(8)));
            p.advanceTo(224 + slackMs);
            p.expectNothing();
            p.advanceTo(225 + slackMs);
            assertThat(seqs(p.drain())).as("slack " + slackMs).startsWith(seq(0));

            ScriptedPeer q = established(ConnectionOptions.builder().rackTimerSlackNanos(slackMs * 1_000_000L),
                    true, 100);
            q.write(10 * MSS);
            assertThat(q.drain()).hasSize(10);
            q.advanceTo(299 + slackMs);
            q.expectNothing();
            q.advanceTo(300 + slackMs);
            assertThat(seqs(q.drain())).as("probe, slack " + slackMs).containsExactly(seq(9));
        }
    }

    /**
     * The same loss found by RACK's timer, with no ACK to pace it: Reno's ssthresh is 5 segments,
     * pipe 2 (the 8th is SACKed, 1..7 lost, 9 and 10 in flight). RFC 6937's bound leaves the window
     * at ssthresh until the next ACK: three retransmissions. Linux's tcp_rack_reo_timeout runs
     * tcp_cwnd_reduction as for an ACK that delivered one segment: one, the fast retransmit.
     */
    @Test
    void prrQuotaOnEnteringRecoveryByRacksTimer() {
        for (PrrBound bound : PrrBound.values()) {
            ScriptedPeer p = established(ConnectionOptions.builder().prr(true).prrBound(bound), true, 100);
            p.write(10 * MSS);
            assertThat(p.drain()).hasSize(10);
            p.advanceTo(200);
            p.in(seg(".").seq(1).ack(1).win(WIN).sack(seq(7), seq(8)));
            p.advanceTo(225);
            assertThat(seqs(p.drain())).as(bound.name())
                    .isEqualTo(bound == PrrBound.LINUX ? List.of(seq(0)) : List.of(seq(0), seq(1), seq(2)));
        }
    }

    private static int tsAt(long ms) {
        return ScriptedPeer.PEER_TS0 + (int) ms;
    }

    /**
     * A write of 2500 bytes (2 full segments and 500) onto an idle connection: RFC 9293 §3.7.4's
     * Nagle holds the 500 while the full segments are unacknowledged; Minshall's rule (Linux's
     * tcp_nagle_check) sends them with the rest, as no earlier small segment is out, and then
     * holds the next small write (100 bytes) while those 500 are.
     */
    @Test
    void nagleHoldsBackOnAnyOrOnlyOnASmallSegment() {
        for (NagleTest test : NagleTest.values()) {
            ScriptedPeer p = established(ConnectionOptions.builder().nagleTest(test), false, 10);
            p.write(2500);
            p.expect(seg(".").seq(1).len(MSS));
            p.expect(seg(".").seq(seq(1)).len(MSS));
            if (test == NagleTest.MINSHALL) {
                p.expect(seg("P.").seq(seq(2)).len(500));
            }
            p.write(100);
            p.expectNothing();
            p.advanceBy(10);
            p.in(seg(".").seq(1).ack(seq(2)).win(WIN));
            if (test == NagleTest.RFC) {
                p.expect(seg("P.").seq(seq(2)).len(600)); // the full segments acknowledged: the rest goes as one
            } else {
                p.expectNothing(); // the 500-byte segment is still out
                p.in(seg(".").seq(1).ack(seq(2) + 500).win(WIN));
                p.expect(seg("P.").seq(seq(2) + 500).len(100));
            }
        }
    }
}
