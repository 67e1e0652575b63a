package io.tcplab.stack.buffer;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import java.io.ByteArrayOutputStream;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

class ReceiveBufferPropertyTest {
    private static final long BASE = 5_000_000_000L;

    /**
     * A random stream cut into random (overlapping) segments, delivered in a random order with
     * duplicates, and redelivered until all is read: the reader sees exactly the stream, and after
     * every offer the buffer agrees with a per-byte model (RCV.NXT, D-SACK range, SACK set).
     */
    @Property(tries = 200)
    void anyDeliveryOrderReassemblesTheStream(@ForAll @IntRange(min = 1, max = 3000) int streamLength,
                                              @ForAll @IntRange(min = 1, max = 4000) int capacity,
                                              @ForAll @IntRange(min = 1, max = 8) int maxRanges,
                                              @ForAll long seed) {
        Random rnd = new Random(seed);
        byte[] stream = new byte[streamLength];
        rnd.nextBytes(stream);
        ByteBuf src = Unpooled.wrappedBuffer(stream);
        List<int[]> segments = cut(streamLength, rnd);

        ReceiveBuffer rb = new ReceiveBuffer(capacity, BASE, maxRanges);
        boolean[] held = new boolean[streamLength];
        ByteArrayOutputStream read = new ByteArrayOutputStream();
        while (read.size() < streamLength) {
            Collections.shuffle(segments, rnd);
            for (int[] seg : segments) {
                offerAndCheck(rb, src, seg[0], seg[1], held);
                byte[] chunk = new byte[rnd.nextInt(capacity + 1)];
                read.write(chunk, 0, rb.read(chunk, 0, chunk.length));
            }
        }
        assertThat(read.toByteArray()).isEqualTo(stream);
    }

    /**
     * Far more holes than the old limit of 64 ranges: every other segment arrives first, then
     * everything in a random order with duplicates. With segments of at least
     * {@link ReceiveBuffer#BYTES_PER_RANGE} bytes inside the window nothing may be dropped, and the
     * buffer agrees with the per-byte model after every offer.
     */
    @Property(tries = 40)
    void manyHolesAreKeptSackedAndReassembled(@ForAll @IntRange(min = 65, max = 700) int holes,
                                               @ForAll @IntRange(min = ReceiveBuffer.BYTES_PER_RANGE, max = 160)
                                               int segment,
                                               @ForAll long seed) {
        Random rnd = new Random(seed);
        int streamLength = 2 * holes * segment;
        byte[] stream = new byte[streamLength];
        rnd.nextBytes(stream);
        ByteBuf src = Unpooled.wrappedBuffer(stream);
        List<int[]> alternate = new ArrayList<>();
        List<int[]> all = new ArrayList<>();
        for (int off = 0; off < streamLength; off += segment) {
            int len = Math.min(segment + rnd.nextInt(2), streamLength - off); // some overlap the next by a byte
            all.add(new int[] {off, len});
            if ((off / segment) % 2 == 1) {
                alternate.add(new int[] {off, len});
            }
        }
        all.addAll(alternate.subList(0, alternate.size() / 4)); // duplicates

        ReceiveBuffer rb = new ReceiveBuffer(streamLength, BASE);
        boolean[] held = new boolean[streamLength];
        for (int[] seg : alternate) {
            offerAndCheck(rb, src, seg[0], seg[1], held);
            assertThat(rb.lastOfferDropReason()).isNull();
        }
        assertThat(rb.outOfOrderRanges()).isGreaterThan(64);
        ByteArrayOutputStream read = new ByteArrayOutputStream();
        while (read.size() < streamLength) {
            Collections.shuffle(all, rnd);
            for (int[] seg : all) {
                offerAndCheck(rb, src, seg[0], seg[1], held);
                assertThat(rb.lastOfferDropped()).isFalse();
                assertThat(rb.outOfOrderBytes()).isLessThanOrEqualTo(rb.window());
            }
            byte[] chunk = new byte[streamLength];
            read.write(chunk, 0, rb.read(chunk, 0, chunk.length));
        }
        assertThat(read.toByteArray()).isEqualTo(stream);
    }

