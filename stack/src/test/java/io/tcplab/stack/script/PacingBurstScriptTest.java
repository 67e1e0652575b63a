package io.tcplab.stack.script;

import static io.tcplab.stack.script.ScriptedPeer.fullSyn;
import static io.tcplab.stack.script.SegSpec.seg;
import static org.assertj.core.api.Assertions.assertThat;

import io.tcplab.stack.conn.ConnectionOptions;
import io.tcplab.stack.conn.PacingBurst;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * How a paced sender groups its segments ({@link PacingBurst}). The scene: a 100 ms handshake,
 * IW10 sent and acknowledged at 200 ms, then 12 segments under cwnd 12 (RFC 3465's L = 2 SMSS),
 * paced at twice cwnd/SRTT (slow start): 12 × 1448 B / 100 ms × 2 = 347,520 B/s, one segment per
 * 4.17 ms. Linux's TSO autosizing asks for 347,520 >> 10 = 339 B a burst, so its minimum of two
 * segments: pairs 8.33 ms apart, except that the first pair after the idle time is late by 100 ms
 * and takes half of its spacing off (tcp_update_skb_after_send's credit).
 */
class PacingBurstScriptTest {
    private static final int MSS = 1448;
    private static final long MS = 1_000_000L;
    private static final long SEGMENT_GAP = MSS * 1_000_000_000L / 347_520;

    private static List<Seg> afterTheFirstWindow(PacingBurst burst) {
        ScriptedPeer p = new ScriptedPeer(ConnectionOptions.builder().recovery("rfc6675").pacing(true)
                .pacingBurst(burst).build());
        p.acceptFrom(fullSyn(), 100);
        p.write(22 * MSS);
        p.advanceTo(200);
        List<Seg> first = p.drain();
        assertThat(first).hasSize(10);
        p.in(seg(".").seq(1).ack(1 + 10 * MSS).ts(ScriptedPeer.PEER_TS0 + 200, 100));
        p.advanceTo(300);
        List<Seg> sent = p.drain();
        return sent;
    }

    @Test
    void linuxSendsTheFirstTenSegmentsUnpacedThenPairsTwoGapsApart() {
        ScriptedPeer p = new ScriptedPeer(ConnectionOptions.builder().recovery("rfc6675").pacing(true)
                .pacingBurst(PacingBurst.TSO).build());
        p.acceptFrom(fullSyn(), 100);
        p.write(10 * MSS);
        assertThat(p.drain()).extracting(Seg::atNanos).containsOnly(100 * MS); // "sch_fq does not pace first 10 MSS"

        List<Seg> sent = afterTheFirstWindow(PacingBurst.TSO);
        assertThat(sent).hasSize(12);
        for (int pair = 0; pair < 6; pair++) {
            long at = sent.get(2 * pair).atNanos();
            assertThat(sent.get(2 * pair + 1).atNanos()).as("pair %d leaves back to back", pair).isEqualTo(at);
            // the first pair after the idle 100 ms takes half its spacing off (the pacing credit)
            long expected = pair == 0 ? 0 : SEGMENT_GAP + (pair - 1) * 2 * SEGMENT_GAP;
            assertThat(at - 200 * MS).as("pair %d", pair).isBetween(expected - MS / 100, expected + MS / 100);
        }
    }

    @Test
    void spreadSendsOneSegmentAtATimeOneGapApart() {
        List<Seg> sent = afterTheFirstWindow(PacingBurst.SPREAD);
        assertThat(sent).hasSize(12);
        for (int i = 4; i < 12; i++) {
            long gap = sent.get(i).atNanos() - sent.get(i - 1).atNanos();
            // IW10 left spread out, so SRTT is not exactly 100 ms: about one segment's gap
            assertThat(gap).as("gap before segment %d", i).isBetween(SEGMENT_GAP * 9 / 10, SEGMENT_GAP * 11 / 10);
        }
    }
}
