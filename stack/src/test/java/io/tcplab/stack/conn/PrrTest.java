package io.tcplab.stack.conn;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** RFC 6937 §3 and Linux's tcp_cwnd_reduction by hand, with MSS 1000: RecoverFS 20 segments, ssthresh 10. */
class PrrTest {
    private static final int MSS = 1000;
    private final Prr prr = new Prr(PrrBound.SSRB);
    private final Prr linux = new Prr(PrrBound.LINUX);

    @Test
    void aboveSsthreshItSendsInProportionToDelivery() {
        prr.start(20 * MSS, 20 * MSS);
        prr.onSent(MSS); // the fast retransmit
        // delivered 1 segment: ceil(1 * 10 / 20) = 1 segment allowed in all, 1 already out
        assertThat(prr.window(MSS, 15 * MSS, 10 * MSS, MSS, false)).isEqualTo(15 * MSS);
        // delivered 2: still 1
        assertThat(prr.window(MSS, 14 * MSS, 10 * MSS, MSS, false)).isEqualTo(14 * MSS);
        // delivered 3: ceil(1.5) = 2, so one more segment
        assertThat(prr.window(MSS, 13 * MSS, 10 * MSS, MSS, false)).isEqualTo(14 * MSS);
    }

    @Test
    void belowSsthreshItGrowsNoFasterThanSlowStart() {
        prr.start(20 * MSS, 20 * MSS);
        prr.onSent(MSS);
        // pipe 6 < ssthresh 10: limit = max(delivered - out, delivered now) + MSS = max(4-1, 4) + 1 = 5 segments,
        // and ssthresh - pipe = 4 segments caps it
        assertThat(prr.window(4 * MSS, 6 * MSS, 10 * MSS, MSS, false)).isEqualTo(10 * MSS);
        prr.onSent(4 * MSS);
        // pipe 9, one more delivered: min(10 - 9, max(5 - 5, 1) + 1) = 1 segment
        assertThat(prr.window(MSS, 9 * MSS, 10 * MSS, MSS, false)).isEqualTo(10 * MSS);
    }

    @Test
    void neverNegative() {
        prr.start(20 * MSS, 20 * MSS);
        prr.onSent(5 * MSS);
        assertThat(prr.window(MSS, 18 * MSS, 10 * MSS, MSS, false)).isEqualTo(18 * MSS);
    }

    /** Linux: the first quota includes the fast retransmit, at least one segment. */
    @Test
    void linuxSendsTheFastRetransmitWithinTheFirstQuota() {
        linux.start(20 * MSS, 20 * MSS);
        // above ssthresh, delivered 1: ceil(1 * 10 / 20) = 1 segment, the fast retransmit
        assertThat(linux.window(MSS, 15 * MSS, 10 * MSS, MSS, false)).isEqualTo(16 * MSS);
        linux.onSent(MSS);
        assertThat(linux.window(MSS, 15 * MSS, 10 * MSS, MSS, false)).isEqualTo(15 * MSS);
    }

    /** Linux: at or below ssthresh, packet conservation; the extra MSS only when SND.UNA advanced with no new loss. */
    @Test
    void linuxGrowsBelowSsthreshOnlyOnProgressWithoutLoss() {
        linux.start(20 * MSS, 20 * MSS);
        linux.onSent(MSS);
        // pipe 6, 4 delivered by a SACK: max(4 - 1, 4) = 4 segments, no extra (SSRB gave 5, capped at 4)
        assertThat(linux.window(4 * MSS, 6 * MSS, 12 * MSS, MSS, false)).isEqualTo(10 * MSS);
        linux.onSent(4 * MSS);
        // pipe 6 again, 2 delivered by an ACK that advanced SND.UNA and marked nothing lost: 2 + 1 segments
        assertThat(linux.window(2 * MSS, 6 * MSS, 12 * MSS, MSS, true)).isEqualTo(9 * MSS);
        linux.onSent(3 * MSS);
        // RecoverFS is cwnd at entry for Linux, FlightSize for the RFC
        Prr rfc = new Prr(PrrBound.SSRB);
        rfc.start(40 * MSS, 20 * MSS);
        linux.start(40 * MSS, 20 * MSS);
        // above ssthresh, delivered 2: RFC ceil(2 * 10 / 40) = 1, Linux ceil(2 * 10 / 20) = 1 ... delivered 4: 1 and 2
        assertThat(rfc.window(4 * MSS, 30 * MSS, 10 * MSS, MSS, false)).isEqualTo(31 * MSS);
        assertThat(linux.window(4 * MSS, 30 * MSS, 10 * MSS, MSS, false)).isEqualTo(32 * MSS);
    }
}
