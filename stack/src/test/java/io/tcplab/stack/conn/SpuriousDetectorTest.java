package io.tcplab.stack.conn;

import static org.assertj.core.api.Assertions.assertThat;

import io.tcplab.stack.cc.UndoCause;
import io.tcplab.stack.loss.AckResult;
import org.junit.jupiter.api.Test;

/** RFC 3708 D-SACK detection and RFC 3522 Eifel detection, by hand. */
class SpuriousDetectorTest {
    private static final int MSS = 1000;

    /** Issue 7 defect 2: an episode of 10,000 retransmissions (far past the old 64 ranges) is still undone. */
    @Test
    void dsacksOfEveryRetransmissionOfALargeEpisodeUndoIt() {
        SpuriousDetector d = new SpuriousDetector(false, true);
        d.onEpisodeStart(UndoCause.SPURIOUS_RETRANSMIT);
        int n = 10_000;
        for (int i = 0; i < n; i++) {
            d.onRetransmit((long) i * 2 * MSS, MSS, false, 0, i == 0); // every other segment
        }
        for (int i = n - 1; i > 0; i--) { // reported in any order
            long left = (long) i * 2 * MSS;
            assertThat(d.onAck(false, SpuriousDetector.NO_ECHO, dsack(left, left + MSS))).isNull();
        }
        assertThat(d.onAck(false, SpuriousDetector.NO_ECHO, dsack(0, MSS))).isEqualTo(UndoCause.SPURIOUS_RETRANSMIT);
    }

    /** A duplicate the network made, or one reported twice, is not a needless retransmission. */
    @Test
    void dsacksOutsideTheRetransmissionsOrRepeatedDoNotCount() {
        SpuriousDetector d = new SpuriousDetector(false, true);
        d.onEpisodeStart(UndoCause.SPURIOUS_RETRANSMIT);
        d.onRetransmit(0, MSS, false, 0, true);
        d.onRetransmit(5 * MSS, MSS, false, 0, false);
        assertThat(d.onAck(false, SpuriousDetector.NO_ECHO, dsack(2 * MSS, 3 * MSS))).isNull();
        assertThat(d.onAck(false, SpuriousDetector.NO_ECHO, dsack(0, MSS))).isNull();
        assertThat(d.onAck(false, SpuriousDetector.NO_ECHO, dsack(0, MSS))).isNull();
        assertThat(d.onAck(false, SpuriousDetector.NO_ECHO, dsack(5 * MSS, 6 * MSS))).isEqualTo(UndoCause.SPURIOUS_RETRANSMIT);
    }

    /** RFC 3522 §3.2: the first ACK that advances SND.UNA decides, by its TSecr against the first retransmission's TSval. */
    @Test
    void eifelDecidesOnTheFirstAcceptableAck() {
        SpuriousDetector d = new SpuriousDetector(true, false);
        d.onEpisodeStart(UndoCause.SPURIOUS_RTO);
        d.onRetransmit(0, MSS, true, 500, true);
        d.onRetransmit(MSS, MSS, true, 510, false);
        assertThat(d.onAck(false, 400, new AckResult())).as("not acceptable: SND.UNA did not move").isNull();
        assertThat(d.onAck(true, 400, new AckResult())).isEqualTo(UndoCause.SPURIOUS_RTO);

        d.onEpisodeStart(UndoCause.SPURIOUS_RTO);
        d.onRetransmit(0, MSS, true, 500, true);
        assertThat(d.onAck(true, 500, new AckResult())).as("echoes the retransmission").isNull();
        assertThat(d.onAck(true, 400, new AckResult())).as("only the first acceptable ACK decides").isNull();
    }

    /**
     * A new episode while an earlier retransmission is still outstanding: the ACK that moves SND.UNA
     * echoes that older retransmission (it filled the left edge), not an original. Compared with
     * the new episode's own first retransmission it would look spurious; compared with the oldest
     * outstanding one (Linux's retrans_stamp) it does not.
     */
    @Test
    void eifelComparesWithTheOldestRetransmissionStillOutstanding() {
        SpuriousDetector d = new SpuriousDetector(true, false);
        d.onEpisodeStart(UndoCause.SPURIOUS_RETRANSMIT);
        d.onRetransmit(0, MSS, true, 500, true);
        d.onEpisodeStart(UndoCause.SPURIOUS_RETRANSMIT); // the first episode ended; 0's resend is still out
        d.onRetransmit(20 * MSS, MSS, true, 600, false);
        assertThat(d.onAck(true, 500, new AckResult())).isNull();
    }

    @Test
    void aDetectorNotAskedForNeverFires() {
        SpuriousDetector d = new SpuriousDetector(false, false);
        d.onEpisodeStart(UndoCause.SPURIOUS_RTO);
        d.onRetransmit(0, MSS, true, 500, true);
        assertThat(d.onAck(true, 400, dsack(0, MSS))).isNull();
    }

    /** An ACK whose only news is a D-SACK block for [left, right). */
    private static AckResult dsack(long left, long right) {
        AckResult r = new AckResult();
        r.dsack = true;
        r.dsackLeft = left;
        r.dsackRight = right;
        return r;
    }
}
