package io.tcplab.stack.loss;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Walks through RFC 6675 §4/§5 with SMSS = 1000 and ten segments [1000, 11000). */
class ScoreboardTest {
    private static final int SMSS = 1000;
    private final Scoreboard sb = new Scoreboard(4);
    private final AckResult out = new AckResult();

    @BeforeEach
    void sendTen() {
        for (int k = 0; k < 10; k++) {
            sb.onSend(1000 + k * SMSS, SMSS, 100 + k, 10L * k);
        }
    }

    private void sack(long left, long right) {
        out.clear();
        assertThat(sb.onSackBlock(left, right, out)).isEqualTo(Scoreboard.SACK_APPLIED);
        sb.updateLoss(3, SMSS, out);
    }

    @Test
    void isLostByCountOfSackedSegmentsAbove() {
        sack(3000, 5000);                              // two segments above 1000 and 2000
        assertThat(sb.isLost(1000)).isFalse();
        assertThat(out.newlyLostBytes).isZero();
        sack(5000, 6000);                              // the third
        assertThat(sb.isLost(1000)).isTrue();
        assertThat(sb.isLost(2000)).isTrue();
        assertThat(sb.isLost(6000)).isFalse();
        assertThat(out.newlyLostBytes).isEqualTo(2000);
        assertThat(sb.lostBytes()).isEqualTo(2000);
        assertThat(sb.sackedBytes()).isEqualTo(3000);
        assertThat(sb.pipe()).isEqualTo(10_000 - 3000 - 2000);
        assertThat(sb.highestSacked()).isEqualTo(6000);
    }

    @Test
    void rescueTargetIsTheHighestSegmentNotSacked() {
        assertThat(sb.highestUnsackedSegment()).isEqualTo(10_000);
        sack(9000, 11_000);                            // the top two are SACKed: rule 4 must skip them
        assertThat(sb.highestUnsackedSegment()).isEqualTo(8000);
        sack(1000, 9000);
        assertThat(sb.highestUnsackedSegment()).isEqualTo(-1);
    }

    @Test
    void isLostBySackedBytesAboveWithFewerSegments() {
        Scoreboard big = new Scoreboard();
        big.onSend(0, 1000, 0, 0);
        big.onSend(1000, 1500, 0, 0);
        big.onSend(2500, 1000, 0, 0);
        big.onSackBlock(1000, 2500, out);
        big.updateLoss(3, SMSS, out);
        assertThat(big.isLost(0)).isFalse();          // 1500 bytes: not more than 2·SMSS
        big.onSackBlock(2500, 3500, out);
        big.updateLoss(3, SMSS, out);
        assertThat(big.isLost(0)).isTrue();           // 2500 bytes in two segments
    }

    @Test
    void pipeCountsRetransmissionsAndRule1ServesLostSegmentsInOrder() {
        sack(4000, 7000);
        assertThat(sb.nextLostToRetransmit()).isEqualTo(1000);
        sb.onRetransmit(1000, 500);
        assertThat(sb.pipe()).isEqualTo(10_000 - 3000 - 3000 + 1000);
        assertThat(sb.txCountOf(1000)).isEqualTo(2);
        assertThat(sb.sendTimeOf(1500)).isEqualTo(500);
        assertThat(sb.nextLostToRetransmit()).isEqualTo(2000);
        sb.onRetransmit(2000, 501);
        sb.onRetransmit(3000, 502);
        assertThat(sb.nextLostToRetransmit()).isEqualTo(-1);
        assertThat(sb.nextUnsackedBelowHighestSacked()).isEqualTo(-1);
    }

    @Test
    void markLostSentBeforeMarksByAgeInSendOrderAndReturnsTheOldestYoungSendTime() {
        sb.onRetransmit(1000, 110);                    // now last in time order, sent twice
        out.clear();
        assertThat(sb.markLostSentBefore(103, true, out)).isEqualTo(104); // 2000..4000 left at 101..103
        assertThat(out.newlyLostBytes).isEqualTo(3 * SMSS);
        assertThat(sb.isLost(4000)).isTrue();
        assertThat(sb.isLost(5000)).isFalse();
        out.clear();
        assertThat(sb.markLostSentBefore(200, true, out)).isEqualTo(-1);  // all old; the resend is skipped
        assertThat(out.newlyLostBytes).isEqualTo(6 * SMSS);
        assertThat(sb.isLost(1000)).isFalse();
        out.clear();
        assertThat(sb.markLostSentBefore(109, false, out)).isEqualTo(110); // the resend is still young
        assertThat(out.newlyLostBytes).isZero();
        assertThat(sb.markLostSentBefore(110, false, out)).isEqualTo(-1);
        assertThat(sb.isLost(1000)).isTrue();
        assertThat(out.newlyLostBytes).isEqualTo(SMSS);
    }

