package io.tcplab.tun;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.tcplab.stack.PacketSink;
import io.tcplab.stack.StackConfig;
import io.tcplab.stack.TcpStack;
import io.tcplab.stack.conn.Connection;
import io.tcplab.stack.conn.TcpState;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;
import java.util.function.UnaryOperator;
import jnr.ffi.Memory;
import jnr.ffi.Pointer;

/**
 * Drives one {@link TcpStack} from one {@link TunDevice} in real time, on one thread that owns
 * both: it reads packets in batches (non-blocking reads until none is left, at most
 * {@link Builder#batchSize} a round) and hands each to {@code stack.receive}, writes every packet
 * the stack emits straight to the device from inside the sink call, runs {@code stack.poll} when a
 * timer is due (after the packets already queued, which arrived before it was found due), and
 * otherwise sleeps in {@code ppoll(2)} on the device and an eventfd until the
 * stack's next deadline, a packet or a task. The clock is {@link System#nanoTime()}; the driver
 * owns it, the stack only receives it.
 *
 * <p>Applications reach the stack only through the driver thread: {@link #execute}, {@link #submit}
 * and {@link #call} queue work and wake the loop; {@link io.tcplab.stack.conn.ConnectionHandler}
 * callbacks run on that thread too. {@link #stack()} may be touched only there.
 *
 * <p>In steady state nothing is allocated per packet: one direct read buffer is reused, emitted
 * packets are written from the stack's own buffer (or through the device's one direct scratch
 * buffer), and the poll structures are allocated once.
 *
 * <p>On a device with offloads ({@link TunDevice#vnetHeader()}) each frame read is split back into
 * wire packets ({@link SegmentSplitter}) before the stack sees them, and what the stack emits goes
 * through a {@link SegmentCoalescer}, which joins a flow's consecutive segments into super-segments
 * the kernel cuts up again; its pending run is written after each frame read, after the tasks and
 * after the timers, so output waits for nothing but the work that produced it; a {@link FrameWriter}
 * writes the super-segments on a thread of its own. Without a capture the stack then leaves TCP
 * checksums to the kernel (transmit checksum offload, as the receive side already trusts the
 * kernel's).
 */
public final class RealTimeDriver implements AutoCloseable {
    private static final int POLLFD_SIZE = 8;

    private final TunDevice tun;
    private final TcpStack stack;
    private final boolean ownsDevice;
    private final int batchSize;
    private final long closeGraceNanos;
    private final Consumer<Throwable> taskErrorHandler;
    private final PacketTap tap; // null: no capture, and no cost on the packet path
    private final Thread thread;

    private final ConcurrentLinkedQueue<Runnable> tasks = new ConcurrentLinkedQueue<>();
    private final AtomicBoolean wakePending = new AtomicBoolean();
    private final Object fdLock = new Object(); // a wake-up never writes to a closed (maybe reused) fd number
    private boolean eventFdClosed;
    private volatile boolean sleeping;
    private final int eventFd;
    private final Pointer pollFds;
    private final Pointer timeout;
    private final Pointer wakeValue;
    private final Pointer drainValue;
    private final ByteBuf readBuffer;
    private final SegmentCoalescer coalescer; // null: a plain device, one write per packet
    private final FrameWriter frameWriter; // with the coalescer: writes its frames on a thread of its own
    private final SegmentSplitter splitter;
    private final SegmentSplitter.PacketConsumer receiveOne = this::receiveOne;

    private final CountDownLatch terminated = new CountDownLatch(1);
    private volatile boolean started;
    private volatile Throwable failure;
    private boolean closing;
    private boolean abortOnClose;
    private long closeDeadline;

    // counters: written by the driver thread only; other threads may read them slightly stale
    private long packetsIn;
    private long bytesIn;
    private long packetsOut;
    private long bytesOut;
    private long writeDrops;
    private long readCalls;
    private long writeCalls;
    private long rounds;
    private long sleeps;

