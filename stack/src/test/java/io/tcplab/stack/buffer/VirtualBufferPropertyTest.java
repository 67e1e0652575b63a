package io.tcplab.stack.buffer;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

/**
 * Payload-free buffers keep the same books as real ones: the same segments offered in any order
 * give the same RCV.NXT, readable count, window, SACK blocks and D-SACK decisions, and the same
 * writes, acknowledgments and reads give the same counts; the virtual buffers allocate nothing.
 */
class VirtualBufferPropertyTest {
    private static final int MSS = 100;

    @Property(tries = 200)
    void aVirtualReceiveBufferDecidesAsARealOne(@ForAll @IntRange(min = 1, max = 200) int segments,
                                               @ForAll long seed) {
        Random rnd = new Random(seed);
        int capacity = 64 * MSS;
        ReceiveBuffer real = new ReceiveBuffer(capacity, 1000, ReceiveBuffer.rangeBudget(capacity), false);
        ReceiveBuffer virtual = new ReceiveBuffer(capacity, 1000, ReceiveBuffer.rangeBudget(capacity), true);
        ByteBuf payload = Unpooled.buffer(MSS).writeZero(MSS);
        ByteBuf headersOnly = Unpooled.buffer(0);
        long[] left = new long[4];
        long[] right = new long[4];
        long[] vLeft = new long[4];
        long[] vRight = new long[4];
        byte[] scratch = new byte[3 * MSS];
        for (int i = 0; i < segments; i++) {
            long seq = 1000 + (long) rnd.nextInt(80) * MSS;
            int length = 1 + rnd.nextInt(MSS);
            assertThat(virtual.offer(seq, headersOnly, 0, length)).isEqualTo(real.offer(seq, payload, 0, length));
            assertThat(virtual.lastOfferWasDuplicate()).isEqualTo(real.lastOfferWasDuplicate());
            assertThat(virtual.lastOfferFilledHole()).isEqualTo(real.lastOfferFilledHole());
            assertThat(virtual.lastOfferDropReason()).isEqualTo(real.lastOfferDropReason());
            int n = real.sackBlocks(left, right, 4);
            assertThat(virtual.sackBlocks(vLeft, vRight, 4)).isEqualTo(n);
            assertThat(vLeft).isEqualTo(left);
            assertThat(vRight).isEqualTo(right);
            if (rnd.nextInt(3) == 0) {
                int want = rnd.nextInt(scratch.length);
                assertThat(virtual.read(scratch, 0, want)).isEqualTo(real.read(scratch, 0, want));
            }
            assertThat(virtual.rcvNxt()).isEqualTo(real.rcvNxt());
            assertThat(virtual.window()).isEqualTo(real.window());
        }
        assertThat(virtual.allocated()).isZero();
    }

    @Property(tries = 200)
    void aVirtualSendBufferCountsAsARealOne(@ForAll @IntRange(min = 1, max = 300) int operations,
                                           @ForAll long seed) {
        Random rnd = new Random(seed);
        SendBuffer real = new SendBuffer(20 * MSS, 1, false);
        SendBuffer virtual = new SendBuffer(20 * MSS, 1, true);
        byte[] data = new byte[5 * MSS];
        for (int op = 0; op < operations; op++) {
            if (rnd.nextBoolean()) {
                int n = rnd.nextInt(data.length);
                assertThat(virtual.write(data, 0, n)).isEqualTo(real.write(data, 0, n));
            } else {
                long ack = real.startSeq() + rnd.nextInt(real.size() + 1);
                assertThat(virtual.ackTo(ack)).isEqualTo(real.ackTo(ack));
            }
            assertThat(virtual.endSeq()).isEqualTo(real.endSeq());
            assertThat(virtual.free()).isEqualTo(real.free());
            if (real.size() > 0) {
                long seq = real.startSeq() + rnd.nextInt(real.size());
                // a segment is built from the first piece and, if it wraps, the rest from position 0
                int first = virtual.readableAt(seq);
                assertThat(first).isPositive().isLessThanOrEqualTo((int) (virtual.endSeq() - seq));
            }
        }
        assertThat(virtual.allocated()).isZero();
    }
}