    @Test
    void rule3OffersUnsackedSegmentsBelowTheHighestSackNotYetLost() {
        sack(6000, 7000);                              // one SACKed segment: nothing lost
        assertThat(sb.nextLostToRetransmit()).isEqualTo(-1);
        assertThat(sb.nextUnsackedBelowHighestSacked()).isEqualTo(1000);
        sb.onRetransmit(1000, 500);
        assertThat(sb.pipe()).isEqualTo(10_000 - 1000 + 1000); // not lost and retransmitted: twice
        assertThat(sb.nextUnsackedBelowHighestSacked()).isEqualTo(2000);
        for (long s = 2000; s < 6000; s += SMSS) {
            sb.onRetransmit(s, 501);
        }
        assertThat(sb.nextUnsackedBelowHighestSacked()).isEqualTo(-1);
    }

    @Test
    void partialCumulativeAckTrimsTheSegment() {
        out.clear();
        assertThat(sb.onCumulativeAck(2500, out)).isTrue();
        assertThat(out.newlyAckedBytes).isEqualTo(1500);
        assertThat(sb.sndUna()).isEqualTo(2500);
        assertThat(sb.segmentLength(2500)).isEqualTo(500);
        assertThat(sb.pipe()).isEqualTo(8500);
        assertThat(sb.count()).isEqualTo(9);
        assertThat(out.newestSendTime).isEqualTo(101);  // the trimmed segment was sent last
        assertThat(out.newestEndSeq).isEqualTo(3000);
        assertThat(out.newestDeliveredAtSend).isEqualTo(10);
    }

    @Test
    void ackBeyondHighDataIsIgnored() {
        assertThat(sb.onCumulativeAck(11_001, out)).isFalse();
        assertThat(sb.count()).isEqualTo(10);
    }

    @Test
    void dsackBelowTheCumulativeAckAndByContainment() {
        sb.onCumulativeAck(3000, out);
        out.clear();
        assertThat(sb.onSackBlock(1000, 2000, out)).isEqualTo(Scoreboard.SACK_DSACK);
        assertThat(out.dsack).isTrue();
        assertThat(new long[] {out.dsackLeft, out.dsackRight}).containsExactly(1000, 2000);

        out.clear();                                    // RFC 2883 §4.1.3: first block inside the second
        sb.onSackBlocks(new long[] {5000, 4000}, new long[] {6000, 6000}, 2, out);
        assertThat(out.dsack).isTrue();
        assertThat(out.dsackLeft).isEqualTo(5000);
        assertThat(out.newlySackedBytes).isEqualTo(2000);
    }

    @Test
    void sackBlocksPartlyOutsideAreClippedOrIgnored() {
        sb.onCumulativeAck(2000, out);
        out.clear();
        assertThat(sb.onSackBlock(1500, 3500, out)).isEqualTo(Scoreboard.SACK_APPLIED);
        assertThat(out.newlySackedBytes).isEqualTo(1000);   // only [2000, 3000) lies wholly inside
        assertThat(sb.isSacked(2000)).isTrue();
        assertThat(sb.isSacked(3000)).isFalse();
        assertThat(sb.onSackBlock(10_000, 11_500, out)).isEqualTo(Scoreboard.SACK_INVALID);
        assertThat(sb.onSackBlock(5000, 5000, out)).isEqualTo(Scoreboard.SACK_INVALID);
        assertThat(sb.isSacked(10_000)).isFalse();
    }

    @Test
    void repeatedSackBlocksAddNothing() {
        sack(3000, 8000);
        out.clear();
        sb.onSackBlock(3000, 8000, out);
        assertThat(out.anyNewlySacked()).isFalse();
        assertThat(out.newestSendTime).isEqualTo(-1);
    }