    private RealTimeDriver(Builder b) {
        this.tun = b.tun;
        this.ownsDevice = b.ownsDevice;
        this.batchSize = b.batchSize;
        this.closeGraceNanos = b.closeGrace.toNanos();
        this.taskErrorHandler = b.taskErrorHandler;
        this.tap = b.tap;
        LibC libc = Native.libc();
        jnr.ffi.Runtime rt = Native.runtime();
        this.eventFd = libc.eventfd(0, Native.EFD_NONBLOCK | Native.EFD_CLOEXEC);
        if (eventFd < 0) {
            throw TunException.fromErrno("cannot create the driver's eventfd", Native.errno());
        }
        this.pollFds = Memory.allocateDirect(rt, 2 * POLLFD_SIZE, true);
        this.timeout = Memory.allocateDirect(rt, 16, true);
        this.wakeValue = Memory.allocateDirect(rt, 8, true);
        this.wakeValue.putLong(0, 1L);
        this.drainValue = Memory.allocateDirect(rt, 8, true);
        try {
            if (!tun.isNonBlocking()) {
                tun.setNonBlocking(true);
            }
            PacketSink out = this::emit;
            if (tap != null) {
                out = packet -> {
                    tap.onSent(System.nanoTime(), packet);
                    emit(packet);
                };
            }
            this.stack = new TcpStack(b.config.toBuilder().partialChecksums(partialChecksums(b)).build(), b.sinkWrapper.apply(out));
            b.onStack.accept(stack);
        } catch (RuntimeException e) {
            libc.close(eventFd);
            throw e;
        }
        int room = tun.vnetHeader() ? TunDevice.MAX_FRAME : TunDevice.MAX_PACKET;
        this.readBuffer = Unpooled.directBuffer(room, room);
        this.frameWriter = tun.vnetHeader() ? new FrameWriter(tun::write, threadName(b) + "-writer") : null;
        this.coalescer = tun.vnetHeader() ? new SegmentCoalescer(frameWriter, partialChecksums(b)) : null;
        this.splitter = tun.vnetHeader() ? new SegmentSplitter(b.tap != null || b.observed) : null;
        this.thread = new Thread(this::run, threadName(b));
        this.thread.setDaemon(true);
    }

    /**
     * Transmit checksum offload: with virtio-net headers the kernel completes the TCP checksums the
     * stack leaves partial (it trusts them on local delivery, skb_csum_unnecessary, and finishes them
     * before a packet leaves on a device that cannot, skb_checksum_help). Not with a capture, which
     * shows the packets as they leave the stack and must show their checksums.
     */
    private static boolean partialChecksums(Builder b) {
        return b.tun.vnetHeader() && b.tap == null;
    }

    private static String threadName(Builder b) {
        return b.threadName != null ? b.threadName : "tcplab-driver-" + b.tun.name();
    }

    public static Builder builder(TunDevice tun, StackConfig config) {
        return new Builder(tun, config);
    }

    /** Starts a driver with the defaults: batches of 64, a 2 s close grace, the device owned (closed with the driver). */
    public static RealTimeDriver start(TunDevice tun, StackConfig config) {
        return builder(tun, config).start();
    }

    // ================================================================ application side

    /** The stack: touch it only on the driver thread (in a task or a connection callback). */
    public TcpStack stack() {
        return stack;
    }

    public TunDevice device() {
        return tun;
    }

    /** The driver's clock, {@link System#nanoTime()}: pass it to stack calls made in tasks. */
    public long now() {
        return System.nanoTime();
    }

    /** The driver thread's id (for profilers and allocation counters). */
    public long threadId() {
        return thread.getId();
    }

    public boolean inDriverThread() {
        return Thread.currentThread() == thread;
    }

    /** Runs {@code task} on the driver thread, soon; wakes the loop if it sleeps. */
    public void execute(Runnable task) {
        if (task == null) {
            throw new NullPointerException("task");
        }
        if (terminated.getCount() == 0) {
            throw new TunException("tcplab: the driver for " + tun.name() + " has stopped");
        }
        tasks.add(task);
        if (sleeping && wakePending.compareAndSet(false, true)) {
            synchronized (fdLock) {
                if (!eventFdClosed) {
                    Native.libc().write(eventFd, wakeValue.address(), 8);
                }
            }
        }
    }

    /** Runs {@code task} on the driver thread; the future completes with its result or exception. */
    public <T> CompletableFuture<T> submit(Callable<T> task) {
        Submitted<T> s = new Submitted<>(task);
        execute(s);
        return s.future;
    }

    /** A task with a future, failed rather than forgotten if the driver stops before running it. */
    private static final class Submitted<T> implements Runnable {
        final Callable<T> task;
        final CompletableFuture<T> future = new CompletableFuture<>();

        Submitted(Callable<T> task) {
            this.task = task;
        }

        @Override
        public void run() {
            try {
                future.complete(task.call());
            } catch (Throwable e) {
                future.completeExceptionally(e);
            }
        }
    }

