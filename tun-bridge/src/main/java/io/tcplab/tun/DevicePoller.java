package io.tcplab.tun;

import jnr.ffi.Memory;
import jnr.ffi.Pointer;

/**
 * Waits in {@code ppoll(2)} until one of a few TUN devices has a packet to read, a timeout passes,
 * or another thread calls {@link #wakeup()} (through an eventfd). For loops that own several
 * devices, such as a user-space link between two of them. The poll structures are allocated
 * once, so waiting allocates nothing.
 *
 * <p>{@link #await} is for one thread (the loop's); {@link #wakeup()} may be called from any.
 */
public final class DevicePoller implements AutoCloseable {
    private static final int POLLFD_SIZE = 8;
    /** At most this many devices (bits of the result mask). */
    public static final int MAX_DEVICES = 30;

    private final TunDevice[] devices;
    private final int eventFd;
    private final Pointer pollFds;
    private final Pointer timeout;
    private final Pointer wakeValue;
    private final Pointer drainValue;
    private final Object fdLock = new Object();
    private boolean closed;

    public DevicePoller(TunDevice... devices) {
        if (devices.length == 0 || devices.length > MAX_DEVICES) {
            throw new IllegalArgumentException("a poller takes 1 to " + MAX_DEVICES + " devices, got " + devices.length);
        }
        this.devices = devices.clone();
        LibC libc = Native.libc();
        jnr.ffi.Runtime rt = Native.runtime();
        this.eventFd = libc.eventfd(0, Native.EFD_NONBLOCK | Native.EFD_CLOEXEC);
        if (eventFd < 0) {
            throw TunException.fromErrno("cannot create the poller's eventfd", Native.errno());
        }
        int n = devices.length + 1;
        this.pollFds = Memory.allocateDirect(rt, n * POLLFD_SIZE, true);
        for (int i = 0; i < devices.length; i++) {
            pollFds.putInt(i * POLLFD_SIZE, devices[i].fd());
            pollFds.putShort(i * POLLFD_SIZE + 4, Native.POLLIN);
        }
        pollFds.putInt(devices.length * POLLFD_SIZE, eventFd);
        pollFds.putShort(devices.length * POLLFD_SIZE + 4, Native.POLLIN);
        this.timeout = Memory.allocateDirect(rt, 16, true);
        this.wakeValue = Memory.allocateDirect(rt, 8, true);
        this.wakeValue.putLong(0, 1L);
        this.drainValue = Memory.allocateDirect(rt, 8, true);
    }

    /**
     * Waits up to {@code timeoutNanos} (negative: forever; 0: just look) and returns a mask with bit
     * {@code i} set when device {@code i} is readable. A wake-up or a signal returns early, possibly
     * with 0. Throws when a device is gone (error or hang-up without data).
     */
    public int await(long timeoutNanos) {
        Pointer ts = null;
        if (timeoutNanos >= 0) {
            timeout.putLong(0, timeoutNanos / 1_000_000_000L);
            timeout.putLong(8, timeoutNanos % 1_000_000_000L);
            ts = timeout;
        }
        int n = devices.length + 1;
        for (int i = 0; i < n; i++) {
            pollFds.putShort(i * POLLFD_SIZE + 6, (short) 0);
        }
        int r = Native.libc().ppoll(pollFds, n, ts, null);
        if (r < 0) {
            int errno = Native.errno();
            if (errno == Native.EINTR) {
                return 0;
            }
            throw TunException.fromErrno("ppoll on " + devices.length + " TUN devices failed", errno);
        }
        if (r == 0) {
            return 0;
        }
        if ((pollFds.getShort(devices.length * POLLFD_SIZE + 6) & Native.POLLIN) != 0) {
            Native.libc().read(eventFd, drainValue.address(), 8);
        }
        int mask = 0;
        for (int i = 0; i < devices.length; i++) {
            short events = pollFds.getShort(i * POLLFD_SIZE + 6);
            if ((events & Native.POLLIN) != 0) {
                mask |= 1 << i;
            } else if ((events & (Native.POLLERR | Native.POLLHUP | Native.POLLNVAL)) != 0) {
                throw new TunException("tcplab: TUN device " + devices[i].name() + " is gone (poll events 0x"
                        + Integer.toHexString(events & 0xFFFF) + ")");
            }
        }
        return mask;
    }

    /** Makes a current or the next {@link #await} return at once. Any thread. */
    public void wakeup() {
        synchronized (fdLock) {
            if (!closed) {
                Native.libc().write(eventFd, wakeValue.address(), 8);
            }
        }
    }

    /** Closes the eventfd (not the devices). */
    @Override
    public void close() {
        synchronized (fdLock) {
            if (!closed) {
                closed = true;
                Native.libc().close(eventFd);
            }
        }
    }
}
