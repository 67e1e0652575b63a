package io.tcplab.stack.conn;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Linux's TSO autosizing and pacing credit, worked by hand from tcp_tso_autosize and tcp_update_skb_after_send. */
class PacerTest {
    private static final int MSS = 1448;
    private static final long MS = 1_000_000L;

    @Test
    void aBurstIsAboutAMillisecondOfDataAndAtLeastTwoSegments() {
        // 20 Mbit/s = 2,500,000 B/s: >> 10 is 2,441 B, one segment, so the minimum of two
        assertThat(Pacer.tsoSegments(2_500_000, MSS, 20 * MS)).isEqualTo(2);
        // 100 Mbit/s: 12,207 B, 8 segments
        assertThat(Pacer.tsoSegments(12_500_000, MSS, 20 * MS)).isEqualTo(8);
        // 1 Gbit/s: 122,070 B, held to 64 KiB: 45 segments
        assertThat(Pacer.tsoSegments(125_000_000, MSS, 20 * MS)).isEqualTo(45);
    }

    @Test
    void aClosePeerGetsLargerBursts() {
        // min_RTT 1 ms: 1000 us >> 9 = 1, so 64 KiB >> 1 = 32,768 B more: 35,209 B, 24 segments
        assertThat(Pacer.tsoSegments(2_500_000, MSS, MS)).isEqualTo(24);
        // 16 ms: 31 halvings leave nothing (65,536 >> 31 = 0); 16.4 ms: 32, the allowance is gone
        assertThat(Pacer.tsoSegments(2_500_000, MSS, 16_400_000)).isEqualTo(2);
        // no RTT sample yet: no allowance
        assertThat(Pacer.tsoSegments(2_500_000, MSS, -1)).isEqualTo(2);
    }

    @Test
    void aLateBurstTakesUpToHalfItsSpacingOff() {
        Pacer pacer = new Pacer(PacingBurst.TSO);
        long rate = 2_500_000; // 1448 B: 579,200 ns
        long gap = MSS * 1_000_000_000L / rate;
        pacer.onSent(0, MSS, rate, MSS, 20 * MS, 20);
        pacer.onSent(0, MSS, rate, MSS, 20 * MS, 21);
        assertThat(pacer.departure(0)).isEqualTo(2 * gap);
        // 100 us late: the next pair's spacing loses those 100 us (less than half of it)
        long late = 2 * gap + 100_000;
        assertThat(pacer.departure(late)).isEqualTo(late);
        pacer.onSent(late, MSS, rate, MSS, 20 * MS, 22);
        pacer.onSent(late, MSS, rate, MSS, 20 * MS, 23);
        assertThat(pacer.departure(late)).isEqualTo(late + 2 * gap - 100_000);
        // 2 ms late: at most half of the pair's spacing
        long veryLate = late + 2 * gap - 100_000 + 2 * MS;
        pacer.onSent(veryLate, MSS, rate, MSS, 20 * MS, 24);
        pacer.onSent(veryLate, MSS, rate, MSS, 20 * MS, 25);
        assertThat(pacer.departure(veryLate)).isEqualTo(veryLate + gap);
    }
}