    /** Runs {@code task} on the driver thread and waits for it (directly when already on that thread). */
    public <T> T call(Callable<T> task) {
        if (inDriverThread()) {
            try {
                return task.call();
            } catch (RuntimeException e) {
                throw e;
            } catch (Exception e) {
                throw new TunException("tcplab: driver task failed: " + e, e);
            }
        }
        try {
            return submit(task).get(30, TimeUnit.SECONDS);
        } catch (ExecutionException e) {
            Throwable c = e.getCause();
            if (c instanceof RuntimeException re) {
                throw re;
            }
            throw new TunException("tcplab: driver task failed: " + c, c);
        } catch (TimeoutException e) {
            throw new TunException("tcplab: driver task did not finish within 30 s", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new TunException("tcplab: interrupted waiting for the driver", e);
        }
    }

    /** Packets read from the device and given to the stack. */
    public long packetsIn() {
        return packetsIn;
    }

    public long bytesIn() {
        return bytesIn;
    }

    /** Packets the stack emitted that the device took. */
    public long packetsOut() {
        return packetsOut - (coalescer == null ? 0 : coalescer.packetsTooLong() + frameWriter.packetsRefused());
    }

    /** Bytes of the packets the stack emitted (with offloads, also of those the kernel refused). */
    public long bytesOut() {
        return bytesOut;
    }

    /** Emitted packets the kernel refused (dropped as on a link). */
    public long writeDrops() {
        return writeDrops + (coalescer == null ? 0 : coalescer.packetsTooLong() + frameWriter.packetsRefused());
    }

    /** Whether the device runs with offloads (super-segments both ways). */
    public boolean offloads() {
        return coalescer != null;
    }

    /** read(2) calls that returned a packet or frame. */
    public long readCalls() {
        return readCalls;
    }

    /** write(2) calls: one per packet on a plain device, one per frame with offloads. */
    public long writeCalls() {
        return coalescer == null ? writeCalls : coalescer.frames(); // one write(2) per frame handed over
    }

    /** With offloads: frames that were TCP super-segments, read and written. */
    public long superSegmentsRead() {
        return splitter == null ? 0 : splitter.superSegments();
    }

    public long superSegmentsWritten() {
        return coalescer == null ? 0 : coalescer.superSegments();
    }

    /** With offloads: pure ACKs a later one of the same burst superseded, not written. */
    public long acksSuperseded() {
        return coalescer == null ? 0 : coalescer.acksSuperseded();
    }

    /** With offloads: frames read that made no sense and were dropped. */
    public long malformedFrames() {
        return splitter == null ? 0 : splitter.malformed();
    }

    /** Loop iterations, and how many of them slept in ppoll. */
    public long rounds() {
        return rounds;
    }

    public long sleeps() {
        return sleeps;
    }

    /** Why the loop stopped on its own, or null. */
    public Throwable failure() {
        return failure;
    }

    public boolean isRunning() {
        return started && terminated.getCount() > 0;
    }

    // ================================================================ closing

    /** Closes every connection with FIN, waits up to the grace for them to finish, stops and releases fds. */
    @Override
    public void close() {
        close(false);
    }

    /**
     * Stops the driver: {@code abort} resets every connection at once, otherwise each gets a FIN
     * (RST if it has unread data) and the grace to finish; those left after it are reset. Then the
     * thread ends and the eventfd (and the device, when owned) are closed.
     */
    public void close(boolean abort) {
        if (terminated.getCount() == 0) {
            return;
        }
        if (!started) {
            release();
            return;
        }
        if (inDriverThread()) {
            beginClose(abort);
            return;
        }
        try {
            execute(() -> beginClose(abort));
        } catch (TunException e) {
            // it stopped meanwhile
        }
        try {
            if (!terminated.await(closeGraceNanos + TimeUnit.SECONDS.toNanos(10), TimeUnit.NANOSECONDS)) {
                throw new TunException("tcplab: the driver for " + tun.name() + " did not stop");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new TunException("tcplab: interrupted while stopping the driver for " + tun.name(), e);
        }
    }

    private void beginClose(boolean abort) {
        if (closing) {
            return;
        }
        closing = true;
        abortOnClose = abort;
        long now = System.nanoTime();
        closeDeadline = now + (abort ? 0 : closeGraceNanos);
        for (Connection c : new ArrayList<>(stack.connections())) {
            if (abort) {
                c.abort(now);
            } else if (c.state() != TcpState.TIME_WAIT) {
                c.close(now);
            }
        }
    }

    private boolean closeDone(long now) {
        if (now - closeDeadline >= 0) {
            return true;
        }
        for (Connection c : stack.connections()) {
            if (c.state() != TcpState.TIME_WAIT && c.state() != TcpState.CLOSED) {
                return false;
            }
        }
        return true;
    }

    /** After the grace: reset what is still open, forget TIME-WAITs. */
    private void finishClose() {
        long now = System.nanoTime();
        List<Connection> left = new ArrayList<>(stack.connections());
        for (Connection c : left) {
            if (c.state() == TcpState.TIME_WAIT || abortOnClose) {
                c.abortQuietly(now);
            } else {
                c.abort(now);
            }
        }
        flushOutput();
    }

    private void release() {
        terminated.countDown(); // execute() refuses new tasks from here on
        synchronized (fdLock) {
            eventFdClosed = true;
            Native.libc().close(eventFd);
        }
        if (coalescer != null) {
            frameWriter.close(); // writes what was handed over, before the device closes
            coalescer.release();
        }
        if (ownsDevice) {
            tun.close();
        }
        readBuffer.release();
        Runnable r;
        while ((r = tasks.poll()) != null) { // queued too late to run
            if (r instanceof Submitted<?> s) {
                s.future.completeExceptionally(new TunException("tcplab: the driver for " + tun.name() + " has stopped"));
            }
        }
    }

    // ================================================================ the loop

    private RealTimeDriver startThread() {
        started = true;
        thread.start();
        return this;
    }

    private void run() {
        try {
            loop();
        } catch (Throwable t) {
            failure = t;
            try {
                finishClose();
            } catch (Throwable ignored) {
                // the stack itself failed; nothing more to send
            }
        } finally {
            release();
        }
    }

    private void loop() {
        while (true) {
            rounds++;
            runTasks();
            flushOutput();
            // Packets first, then timers: what is queued now arrived before we looked at the clock,
            // so an ACK that would cancel a timer must not wait behind it (the old order fired a
            // third of the due timers with input queued on a loopback TUN path to Linux).
            int n = readBatch();
            long now = System.nanoTime();
            if (stack.nextDeadline() - now <= 0) {
                stack.poll(now);
                flushOutput();
            }
            if (closing && closeDone(System.nanoTime())) {
                finishClose();
                return;
            }
            if (n >= batchSize || !tasks.isEmpty()) {
                continue; // more may be waiting: read again before sleeping
            }
            long deadline = stack.nextDeadline();
            if (closing && closeDeadline - deadline < 0) {
                deadline = closeDeadline;
            }
            sleepUntil(deadline);
        }
    }

    private void runTasks() {
        Runnable r;
        while ((r = tasks.poll()) != null) {
            try {
                r.run();
            } catch (Throwable e) {
                taskErrorHandler.accept(e);
            }
        }
    }

    private int readBatch() {
        int n = 0;
        ByteBuf buf = readBuffer;
        while (n < batchSize) {
            buf.clear();
            int len = tun.read(buf);
            if (len <= 0) {
                break;
            }
            n++;
            readCalls++;
            if (splitter == null) {
                receiveOne(buf);
            } else {
                splitter.split(buf, receiveOne);
                coalescer.flush();
            }
        }
        return n;
    }

    private void receiveOne(ByteBuf packet) {
        packetsIn++;
        bytesIn += packet.readableBytes();
        long now = System.nanoTime();
        if (tap != null) {
            tap.onReceived(now, packet);
        }
        if (splitter != null && splitter.checksumKnownGood()) {
            stack.receiveChecksummed(now, packet);
        } else {
            stack.receive(now, packet);
        }
    }

    /** Writes what the coalescer holds (nothing on a plain device). */
    private void flushOutput() {
        if (coalescer != null) {
            coalescer.flush();
            if (frameWriter.failure() != null) {
                throw new TunException("tcplab: cannot write to TUN device " + tun.name() + ": "
                        + frameWriter.failure().getMessage(), frameWriter.failure());
            }
        }
    }

    /**
     * The stack's sink: one write per packet, straight from the stack's buffer, or into the
     * coalescer (its drops are counted when it writes).
     */
    private void emit(ByteBuf packet) {
        if (coalescer != null) {
            packetsOut++;
            bytesOut += packet.readableBytes();
            coalescer.add(packet);
            return;
        }
        writeCalls++;
        if (tun.write(packet)) {
            packetsOut++;
            bytesOut += packet.readableBytes();
        } else {
            writeDrops++;
        }
    }

    private void sleepUntil(long deadline) {
        long now = System.nanoTime();
        Pointer ts = null;
        if (deadline != Long.MAX_VALUE) {
            long wait = deadline - now;
            if (wait <= 0) {
                return;
            }
            timeout.putLong(0, wait / 1_000_000_000L);
            timeout.putLong(8, wait % 1_000_000_000L);
            ts = timeout;
        }
        Pointer fds = pollFds;
        fds.putInt(0, tun.fd());
        fds.putShort(4, Native.POLLIN);
        fds.putShort(6, (short) 0);
        fds.putInt(8, eventFd);
        fds.putShort(12, Native.POLLIN);
        fds.putShort(14, (short) 0);
        sleeping = true;
        if (!tasks.isEmpty()) { // a task queued before it could see us sleeping
            sleeping = false;
            return;
        }
        sleeps++;
        int r = Native.libc().ppoll(fds, 2, ts, null);
        sleeping = false;
        if (r < 0) {
            int errno = Native.errno();
            if (errno == Native.EINTR) {
                return;
            }
            throw TunException.fromErrno("ppoll on TUN device " + tun.name() + " failed", errno);
        }
        if ((fds.getShort(14) & Native.POLLIN) != 0) {
            Native.libc().read(eventFd, drainValue.address(), 8);
            wakePending.set(false);
        }
        short tunEvents = fds.getShort(6);
        if ((tunEvents & (Native.POLLERR | Native.POLLHUP | Native.POLLNVAL)) != 0
                && (tunEvents & Native.POLLIN) == 0) {
            throw new TunException("tcplab: TUN device " + tun.name() + " is gone (poll events 0x"
                    + Integer.toHexString(tunEvents & 0xFFFF) + ")");
        }
    }

    /** How a driver is set up. */
    public static final class Builder {
        private final TunDevice tun;
        private final StackConfig config;
        private int batchSize = 64;
        private Duration closeGrace = Duration.ofSeconds(2);
        private boolean ownsDevice = true;
        private String threadName;
        private PacketTap tap;
        private UnaryOperator<PacketSink> sinkWrapper = UnaryOperator.identity();
        private Consumer<TcpStack> onStack = stack -> { };
        private boolean observed; // a recorder reads what arrives: received checksums are completed for it
        private Consumer<Throwable> taskErrorHandler = e -> {
            System.err.println("tcplab: a driver task failed: " + e);
            e.printStackTrace();
        };

        private Builder(TunDevice tun, StackConfig config) {
            this.tun = tun;
            this.config = config;
        }

        /** Packets read per round before timers and tasks get their turn (1 to 4096). */
        public Builder batchSize(int packets) {
            if (packets < 1 || packets > 4096) {
                throw new IllegalArgumentException("batchSize must be 1 to 4096, got " + packets);
            }
            this.batchSize = packets;
            return this;
        }

        /** How long {@link #close()} waits for FIN handshakes before resetting what is left. */
        public Builder closeGrace(Duration grace) {
            this.closeGrace = grace;
            return this;
        }

        /** Whether closing the driver closes the device (default true). */
        public Builder ownsDevice(boolean owns) {
            this.ownsDevice = owns;
            return this;
        }

        public Builder threadName(String name) {
            this.threadName = name;
            return this;
        }

        /** Shows every packet read and emitted to {@code tap} on the driver thread (a capture); null for none. */
        public Builder tap(PacketTap tap) {
            this.tap = tap;
            return this;
        }

        /**
         * Lets an observer of the stack in (a recorder, docs/replay.md): what the stack emits
         * passes through {@code sink} first, and {@code stack} gets the stack once it is made,
         * before the driver's thread starts.
         */
        public Builder observe(UnaryOperator<PacketSink> sink, Consumer<TcpStack> stack) {
            this.sinkWrapper = sink;
            this.onStack = stack;
            this.observed = true;
            return this;
        }

        /** Receives exceptions thrown by tasks; the loop goes on. Default: print to stderr. */
        public Builder taskErrorHandler(Consumer<Throwable> handler) {
            this.taskErrorHandler = handler;
            return this;
        }

        public RealTimeDriver start() {
            if (!tun.isOpen()) {
                throw new TunException("tcplab: TUN device " + tun.name() + " is closed");
            }
            return new RealTimeDriver(this).startThread();
        }
    }
}
