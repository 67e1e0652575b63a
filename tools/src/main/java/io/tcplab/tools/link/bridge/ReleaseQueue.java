package io.tcplab.tools.link.bridge;

import io.netty.buffer.ByteBuf;
import io.tcplab.tools.link.LinkOutput;
import java.util.Arrays;

/**
 * The packets one link has in flight, released in order of arrival time: a binary min-heap keyed
 * on (arrival, order handed in), so copies that arrive at the same instant (a duplicate behind its
 * original, a burst at rate 0) leave in the order the link made them. Arrival times are mostly
 * monotone, so a push usually stops at once. Arrays grow by doubling and are never shrunk: once
 * grown to the most packets ever in flight, pushing and popping allocate nothing. Single-threaded.
 */
final class ReleaseQueue implements LinkOutput {
    private long[] arrivals = new long[256];
    private long[] orders = new long[256];
    private ByteBuf[] packets = new ByteBuf[256];
    private int size;
    private long nextOrder;

    @Override
    public void carry(ByteBuf copy, long departNanos, long arrivalNanos) {
        push(copy, arrivalNanos);
    }

    void push(ByteBuf packet, long arrival) {
        if (size == packets.length) {
            arrivals = Arrays.copyOf(arrivals, size * 2);
            orders = Arrays.copyOf(orders, size * 2);
            packets = Arrays.copyOf(packets, size * 2);
        }
        long order = nextOrder++;
        int i = size++;
        while (i > 0) {
            int parent = (i - 1) >>> 1;
            if (!before(arrival, order, arrivals[parent], orders[parent])) {
                break;
            }
            set(i, arrivals[parent], orders[parent], packets[parent]);
            i = parent;
        }
        set(i, arrival, order, packet);
    }

    boolean isEmpty() {
        return size == 0;
    }

    int size() {
        return size;
    }

    /** The arrival time of the first packet due; only when not empty. */
    long headArrival() {
        return arrivals[0];
    }

    /** Removes and returns the first packet due; only when not empty. */
    ByteBuf pop() {
        ByteBuf head = packets[0];
        int last = --size;
        long a = arrivals[last];
        long o = orders[last];
        ByteBuf p = packets[last];
        packets[last] = null;
        if (last > 0) {
            int i = 0;
            while (true) {
                int child = 2 * i + 1;
                if (child >= last) {
                    break;
                }
                if (child + 1 < last && before(arrivals[child + 1], orders[child + 1], arrivals[child], orders[child])) {
                    child++;
                }
                if (!before(arrivals[child], orders[child], a, o)) {
                    break;
                }
                set(i, arrivals[child], orders[child], packets[child]);
                i = child;
            }
            set(i, a, o, p);
        }
        return head;
    }

    private void set(int i, long arrival, long order, ByteBuf packet) {
        arrivals[i] = arrival;
        orders[i] = order;
        packets[i] = packet;
    }

    private static boolean before(long arrivalA, long orderA, long arrivalB, long orderB) {
        long d = arrivalA - arrivalB; // nanoTime values: compare by difference
        return d < 0 || (d == 0 && orderA < orderB);
    }
}
