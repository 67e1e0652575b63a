package io.tcplab.stack.buffer;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * Slow-start overshoot into a drop-tail queue loses every other segment of a window: thousands of
 * holes. Out-of-order data is bounded by the window's bytes, not by a count of ranges, so the
 * receiver keeps and SACKs all of it (RFC 2018 §4) while the holes are repaired in any order.
 */
class ReceiveBufferManyHolesTest {
    private static final long BASE = 7_000_000_000L;
    private static final int SEG = 100;
    private static final int SEGMENTS = 10_001;
    private static final int SACK_BLOCKS = 4;

    private final byte[] stream = new byte[SEG * SEGMENTS];
    private final ByteBuf src = Unpooled.wrappedBuffer(stream);
    private final long[] left = new long[SACK_BLOCKS];
    private final long[] right = new long[SACK_BLOCKS];
    /** The model: held out-of-order ranges, left edge to right edge. */
    private final TreeMap<Long, Long> model = new TreeMap<>();
    private int peakRanges;

    ReceiveBufferManyHolesTest() {
        new Random(1).nextBytes(stream);
    }

    @Test
    void everyOtherSegmentOfAWindowIsKeptAndSackedThenTheHolesFillInAnyOrder() {
        ReceiveBuffer rb = new ReceiveBuffer(stream.length, BASE);
        for (int k = 1; k < SEGMENTS; k += 2) {
            offerAndCheck(rb, k);
        }
        assertThat(model).hasSize(SEGMENTS / 2);
        List<Integer> holes = new ArrayList<>();
        for (int k = 0; k < SEGMENTS; k += 2) {
            holes.add(k);
        }
        Collections.shuffle(holes, new Random(2));
        for (int k : holes) {
            offerAndCheck(rb, k);
        }
        assertThat(rb.rcvNxt()).isEqualTo(BASE + stream.length);
        assertThat(rb.hasOutOfOrder()).isFalse();
        byte[] out = new byte[stream.length];
        assertThat(rb.read(out, 0, out.length)).isEqualTo(stream.length);
        assertThat(out).isEqualTo(stream);
    }

    private void offerAndCheck(ReceiveBuffer rb, int k) {
        long from = BASE + (long) k * SEG;
        long to = from + SEG;
        long rcvNxtBefore = rb.rcvNxt();
        rb.offer(from, src, k * SEG, SEG);
        assertThat(rb.lastOfferDropped()).as("segment %d dropped", k).isFalse();
        assertThat(rb.lastOfferDropReason()).isNull();
        assertThat(rb.lastOfferWasDuplicate()).isFalse();
        assertThat(rb.rcvNxt()).isEqualTo(addToModel(from, to, rcvNxtBefore));
        assertThat(rb.outOfOrderRanges()).isEqualTo(model.size());
        peakRanges = Math.max(peakRanges, model.size());
        // Memory follows the holes (doubling from 16), and the held bytes fit the window they were accepted into.
        assertThat(rb.outOfOrderRangeCapacity()).isLessThanOrEqualTo(Math.max(16, 2 * peakRanges));
        assertThat(rb.outOfOrderBytes()).isEqualTo(modelBytes()).isLessThanOrEqualTo(rb.window());
        assertSackBlocks(rb, from, to);
    }

    private long modelBytes() {
        long sum = 0;
        for (var range : model.entrySet()) {
            sum += range.getValue() - range.getKey();
        }
        return sum;
    }

    /** Adds [from, to) to the model, merging touching ranges and absorbing in-order ones; returns RCV.NXT. */
    private long addToModel(long from, long to, long rcvNxtBefore) {
        long l = from;
        long r = to;
        var below = model.floorEntry(l);
        if (below != null && below.getValue() >= l) {
            l = below.getKey();
            r = Math.max(r, below.getValue());
            model.remove(below.getKey());
        }
        var above = model.ceilingEntry(l);
        while (above != null && above.getKey() <= r) {
            r = Math.max(r, above.getValue());
            model.remove(above.getKey());
            above = model.ceilingEntry(l);
        }
        if (l > rcvNxtBefore) {
            model.put(l, r);
            return rcvNxtBefore;
        }
        return Math.max(rcvNxtBefore, r);
    }

    /**
     * RFC 2018 §4: the first block holds the segment just received (when it is held out of order),
     * every block is exactly one held range, and no range is reported twice.
     */
    private void assertSackBlocks(ReceiveBuffer rb, long from, long to) {
        int n = rb.sackBlocks(left, right, SACK_BLOCKS);
        assertThat(n).isEqualTo(Math.min(SACK_BLOCKS, model.size()));
        var holding = model.floorEntry(from);
        if (holding != null && holding.getValue() >= to) {
            assertThat(left[0]).isEqualTo(holding.getKey());
            assertThat(right[0]).isEqualTo(holding.getValue());
        }
        for (int i = 0; i < n; i++) {
            assertThat(model.get(left[i])).as("block %d", i).isEqualTo(right[i]);
            for (int j = 0; j < i; j++) {
                assertThat(left[j]).isNotEqualTo(left[i]);
            }
        }
    }
}
