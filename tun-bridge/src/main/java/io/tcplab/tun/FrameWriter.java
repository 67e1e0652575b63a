package io.tcplab.tun;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;

/**
 * Writes a device's frames on a thread of its own, in the order they were handed over. With
 * offloads a write(2) of a super-segment runs the kernel's receive path for it (tun_get_user, the
 * IP and TCP input of the peer's socket) in the writing thread: on {@code send --iperf3} that was
 * over half of the driver thread's time while the other core stood partly idle, so the stack
 * waited for the kernel. Here the driver thread only hands a full frame over and takes an empty
 * one back.
 *
 * <p>{@link #FRAMES} buffers circulate between the two threads through two single-producer
 * single-consumer rings, so nothing is allocated per frame. When every buffer waits to be
 * written, the driver thread waits for one, as it waited in write(2) before. A frame the kernel
 * refuses is lost, as on a link, and counted.
 */
final class FrameWriter implements SegmentCoalescer.FrameSink, AutoCloseable {
    /** Frames in flight between the threads besides the one being filled: 512 KB at most. */
    static final int FRAMES = 8;

    /** Where frames go: {@link TunDevice#write}. */
    @FunctionalInterface
    interface Device {
        /** False when the kernel refused the frame; throws when the device is gone. */
        boolean write(ByteBuf frame);
    }

    private final Device tun;
    private final Ring full = new Ring();
    private final Ring empty = new Ring();
    private final Thread thread;
    private volatile Thread driver;
    private volatile boolean writerWaiting;
    private volatile boolean driverWaiting;
    private volatile boolean closed;
    private volatile Throwable failure;
    /** Frames handed to the thread and not yet written: while any are, nothing else is written at once. */
    private final AtomicInteger outstanding = new AtomicInteger();
    private final AtomicLong packetsRefused = new AtomicLong();

    FrameWriter(Device tun, String threadName) {
        this.tun = tun;
        for (int i = 0; i < FRAMES; i++) {
            empty.offer(Unpooled.directBuffer(TunDevice.MAX_FRAME, TunDevice.MAX_FRAME), 0);
        }
        this.thread = new Thread(this::run, threadName);
        this.thread.setDaemon(true);
        this.thread.start();
    }

    /**
     * Hands {@code frame} (its readable bytes, {@code packets} packets) over and returns an empty
     * buffer for the next; a single packet (an ACK, mostly) is written at once on the calling thread
     * when nothing is queued before it, since a hand-over per ACK would cost more than the write
     * and delay the ACK behind a thread's wake-up.
     */
    @Override
    public ByteBuf writeFrame(ByteBuf frame, int packets) {
        if (closed) {
            throw new IllegalStateException("the frame writer is closed");
        }
        if (packets < 2 && outstanding.get() == 0) {
            write(frame, packets); // nothing is queued or being written: the order stays
            return frame;
        }
        outstanding.incrementAndGet();
        full.offer(frame, packets); // never full: there are fewer buffers than slots
        if (writerWaiting) {
            LockSupport.unpark(thread);
        }
        ByteBuf next;
        while ((next = empty.poll()) == null) {
            driver = Thread.currentThread();
            driverWaiting = true;
            if ((next = empty.poll()) != null) {
                driverWaiting = false;
                break;
            }
            LockSupport.park(this);
            driverWaiting = false;
        }
        return next;
    }

    private void run() {
        while (true) {
            ByteBuf frame = full.poll();
            if (frame == null) {
                if (closed) {
                    if (full.isEmpty()) {
                        return; // closed after the last hand-over, which is visible now: all written
                    }
                    continue;
                }
                writerWaiting = true;
                if (full.isEmpty() && !closed) {
                    LockSupport.park(this);
                }
                writerWaiting = false;
                continue;
            }
            write(frame, full.lastPackets);
            outstanding.decrementAndGet();
            empty.offer(frame, 0);
            if (driverWaiting) {
                LockSupport.unpark(driver);
            }
        }
    }

    /** One write(2); on one thread at a time: the caller's only while nothing is outstanding. */
    private void write(ByteBuf frame, int packets) {
        try {
            if (!tun.write(frame)) {
                packetsRefused.addAndGet(packets);
            }
        } catch (RuntimeException e) { // the device is gone: what follows is lost too
            failure = e;
            packetsRefused.addAndGet(packets);
        }
    }

    /** Packets in frames the kernel refused. */
    long packetsRefused() {
        return packetsRefused.get();
    }

    /** What stopped the device taking frames, or null. */
    Throwable failure() {
        return failure;
    }

    /** Writes what was handed over, stops the thread and frees the buffers it holds. Driver thread. */
    @Override
    public void close() {
        closed = true;
        LockSupport.unpark(thread);
        boolean interrupted = false;
        while (thread.isAlive()) {
            try {
                thread.join();
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        ByteBuf b;
        while ((b = empty.poll()) != null) {
            b.release();
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    /**
     * A single-producer single-consumer ring of buffers, each with its packet count: the producer
     * publishes a slot by moving the tail, the consumer frees it by moving the head. Both are
     * volatile stores: a thread that publishes then reads the other's waiting flag, while the other
     * sets its flag then looks at the ring, so neither can miss the other (no lost wake-up).
     */
    private static final class Ring {
        private static final int SLOTS = 16; // more than FRAMES + 1: an offer always finds room
        private final ByteBuf[] buffers = new ByteBuf[SLOTS];
        private final int[] packets = new int[SLOTS];
        private final AtomicLong head = new AtomicLong();
        private final AtomicLong tail = new AtomicLong();
        /** The packet count of the buffer the last {@link #poll} returned (consumer only). */
        int lastPackets;

        void offer(ByteBuf buffer, int count) {
            long t = tail.get();
            if (t - head.get() == SLOTS) {
                throw new IllegalStateException("frame ring overflow");
            }
            int i = (int) t & (SLOTS - 1);
            buffers[i] = buffer;
            packets[i] = count;
            tail.set(t + 1);
        }

        ByteBuf poll() {
            long h = head.get();
            if (h == tail.get()) {
                return null;
            }
            int i = (int) h & (SLOTS - 1);
            ByteBuf b = buffers[i];
            lastPackets = packets[i];
            buffers[i] = null;
            head.set(h + 1);
            return b;
        }

        boolean isEmpty() {
            return head.get() == tail.get();
        }
    }
}
