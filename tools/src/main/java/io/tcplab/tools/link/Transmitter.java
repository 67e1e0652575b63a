package io.tcplab.tools.link;

/**
 * The serialization queue of a link: one transmitter sends packets in order, each taking
 * {@code size × 8 / rate}. It keeps the departure time of every packet not yet fully sent, so
 * its occupancy at any time is known without being told when packets leave.
 *
 * <p>Stalls are outages of the transmitter known in advance: during {@code [from, until)} no bit
 * is sent. A packet whose serialization the stall interrupts finishes its remaining bits after it;
 * packets queued behind (and those offered during the stall) follow at the rate, in order.
 */
final class Transmitter {
    private static final long NANOS_PER_SECOND = 1_000_000_000L;

    private long[] departs = new long[64];
    private int[] sizes = new int[64];
    private int head;
    private int count;
    private long bytes;
    private long freeAt;
    /** Leftover bit-nanoseconds, carried so that rounding never makes the rate drift. */
    private long remainder;
    private long remainderRate;
    private final StallWindows stalls = new StallWindows();

    static long serializationNanos(int size, long rateBitsPerSec) {
        return rateBitsPerSec == 0 ? 0 : size * 8L * NANOS_PER_SECOND / rateBitsPerSec;
    }

    /** Forgets the packets fully sent at or before {@code now}. */
    void drain(long now) {
        int mask = departs.length - 1;
        while (count > 0 && departs[head] <= now) {
            bytes -= sizes[head];
            head = (head + 1) & mask;
            count--;
        }
    }

    int packets() {
        return count;
    }

    long bytes() {
        return bytes;
    }

    /** When the last packet queued so far has been sent (its last bit), or earlier if none ever was. */
    long freeAt() {
        return freeAt;
    }

    /** How long the transmitter has had nothing to send at {@code now} (after a drain), or 0 while busy. */
    long idleNanos(long now) {
        return count == 0 ? Math.max(0, now - freeAt) : 0;
    }

    /**
     * Holds the transmitter during {@code [fromNanos, fromNanos + durationNanos)}. Departures are
     * fixed when packets are offered, so the stall must be known before any packet is committed
     * to leave after its start.
     */
    void stall(long fromNanos, long durationNanos) {
        if (fromNanos < freeAt) {
            throw new IllegalStateException("a stall from " + fromNanos + " ns comes too late: packets already leave"
                    + " until " + freeAt + " ns; set stalls before the run (LinkSchedule does)");
        }
        stalls.add(fromNanos, fromNanos + durationNanos);
    }

    /**
     * Queues a packet of {@code size} bytes behind those already waiting, taking the time of
     * {@code wireBytes} (the packet and its framing) to send; returns when its last bit leaves.
     */
    long enqueue(long now, int size, int wireBytes, long rateBitsPerSec) {
        long depart = stalls.finish(Math.max(now, freeAt), exactSerializationNanos(wireBytes, rateBitsPerSec));
        freeAt = depart;
        if (depart > now) {
            if (count == departs.length) {
                grow();
            }
            int tail = (head + count) & (departs.length - 1);
            departs[tail] = depart;
            sizes[tail] = size;
            count++;
            bytes += size;
        }
        return depart;
    }

    private long exactSerializationNanos(int size, long rate) {
        if (rate == 0) {
            return 0;
        }
        if (rate != remainderRate) {
            remainder = 0;
            remainderRate = rate;
        }
        long bitNanos = size * 8L * NANOS_PER_SECOND + remainder;
        remainder = bitNanos % rate;
        return bitNanos / rate;
    }

    private void grow() {
        long[] newDeparts = new long[departs.length * 2];
        int[] newSizes = new int[sizes.length * 2];
        for (int i = 0; i < count; i++) {
            int from = (head + i) & (departs.length - 1);
            newDeparts[i] = departs[from];
            newSizes[i] = sizes[from];
        }
        departs = newDeparts;
        sizes = newSizes;
        head = 0;
    }
}
