package io.tcplab.stack.conn;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** RFC 6937 §3 by hand, with MSS 1000: RecoverFS 20 segments, ssthresh 10. */
class PrrTest {
    private static final int MSS = 1000;
    private final Prr prr = new Prr();

    @Test
    void aboveSsthreshItSendsInProportionToDelivery() {
        prr.start(20 * MSS);
        prr.onSent(MSS); // the fast retransmit
        // delivered 1 segment: ceil(1 * 10 / 20) = 1 segment allowed in all, 1 already out
        assertThat(prr.window(MSS, 15 * MSS, 10 * MSS, MSS)).isEqualTo(15 * MSS);
        // delivered 2: still 1
        assertThat(prr.window(MSS, 14 * MSS, 10 * MSS, MSS)).isEqualTo(14 * MSS);
        // delivered 3: ceil(1.5) = 2, so one more segment
        assertThat(prr.window(MSS, 13 * MSS, 10 * MSS, MSS)).isEqualTo(14 * MSS);
    }

    @Test
    void belowSsthreshItGrowsNoFasterThanSlowStart() {
        prr.start(20 * MSS);
        prr.onSent(MSS);
        // pipe 6 < ssthresh 10: limit = max(delivered - out, delivered now) + MSS = max(4-1, 4) + 1 = 5 segments,
        // and ssthresh - pipe = 4 segments caps it
        assertThat(prr.window(4 * MSS, 6 * MSS, 10 * MSS, MSS)).isEqualTo(10 * MSS);
        prr.onSent(4 * MSS);
        // pipe 9, one more delivered: min(10 - 9, max(5 - 5, 1) + 1) = 1 segment
        assertThat(prr.window(MSS, 9 * MSS, 10 * MSS, MSS)).isEqualTo(10 * MSS);
    }

    @Test
    void neverNegative() {
        prr.start(20 * MSS);
        prr.onSent(5 * MSS);
        assertThat(prr.window(MSS, 18 * MSS, 10 * MSS, MSS)).isEqualTo(18 * MSS);
    }
}
