package io.tcplab.stack.buffer;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.tcplab.stack.DropReason;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** Send and receive rings start small, grow to what data needs, and never past the configured size. */
class BufferGrowthTest {
    private static final int MIB = 1 << 20;
    private static final long BASE = (1L << 32) - 100;

    @Test
    void anIdleBufferHoldsAFewKibNotItsCapacity() {
        SendBuffer send = new SendBuffer(4 * MIB, BASE);
        ReceiveBuffer receive = new ReceiveBuffer(4 * MIB, BASE);
        assertThat(send.allocated()).isEqualTo(ByteRing.INITIAL_CAPACITY);
        assertThat(receive.allocated()).isEqualTo(ByteRing.INITIAL_CAPACITY);
        // the window and the free space are still the configured ones
        assertThat(send.free()).isEqualTo(4 * MIB);
        assertThat(receive.window()).isEqualTo(4 * MIB);
    }

    @Test
    void theReceiveRingGrowsToHoldAFullWindowAndNoMore() {
        int capacity = MIB;
        ReceiveBuffer rb = new ReceiveBuffer(capacity, BASE);
        byte[] stream = new byte[capacity + 1000];
        new Random(5).nextBytes(stream);
        ByteBuf src = Unpooled.wrappedBuffer(stream);
        // out of order first, at the far edge: the ring must reach the whole window at once
        assertThat(rb.offer(BASE + capacity - 1448, src, capacity - 1448, 1448)).isZero();
        assertThat(rb.lastOfferDropReason()).isNull();
        assertThat(rb.allocated()).isEqualTo(capacity);
        for (int off = 0; off < capacity - 1448; off += 1448) {
            rb.offer(BASE + off, src, off, Math.min(1448, capacity - 1448 - off));
            assertThat(rb.lastOfferDropReason()).isNull();
        }
        assertThat(rb.readable()).isEqualTo(capacity);
        assertThat(rb.window()).isZero();
        rb.offer(BASE + capacity, src, capacity, 1000);
        assertThat(rb.lastOfferDropReason()).isEqualTo(DropReason.RECEIVE_BUFFER_FULL);
        byte[] out = new byte[capacity];
        assertThat(rb.read(out, 0, capacity)).isEqualTo(capacity);
        assertThat(out).isEqualTo(java.util.Arrays.copyOf(stream, capacity));
        assertThat(rb.allocated()).isEqualTo(capacity);
    }

    @Test
    void theReceiveRingGrowsInStepsWhileDataWrapsAround() {
        int capacity = 256 << 10;
        ReceiveBuffer rb = new ReceiveBuffer(capacity, BASE);
        Random rnd = new Random(9);
        byte[] stream = new byte[4 * capacity];
        rnd.nextBytes(stream);
        ByteBuf src = Unpooled.wrappedBuffer(stream);
        int offered = 0;
        int read = 0;
        int unreadTarget = 1000;
        byte[] out = new byte[capacity];
        while (offered < stream.length) {
            // the reader lags more and more, so the ring grows while its contents wrap
            int len = Math.min(Math.min(1448, stream.length - offered), rb.window());
            rb.offer(BASE + offered, src, offered, len);
            offered += len;
            if (rb.readable() > unreadTarget || len == 0) {
                int n = rb.read(out, 0, rb.readable() - unreadTarget / 2);
                assertThat(java.util.Arrays.copyOf(out, n))
                        .isEqualTo(java.util.Arrays.copyOfRange(stream, read, read + n));
                read += n;
                unreadTarget = Math.min(capacity, unreadTarget * 2);
            }
            assertThat(rb.allocated()).isLessThanOrEqualTo(capacity);
        }
        int n = rb.read(out, 0, capacity);
        assertThat(java.util.Arrays.copyOf(out, n)).isEqualTo(java.util.Arrays.copyOfRange(stream, read, read + n));
        assertThat(read + n).isEqualTo(stream.length);
    }

    @Test
    void theSendRingGrowsAndTheViewFollowsIt() {
        SendBuffer send = new SendBuffer(MIB, BASE);
        byte[] data = new byte[MIB + 3000];
        new Random(11).nextBytes(data);
        // wrap first: 3000 bytes written and acknowledged move the head near the end of 4 KiB
        assertThat(send.write(data, 0, 3000)).isEqualTo(3000);
        send.ackTo(BASE + 3000);
        assertThat(send.write(data, 3000, MIB)).isEqualTo(MIB);
        assertThat(send.allocated()).isEqualTo(MIB);
        assertThat(send.free()).isZero();
        ByteBuf view = send.view();
        assertThat(view.array()).isSameAs(send.array());
        long seq = BASE + 3000 + 12345;
        ByteBuf out = Unpooled.buffer(1448);
        send.copyTo(seq, 1448, out);
        assertThat(java.util.Arrays.copyOf(out.array(), 1448))
                .isEqualTo(java.util.Arrays.copyOfRange(data, 3000 + 12345, 3000 + 12345 + 1448));
        assertThat(send.view()).isSameAs(view); // no new wrapper without growth
    }
}