    @Test
    void rtoMarksEverythingLostAndRetransmissionsWithIt() {
        sack(5000, 6000);
        sb.onRetransmit(1000, 500);                    // a rule-3 retransmission in flight
        long newlyLost = sb.markAllLost();
        assertThat(newlyLost).isEqualTo(9000);
        assertThat(sb.pipe()).isZero();
        assertThat(sb.nextLostToRetransmit()).isEqualTo(1000);
        sb.onRetransmit(1000, 600);
        assertThat(sb.pipe()).isEqualTo(1000);
        assertThat(sb.nextLostToRetransmit()).isEqualTo(2000);
        assertThat(sb.isLost(5000)).isFalse();          // SACKed stays SACKed
    }

    @Test
    void timerBasedMarkingDeemsARetransmissionLostToo() {
        sb.onRetransmit(4000, 500);
        assertThat(sb.markLost(4000)).isTrue();
        assertThat(sb.pipe()).isEqualTo(9000);
        assertThat(sb.nextLostToRetransmit()).isEqualTo(4000);
        assertThat(sb.markLost(2000)).isTrue();         // below the cursor: served first
        assertThat(sb.nextLostToRetransmit()).isEqualTo(2000);
        assertThat(sb.markLost(50_000)).isFalse();
    }

    @Test
    void oldestOutstandingFollowsRetransmissionsAndSacks() {
        assertThat(sb.oldestOutstandingSendTime()).isEqualTo(100);
        sb.onRetransmit(1000, 900);
        assertThat(sb.oldestOutstandingSendTime()).isEqualTo(101);
        assertThat(sb.oldestOutstandingSeq()).isEqualTo(2000);
        sack(2000, 3000);
        assertThat(sb.oldestOutstandingSendTime()).isEqualTo(102);
        sb.onCumulativeAck(11_000, out);
        assertThat(sb.oldestOutstandingSendTime()).isEqualTo(-1);
        assertThat(sb.isEmpty()).isTrue();
    }

    @Test
    void karnFlagAndNewestDeliveredSegment() {
        sb.onRetransmit(1000, 900);
        out.clear();
        sb.onCumulativeAck(2000, out);
        assertThat(out.newlyAckedEverRetransmitted).isTrue();
        assertThat(out.newestTxCount).isEqualTo(2);
        out.clear();
        sb.onCumulativeAck(3000, out);
        assertThat(out.newlyAckedEverRetransmitted).isFalse();
        assertThat(out.newestSendTime).isEqualTo(101);
        assertThat(out.newestTxCount).isEqualTo(1);
    }

    @Test
    void renegingClearsSackButKeepsLossMarks() {
        sack(4000, 7000);
        sb.clearSack();
        assertThat(sb.sackedBytes()).isZero();
        assertThat(sb.isSacked(4000)).isFalse();
        assertThat(sb.isLost(1000)).isTrue();
        assertThat(sb.pipe()).isEqualTo(10_000 - 3000);
        assertThat(sb.oldestOutstandingSendTime()).as("the lost segment is out of flight").isEqualTo(103);
        assertThat(sb.highestSacked()).isEqualTo(-1);
        sack(4000, 7000);                               // the frontier counts again from SND.UNA
        assertThat(sb.sackedBytes()).isEqualTo(3000);
    }

    @Test
    void sendingOutOfOrderOrRetransmittingUnknownDataIsACallerBug() {
        assertThatThrownBy(() -> sb.onSend(12_000, 10, 0, 0)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> sb.onRetransmit(1500, 0)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void growsFarBeyondItsInitialCapacity() {
        for (int k = 10; k < 20_000; k++) {
            sb.onSend(1000 + (long) k * SMSS, SMSS, 100 + k, 0);
        }
        assertThat(sb.count()).isEqualTo(20_000);
        assertThat(sb.segmentLength(1000 + 12_345L * SMSS + 7)).isEqualTo(SMSS);
        assertThat(sb.sendTimeOf(1000 + 19_999L * SMSS)).isEqualTo(100 + 19_999);
        sb.onCumulativeAck(1000 + 15_000L * SMSS, out);
        assertThat(sb.oldestOutstandingSendTime()).isEqualTo(100 + 15_000);
    }

    @Test
    void resetAllowsANewStart() {
        sb.reset();
        assertThat(sb.isEmpty()).isTrue();
        assertThat(sb.highData()).isEqualTo(-1);
        sb.onSend(77, 10, 0, 0);
        assertThat(sb.pipe()).isEqualTo(10);
    }
}
