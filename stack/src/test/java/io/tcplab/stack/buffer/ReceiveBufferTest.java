package io.tcplab.stack.buffer;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.tcplab.stack.DropReason;
import org.junit.jupiter.api.Test;

/** Segment walks after RFC 2883 §4 (D-SACK) and RFC 2018 §4 (SACK block order). */
class ReceiveBufferTest {
    private static final int BASE = 3000;
    private final byte[] stream = new byte[10_000];
    private final ByteBuf src = Unpooled.wrappedBuffer(stream);
    private final long[] left = new long[8];
    private final long[] right = new long[8];

    ReceiveBufferTest() {
        for (int i = 0; i < stream.length; i++) {
            stream[i] = (byte) (i * 31);
        }
    }

    private int offer(ReceiveBuffer rb, long from, long to) {
        return rb.offer(from, src, (int) (from - BASE), (int) (to - from));
    }

    private void assertSack(ReceiveBuffer rb, long... edges) {
        int n = rb.sackBlocks(left, right, left.length);
        assertThat(n).isEqualTo(edges.length / 2);
        for (int i = 0; i < n; i++) {
            assertThat(new long[] {left[i], right[i]}).isEqualTo(new long[] {edges[2 * i], edges[2 * i + 1]});
        }
    }

    private void assertDsack(ReceiveBuffer rb, long from, long to) {
        assertThat(rb.lastOfferWasDuplicate()).isTrue();
        assertThat(rb.lastDuplicateStart()).isEqualTo(from);
        assertThat(rb.lastDuplicateEnd()).isEqualTo(to);
    }

    @Test
    void rfc2883Example1DuplicateBelowTheCumulativeAck() {
        ReceiveBuffer rb = new ReceiveBuffer(8000, BASE);
        assertThat(offer(rb, 3000, 3500)).isEqualTo(500);
        assertThat(offer(rb, 3500, 4000)).isEqualTo(500);
        assertThat(offer(rb, 3000, 3500)).isZero();       // retransmitted after lost ACKs
        assertDsack(rb, 3000, 3500);
        assertThat(rb.rcvNxt()).isEqualTo(4000);
        assertSack(rb);
    }

    @Test
    void rfc2883Example2DuplicateWhileHoldingOutOfOrderData() {
        ReceiveBuffer rb = new ReceiveBuffer(8000, BASE);
        offer(rb, 3000, 3500);
        offer(rb, 3500, 4000);
        offer(rb, 4500, 5000);                               // 4000-4499 lost
        assertThat(rb.lastOfferWasDuplicate()).isFalse();
        assertSack(rb, 4500, 5000);
        offer(rb, 3000, 3500);
        assertDsack(rb, 3000, 3500);                         // ACK 4000, SACK 3000-3500, 4500-5000
        assertSack(rb, 4500, 5000);
    }

    @Test
    void rfc2883Example3DuplicateOfAnOutOfOrderSegmentPutsItsBlockFirst() {
        ReceiveBuffer rb = new ReceiveBuffer(8000, BASE);
        offer(rb, 3000, 4000);
        offer(rb, 4500, 5000);
        offer(rb, 5000, 5500);
        assertSack(rb, 4500, 5500);
        offer(rb, 5000, 5500);                               // replicated by the network
        assertDsack(rb, 5000, 5500);                         // ACK 4000, SACK 5000-5500, 4500-5500
        assertSack(rb, 4500, 5500);
    }

    @Test
    void rfc2883Example4PartialDuplicateReportsOnlyTheDuplicateSubsegment() {
        ReceiveBuffer rb = new ReceiveBuffer(8000, BASE);
        offer(rb, 3000, 4000);
        offer(rb, 4500, 5000);
        offer(rb, 5000, 5500);
        assertThat(offer(rb, 4000, 5000)).isEqualTo(1500);  // repacketized retransmission
        assertDsack(rb, 4500, 5000);
        assertThat(rb.rcvNxt()).isEqualTo(5500);
    }

    @Test
    void rfc2883Example5TwoDuplicateSubsegmentsCoveredByTheAckReportTheFirst() {
        ReceiveBuffer rb = new ReceiveBuffer(8000, BASE);
        offer(rb, 3000, 4000);
        offer(rb, 4500, 5000);
        offer(rb, 5500, 6000);
        assertThat(offer(rb, 4000, 6000)).isEqualTo(2000);
        assertDsack(rb, 4500, 5000);
        assertSack(rb);
    }

    @Test
    void rfc2883Example6DuplicateSubsegmentAboveTheAckAndItsContainingBlock() {
        ReceiveBuffer rb = new ReceiveBuffer(8000, BASE);
        offer(rb, 3000, 3500);                               // 3500-3999 lost
        offer(rb, 4500, 5000);
        offer(rb, 5500, 6000);
        offer(rb, 6500, 7000);
        assertThat(offer(rb, 4000, 6000)).isZero();
        assertDsack(rb, 4500, 5000);
        assertSack(rb, 4000, 6000, 6500, 7000);              // containing block right after the D-SACK
    }

    @Test
    void sackBlocksAreReportedMostRecentFirst() {
        ReceiveBuffer rb = new ReceiveBuffer(8000, BASE);
        offer(rb, 4000, 4500);
        offer(rb, 5000, 5500);
        offer(rb, 6000, 6500);
        assertSack(rb, 6000, 6500, 5000, 5500, 4000, 4500);
        offer(rb, 4500, 5000);                               // joins the two oldest
        assertSack(rb, 4000, 5500, 6000, 6500);
        assertThat(rb.sackBlocks(left, right, 1)).isEqualTo(1);
        assertThat(left[0]).isEqualTo(4000);
    }