    private static void offerAndCheck(ReceiveBuffer rb, ByteBuf src, int off, int len, boolean[] held) {
        long rcvNxtBefore = rb.rcvNxt();
        long windowEnd = Math.min(held.length, rcvNxtBefore - BASE + rb.window());
        int dupFrom = firstHeld(held, off, (int) Math.min(off + len, windowEnd));

        int advanced = rb.offer(BASE + off, src, off, len);

        assertThat(rb.lastOfferWasDuplicate()).isEqualTo(dupFrom >= 0);
        if (dupFrom >= 0) {
            int dupTo = dupFrom;
            while (dupTo < Math.min(off + len, windowEnd) && held[dupTo]) {
                dupTo++;
            }
            assertThat(rb.lastDuplicateStart()).isEqualTo(BASE + dupFrom);
            assertThat(rb.lastDuplicateEnd()).isEqualTo(BASE + dupTo);
        }
        if (!rb.lastOfferDropped()) {
            for (long i = Math.max(off, rcvNxtBefore - BASE); i < Math.min(off + len, windowEnd); i++) {
                held[(int) i] = true;
            }
        }
        int next = (int) (rcvNxtBefore - BASE);
        while (next < held.length && held[next]) {
            next++;
        }
        assertThat(rb.rcvNxt()).isEqualTo(BASE + next);
        assertThat(advanced).isEqualTo(next - (rcvNxtBefore - BASE));
        assertThat(sackSet(rb, held.length)).isEqualTo(runsAbove(held, next));
        long storedFrom = Math.max(off, rcvNxtBefore - BASE);
        if (!rb.lastOfferDropped() && storedFrom < windowEnd && storedFrom > next) {
            // RFC 2018 §4: the first SACK block holds the segment just received
            long[] l = new long[1];
            long[] r = new long[1];
            assertThat(rb.sackBlocks(l, r, 1)).isEqualTo(1);
            assertThat(l[0] - BASE).isLessThanOrEqualTo(storedFrom);
            assertThat(r[0] - BASE).isGreaterThanOrEqualTo(Math.min(off + len, windowEnd));
        }
    }

    private static int firstHeld(boolean[] held, int from, int to) {
        for (int i = from; i < to; i++) {
            if (held[i]) {
                return i;
            }
        }
        return -1;
    }

    /** The SACK blocks as a sorted list of [left, right) offsets. */
    private static List<List<Long>> sackSet(ReceiveBuffer rb, int max) {
        long[] l = new long[max];
        long[] r = new long[max];
        int n = rb.sackBlocks(l, r, max);
        List<List<Long>> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            out.add(List.of(l[i] - BASE, r[i] - BASE));
        }
        out.sort((a, b) -> Long.compare(a.get(0), b.get(0)));
        return out;
    }

    private static List<List<Long>> runsAbove(boolean[] held, int from) {
        List<List<Long>> out = new ArrayList<>();
        for (int i = from; i < held.length; i++) {
            if (held[i] && (i == from || !held[i - 1])) {
                int j = i;
                while (j < held.length && held[j]) {
                    j++;
                }
                out.add(List.of((long) i, (long) j));
            }
        }
        return out;
    }

    /** Random segments covering the stream, some overlapping, some repeated. */
    private static List<int[]> cut(int length, Random rnd) {
        List<int[]> segments = new ArrayList<>();
        for (int off = 0; off < length; ) {
            int len = 1 + rnd.nextInt(Math.min(length - off, 400));
            segments.add(new int[] {off, len});
            if (rnd.nextInt(4) == 0) {
                int extra = Math.max(0, off - rnd.nextInt(200));
                segments.add(new int[] {extra, Math.min(length - extra, len + rnd.nextInt(300))});
            }
            if (rnd.nextInt(5) == 0) {
                segments.add(new int[] {off, len});
            }
            off += len;
        }
        return segments;
    }
}
