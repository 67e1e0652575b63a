package io.tcplab.tools.link;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import java.util.Arrays;

/**
 * Reusable heap buffers for packets in flight, so that carrying a packet allocates nothing once
 * the pool has grown to the number of packets ever in flight at once. Size classes double from
 * 128 bytes to 64 KiB so that a 1500-byte packet does not pin 64 KiB, and an ACK or a
 * payload-free segment (its headers, 40 to 80 bytes) takes 128 bytes instead of a 2 KiB
 * buffer: thousands of them in flight then fit in the caches, where each one's first touch
 * at its arrival was a memory miss. Single-threaded.
 */
public final class PacketPool {
    private static final int SMALLEST_SHIFT = 7;
    private static final int CLASSES = 10;
    /** IPv4 and IPv6 (without jumbograms) packets are at most 65535 bytes. */
    public static final int MAX_PACKET = 65535;

    /** Per size class, a stack of free buffers (the last released is handed out first). */
    private final ByteBuf[][] free = new ByteBuf[CLASSES][16];
    private final int[] freeCount = new int[CLASSES];
    private long outstanding;

    /** A pooled buffer holding the readable bytes of {@code packet}; give it back with {@link #release}. */
    public ByteBuf copyOf(ByteBuf packet) {
        int size = packet.readableBytes();
        if (size > MAX_PACKET) {
            throw new IllegalArgumentException("packet of " + size + " bytes is larger than an IP packet can be");
        }
        int sizeClass = sizeClass(size);
        ByteBuf buf;
        int n = freeCount[sizeClass];
        if (n > 0) {
            freeCount[sizeClass] = --n;
            buf = free[sizeClass][n];
            free[sizeClass][n] = null;
        } else {
            int capacity = 1 << (SMALLEST_SHIFT + sizeClass);
            buf = Unpooled.buffer(capacity, capacity);
        }
        buf.clear().writeBytes(packet, packet.readerIndex(), size);
        outstanding++;
        return buf;
    }

    public void release(ByteBuf buf) {
        outstanding--;
        int sizeClass = sizeClass(buf.capacity());
        int n = freeCount[sizeClass];
        if (n == free[sizeClass].length) {
            free[sizeClass] = Arrays.copyOf(free[sizeClass], 2 * n);
        }
        free[sizeClass][n] = buf;
        freeCount[sizeClass] = n + 1;
    }

    /** Buffers handed out and not yet released: the packets in flight. */
    public long outstanding() {
        return outstanding;
    }

    private static int sizeClass(int size) {
        int bits = 32 - Integer.numberOfLeadingZeros(Math.max(size - 1, 0));
        return Math.max(bits - SMALLEST_SHIFT, 0);
    }
}