    @Test
    void filledHoleAndOutOfOrderFlagsFollowRfc5681Section42() {
        ReceiveBuffer rb = new ReceiveBuffer(8000, BASE);
        offer(rb, 3000, 3500);
        assertThat(rb.lastOfferFilledHole()).isFalse();
        assertThat(rb.lastOfferOutOfOrder()).isFalse();
        offer(rb, 4000, 4500);
        assertThat(rb.lastOfferOutOfOrder()).isTrue();
        assertThat(rb.lastOfferFilledHole()).isTrue();       // changed the out-of-order set
        offer(rb, 4000, 4500);
        assertThat(rb.lastOfferFilledHole()).isFalse();      // pure duplicate
        assertThat(offer(rb, 3500, 4000)).isEqualTo(1000);
        assertThat(rb.lastOfferFilledHole()).isTrue();
        assertThat(rb.hasOutOfOrder()).isFalse();
    }

    @Test
    void tooManyRangesDropsTheNewSegmentButStillGrowsExistingOnes() {
        ReceiveBuffer rb = new ReceiveBuffer(8000, BASE, 2);
        offer(rb, 4000, 4100);
        offer(rb, 5000, 5100);
        offer(rb, 6000, 6100);
        assertThat(rb.lastOfferDropped()).isTrue();
        assertSack(rb, 5000, 5100, 4000, 4100);
        offer(rb, 4100, 4200);
        assertThat(rb.lastOfferDropped()).isFalse();
        assertSack(rb, 4000, 4200, 5000, 5100);
    }

    @Test
    void dataIsTrimmedToTheWindow() {
        ReceiveBuffer rb = new ReceiveBuffer(1000, BASE);
        assertThat(offer(rb, 3000, 3600)).isEqualTo(600);
        assertThat(rb.window()).isEqualTo(400);
        assertThat(offer(rb, 3600, 4200)).isEqualTo(400);   // 200 bytes beyond the window dropped
        assertThat(rb.window()).isZero();
        offer(rb, 4000, 4100);
        assertThat(rb.lastOfferOutsideWindow()).isTrue();
        assertThat(rb.skip(300)).isEqualTo(300);
        byte[] out = new byte[2000];
        assertThat(rb.read(out, 0, out.length)).isEqualTo(700);
        assertThat(out[0]).isEqualTo(stream[300]);
        assertThat(out[699]).isEqualTo(stream[999]);
    }

    @Test
    void bytesPastTheFreeSpaceAreDroppedAndNamedInOrderOrNot() {
        ReceiveBuffer rb = new ReceiveBuffer(1000, BASE);
        offer(rb, 3500, 4200);                               // out of order, 200 bytes past the space
        assertThat(rb.lastOfferDropReason()).isEqualTo(DropReason.RECEIVE_BUFFER_FULL);
        assertThat(rb.lastOfferDropped()).isFalse();         // its in-window part is kept
        assertThat(rb.outOfOrderBytes()).isEqualTo(500);
        assertSack(rb, 3500, 4000);
        offer(rb, 4000, 4100);                               // wholly past the space
        assertThat(rb.lastOfferOutsideWindow()).isTrue();
        assertThat(rb.lastOfferDropReason()).isEqualTo(DropReason.RECEIVE_BUFFER_FULL);
        offer(rb, 3500, 4000);                               // a duplicate inside the window loses nothing new
        assertThat(rb.lastOfferDropReason()).isNull();
        assertThat(offer(rb, 3000, 3600)).isEqualTo(1000);
        assertThat(rb.lastOfferDropReason()).isNull();
        offer(rb, 4000, 4001);                               // zero window: the byte has no room
        assertThat(rb.lastOfferDropReason()).isEqualTo(DropReason.RECEIVE_BUFFER_FULL);
        assertThat(rb.rcvNxt()).isEqualTo(4000);
    }

    @Test
    void tinySegmentsWithGapsSpendTheRangeBudgetAndTheRestIsDroppedByName() {
        int capacity = 200 * ReceiveBuffer.BYTES_PER_RANGE;
        int budget = ReceiveBuffer.rangeBudget(capacity);
        assertThat(budget).isEqualTo(200);
        ReceiveBuffer rb = new ReceiveBuffer(capacity, BASE);
        for (int i = 0; i < budget; i++) {
            offer(rb, BASE + 1 + 2 * i, BASE + 2 + 2 * i);   // one byte, one hole, ...
            assertThat(rb.lastOfferDropReason()).isNull();
        }
        long next = BASE + 1 + 2L * budget;
        offer(rb, next, next + 1);
        assertThat(rb.lastOfferDropped()).isTrue();
        assertThat(rb.lastOfferDropReason()).isEqualTo(DropReason.OUT_OF_ORDER_RANGE_LIMIT);
        assertThat(rb.outOfOrderRanges()).isEqualTo(budget);
        offer(rb, next - 1, next + 1);                        // joins the last range: no new one needed
        assertThat(rb.lastOfferDropReason()).isNull();
        assertThat(rb.sackBlocks(left, right, 1)).isEqualTo(1);
        assertThat(new long[] {left[0], right[0]}).isEqualTo(new long[] {next - 2, next + 1});
    }

    @Test
    void readIntoAByteBufAppendsAtItsWriterIndex() {
        ReceiveBuffer rb = new ReceiveBuffer(100, BASE);
        offer(rb, 3000, 3080);
        rb.read(new byte[70], 0, 70);
        offer(rb, 3080, 3150);                               // wraps around the ring's end
        ByteBuf dst = Unpooled.buffer().writeByte(7);
        assertThat(rb.read(dst, 1000)).isEqualTo(80);
        assertThat(dst.getByte(1)).isEqualTo(stream[70]);
        assertThat(dst.getByte(80)).isEqualTo(stream[149]);
    }
}
