package io.tcplab.tools.ab;

import io.tcplab.tools.link.Limit;
import io.tcplab.tools.link.LinkParams;

/**
 * How big the buffers and device queues around an A/B path are, so that only the emulated link
 * limits and drops.
 *
 * <p>{@code windowBytes} is the most a sender can usefully have in flight: the path's
 * bandwidth-delay product plus its queue. {@code socketBufferBytes} is four times that (at least
 * the kernel's default 4 MiB): Linux's receive autotuning asks for twice the window it sees per
 * RTT, in buffer space that also holds each packet's overhead (payload/truesize ≈ 0.6 for
 * 1500-byte packets off a TUN device), so about 3.2 × the window; four times leaves neither the
 * kernel's socket buffers (the left namespace's {@code tcp_wmem}, the right one's {@code tcp_rmem})
 * nor tcplab's send buffer as the limit.
 *
 * <p>{@code deviceQueuePackets} is the txqueuelen of every TUN device on the path. A TUN
 * device's transmit queue is a ring of txqueuelen packets that the kernel fills without ever
 * stopping its queue (tun_net_xmit drops at a full ring; the qdisc in front never holds a
 * packet), so nothing pushes back on a sender when the reading thread is late, and on a loaded
 * machine it is. What can wait in the ring is bounded instead: every data packet there is in the
 * receiver's window, which is at most its receive buffer ({@code socketBufferBytes}), so at most
 * {@code socketBufferBytes / mss} packets, counted twice for a retransmission sent while its
 * original still waits; the ACKs going the other way are fewer. A ring that size cannot overflow.
 */
public record PathSizing(long windowBytes, int socketBufferBytes, int deviceQueuePackets) {
    /** The kernel's default tcp_wmem maximum and tcplab's default send buffer. */
    static final int MIN_BUFFER = 4 << 20;
    /**
     * The largest buffer sized for: its ring ({@code 2 × 256 MiB / 1460} ≈ 370,000 packets) stays
     * under the 512 Ki entries the kernel's ptr_ring allocates at most (KMALLOC_MAX_SIZE / 8).
     */
    static final int MAX_BUFFER = 256 << 20;
    /** The ring's own ceiling, below the kernel's 512 Ki (only a tiny MTU reaches it). */
    static final int MAX_RING = 500_000;

    /** Leaves the kernel's buffers and device queues as they are (for paths that size themselves). */
    public static final PathSizing KERNEL_DEFAULTS = new PathSizing(0, 0, 0);

    /**
     * The sizes for a path with {@code forward} and {@code reverse} link settings and this MTU; an
     * unlimited rate or queue has no bound, so it gets the largest sizes.
     */
    public static PathSizing of(LinkParams forward, LinkParams reverse, int mtu) {
        long rate = forward.rateBitsPerSec();
        long rtt = forward.delayNanos() + reverse.delayNanos();
        Limit queue = forward.queueLimit();
        long window;
        if (rate == 0 || queue.equals(Limit.NONE)) {
            window = MAX_BUFFER;
        } else {
            long bdp = (long) (rate / 8.0 * rtt / 1e9);
            long queueBytes = queue.kind() == Limit.Kind.BYTES ? queue.value() : queue.value() * mtu;
            window = bdp + queueBytes;
        }
        return ofWindow(window, mtu);
    }

    /** The sizes for senders whose windows are at most {@code windowBytes} (the ceiling for more). */
    public static PathSizing ofWindow(long windowBytes, int mtu) {
        long window = Math.min(windowBytes, MAX_BUFFER);
        int buffer = (int) Math.min(MAX_BUFFER, Math.max(MIN_BUFFER, 4 * window));
        int mss = mtu - 40;
        int ring = (int) Math.min(MAX_RING, 2 * ((buffer + mss - 1L) / mss));
        return new PathSizing(window, buffer, ring);
    }

    /**
     * The ring of a device that {@code flows} connections cross: each can have its receive window
     * waiting there, so that many times one flow's ring (within the ring's ceiling).
     */
    public int deviceQueuePackets(int flows) {
        return (int) Math.min(MAX_RING, (long) deviceQueuePackets * Math.max(1, flows));
    }

    /** Whether this leaves the kernel's settings alone. */
    public boolean kernelDefaults() {
        return socketBufferBytes == 0;
    }
}
