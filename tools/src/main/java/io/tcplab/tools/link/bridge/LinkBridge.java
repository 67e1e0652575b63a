package io.tcplab.tools.link.bridge;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.tcplab.tools.link.Link;
import io.tcplab.tools.link.LinkParams;
import io.tcplab.tools.link.LinkSchedule;
import io.tcplab.tools.link.PacketPool;
import io.tcplab.tun.DevicePoller;
import io.tcplab.tun.TunDevice;
import io.tcplab.tun.TunException;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The link model of {@code io.tcplab.tools.link} in real time between two TUN devices: every
 * packet the kernel routes into device A is offered to link A→B at {@link System#nanoTime()},
 * and each copy the link lets through is written into device B at its arrival time; B→A the same.
 * A routes through it like a router with an impaired wire on each side.
 *
 * <p>One thread owns both devices and both links. A round reads up to {@code batchSize} packets
 * from A (non-blocking), offers them, writes what is due to B, does the same the other way, and
 * applies the schedules' changes that are due (time counted from {@link #start}); then, unless a
 * batch was full, it sleeps in {@code ppoll} on both devices until the next arrival or change. A
 * link with an AQM is served at the start of each round (and before each packet it is offered),
 * and its next dequeue time is one the loop wakes up for.
 * Copies wait in pooled buffers in a heap ordered by arrival; in steady state a packet costs a
 * read, a copy and a write and allocates nothing.
 *
 * <p>Counters are written by the bridge thread alone: {@link #forward()} and {@link #reverse()}
 * may be a little stale while it runs and are exact after {@link #close()}.
 */
public final class LinkBridge implements AutoCloseable {
    private final Direction forward;
    private final Direction reverse;
    private final DevicePoller poller;
    private final boolean ownsDevices;
    private final int batchSize;
    private final Thread thread;
    private final ByteBuf readBuffer = Unpooled.directBuffer(TunDevice.MAX_PACKET, TunDevice.MAX_PACKET);
    private volatile boolean stopping;
    private volatile Throwable failure;
    private volatile long startNanos;
    private long rounds;
    private long sleeps;
    private final LoopStalls stalls = new LoopStalls();

    private LinkBridge(Builder b) {
        PacketPool pool = new PacketPool();
        this.forward = new Direction(b.a, b.b, b.forwardName, b.forwardParams, b.seed, pool, b.forwardSchedule);
        this.reverse = new Direction(b.b, b.a, b.reverseName, b.reverseParams, b.seed, pool, b.reverseSchedule);
        this.ownsDevices = b.ownsDevices;
        this.batchSize = b.batchSize;
        for (TunDevice d : List.of(b.a, b.b)) {
            if (!d.isNonBlocking()) {
                d.setNonBlocking(true);
            }
        }
        this.poller = new DevicePoller(b.a, b.b);
        this.thread = new Thread(this::run, b.threadName);
        this.thread.setDaemon(true);
    }

    /** A bridge between {@code a} and {@code b}: unimpaired both ways until told otherwise. */
    public static Builder builder(TunDevice a, TunDevice b) {
        return new Builder(a, b);
    }

    /** The A→B direction. */
    public DirectionStats forward() {
        return forward.stats();
    }

    /** The B→A direction. */
    public DirectionStats reverse() {
        return reverse.stats();
    }

    /** Nanoseconds since the bridge started: the clock its schedules follow. */
    public long elapsedNanos() {
        return System.nanoTime() - startNanos;
    }

    /** Why the loop stopped on its own (a device went away, say), or null. */
    public Throwable failure() {
        return failure;
    }

    public boolean isRunning() {
        return thread.isAlive();
    }

    public long rounds() {
        return rounds;
    }

    public long sleeps() {
        return sleeps;
    }

    /** The rounds that ran late: time the links lost to the thread being off the CPU. */
    public LoopStalls stalls() {
        return stalls;
    }

    /** Stops the thread, drops what is still in flight and closes the devices when owned. */
    @Override
    public void close() {
        stopping = true;
        poller.wakeup();
        try {
            thread.join(TimeUnit.SECONDS.toMillis(10));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        if (thread.isAlive()) {
            throw new TunException("tcplab: the link bridge thread did not stop");
        }
        poller.close();
        if (ownsDevices) {
            forward.from.close();
            forward.to.close();
        }
    }

    /** Waits until the bridge thread ends (after {@link #close()} or a failure). */
    public void join() throws InterruptedException {
        thread.join();
    }

    private LinkBridge startThread() {
        startNanos = System.nanoTime();
        forward.installStalls(startNanos);
        reverse.installStalls(startNanos);
        thread.start();
        return this;
    }

    private void run() {
        try {
            loop();
        } catch (Throwable t) {
            failure = t;
        } finally {
            forward.dropInFlight();
            reverse.dropInFlight();
            readBuffer.release();
        }
    }

    private void loop() {
        long start = startNanos;
        long due = start; // when this round had to run at the latest
        while (!stopping) {
            rounds++;
            long now = System.nanoTime();
            long late = Math.max(0, now - due);
            forward.applyDueChanges(now - start);
            reverse.applyDueChanges(now - start);
            forward.link.serve(now);
            reverse.link.serve(now);
            long idleForward = forward.link.idleNanos(now);
            long idleReverse = reverse.link.idleNanos(now);
            int readForward = forward.readBatch(readBuffer, batchSize);
            forward.writeDue(System.nanoTime());
            int readReverse = reverse.readBatch(readBuffer, batchSize);
            long done = System.nanoTime();
            reverse.writeDue(done);
            forward.publishQueue(done);
            reverse.publishQueue(done);
            stalls.round(late, readForward > 0 ? idleForward : 0, readReverse > 0 ? idleReverse : 0);
            due = done;
            if (readForward >= batchSize || readReverse >= batchSize) {
                continue; // more may be waiting: read again before sleeping
            }
            long next = earliest(forward.nextEvent(start), reverse.nextEvent(start));
            long wait;
            if (next == Long.MAX_VALUE) {
                wait = -1;
                due = Long.MAX_VALUE; // nothing owed until a device wakes the loop
            } else {
                wait = next - System.nanoTime();
                if (wait <= 0) {
                    continue;
                }
                due = next;
            }
            sleeps++;
            poller.await(wait);
        }
    }

    /** The earlier of two nanoTime instants, {@link Long#MAX_VALUE} meaning none. */
    private static long earliest(long x, long y) {
        if (x == Long.MAX_VALUE) {
            return y;
        }
        if (y == Long.MAX_VALUE) {
            return x;
        }
        return x - y <= 0 ? x : y;
    }

    /** One direction: read from {@code from}, through the link, written to {@code to}. */
    private static final class Direction {
        final TunDevice from;
        final TunDevice to;
        final Link link;
        final ReleaseQueue queue;
        final PacketPool pool;
        final LinkSchedule schedule;
        final List<LinkSchedule.Change> changes;
        int nextChange;
        volatile long written;
        volatile long writeDrops;
        /** The queue at the latest round, for readers on other threads (the link itself is this thread's). */
        volatile long queuedBytes;
        volatile long queuedPackets;

        Direction(TunDevice from, TunDevice to, String name, LinkParams params, long seed, PacketPool pool,
                  LinkSchedule schedule) {
            this.from = from;
            this.to = to;
            this.queue = new ReleaseQueue();
            this.pool = pool;
            this.link = new Link(name, params, seed, pool, queue);
            this.schedule = schedule;
            this.changes = schedule.settings();
        }

        /** Stalls are fixed on the link's clock (nanoTime) before any packet is read. */
        void installStalls(long startNanos) {
            schedule.installStalls(link, startNanos);
        }

        int readBatch(ByteBuf buf, int max) {
            int n = 0;
            while (n < max) {
                buf.clear();
                if (from.read(buf) <= 0) {
                    break;
                }
                n++;
                link.offer(System.nanoTime(), buf);
            }
            return n;
        }

        void writeDue(long now) {
            ReleaseQueue q = queue;
            long w = 0;
            long drops = 0;
            while (!q.isEmpty() && q.headArrival() - now <= 0) {
                ByteBuf p = q.pop();
                if (to.write(p)) {
                    w++;
                } else {
                    drops++;
                }
                pool.release(p);
            }
            if (w != 0) {
                written += w;
            }
            if (drops != 0) {
                writeDrops += drops;
            }
        }

        void publishQueue(long now) {
            queuedBytes = link.queuedBytes(now);
            queuedPackets = link.queuedPackets(now);
        }

        void applyDueChanges(long elapsed) {
            while (nextChange < changes.size() && changes.get(nextChange).atNanos() <= elapsed) {
                changes.get(nextChange++).applyTo(link.params());
            }
        }

        /** The nanoTime of the next arrival, AQM dequeue or change, or {@link Long#MAX_VALUE}. */
        long nextEvent(long start) {
            long next = earliest(queue.isEmpty() ? Long.MAX_VALUE : queue.headArrival(), link.nextServiceNanos());
            if (nextChange < changes.size()) {
                next = earliest(next, start + changes.get(nextChange).atNanos());
            }
            return next;
        }

        void dropInFlight() {
            while (!queue.isEmpty()) {
                pool.release(queue.pop());
            }
        }

        DirectionStats stats() {
            return DirectionStats.of(link.name(), link, written, writeDrops, queue.size(),
                    queuedBytes, queuedPackets, link.params().rateBitsPerSec());
        }
    }

    /** How a bridge is set up. */
    public static final class Builder {
        private final TunDevice a;
        private final TunDevice b;
        private LinkParams forwardParams = LinkParams.of();
        private LinkParams reverseParams = LinkParams.of();
        private LinkSchedule forwardSchedule = new LinkSchedule(List.of());
        private LinkSchedule reverseSchedule = new LinkSchedule(List.of());
        private String forwardName = "forward";
        private String reverseName = "reverse";
        private long seed = 1;
        private int batchSize = 64;
        private boolean ownsDevices = true;
        private String threadName = "tcplab-link";

        private Builder(TunDevice a, TunDevice b) {
            if (a == b) {
                throw new IllegalArgumentException("a link bridge needs two different devices");
            }
            this.a = a;
            this.b = b;
        }

        /** A→B settings (kept and read live by the bridge). */
        public Builder forward(LinkParams params) {
            this.forwardParams = params;
            return this;
        }

        public Builder reverse(LinkParams params) {
            this.reverseParams = params;
            return this;
        }

        /** Changes to A→B at times counted from {@link #start()}. */
        public Builder forwardSchedule(LinkSchedule schedule) {
            this.forwardSchedule = schedule;
            return this;
        }

        public Builder reverseSchedule(LinkSchedule schedule) {
            this.reverseSchedule = schedule;
            return this;
        }

        /** Names of the two directions (they also pick the random streams). */
        public Builder names(String forward, String reverse) {
            this.forwardName = forward;
            this.reverseName = reverse;
            return this;
        }

        public Builder seed(long seed) {
            this.seed = seed;
            return this;
        }

        /** Packets read from one device per round before the other gets its turn (1 to 4096). */
        public Builder batchSize(int packets) {
            if (packets < 1 || packets > 4096) {
                throw new IllegalArgumentException("batchSize must be 1 to 4096, got " + packets);
            }
            this.batchSize = packets;
            return this;
        }

        /** Whether {@link LinkBridge#close()} closes the devices (default true). */
        public Builder ownsDevices(boolean owns) {
            this.ownsDevices = owns;
            return this;
        }

        public Builder threadName(String name) {
            this.threadName = name;
            return this;
        }

        public LinkBridge start() {
            if (!a.isOpen() || !b.isOpen()) {
                throw new TunException("tcplab: a device of the link bridge is closed");
            }
            return new LinkBridge(this).startThread();
        }
    }
}
