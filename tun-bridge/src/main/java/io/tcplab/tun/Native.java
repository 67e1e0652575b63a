package io.tcplab.tun;

import jnr.ffi.LibraryLoader;
import jnr.ffi.Platform;
import jnr.ffi.Runtime;

/**
 * The loaded {@link LibC}, errno access and the Linux constants (from the uapi headers, identical
 * on x86-64 and arm64) that the bindings use. Loading is lazy: a class that merely mentions the
 * TUN bridge does not need libc bindings, and a non-Linux host gets a clear {@link TunException}.
 */
final class Native {
    // fcntl.h
    static final int O_RDONLY = 0;
    static final int O_RDWR = 2;
    static final int O_NONBLOCK = 0x800;
    static final int O_CLOEXEC = 0x80000;
    static final int F_GETFL = 3;
    static final int F_SETFL = 4;
    // linux/if_tun.h: TUNSETIFF = _IOW('T', 202, int)
    static final long TUNSETIFF = 0x400454caL;
    static final short IFF_TUN = 0x0001;
    static final short IFF_NO_PI = 0x1000;
    static final short IFF_MULTI_QUEUE = 0x0100;
    /** Every read and write starts with a struct virtio_net_hdr ({@link VirtioNetHeader}). */
    static final short IFF_VNET_HDR = 0x4000;
    // TUNSETOFFLOAD = _IOW('T', 208, unsigned int); its argument is the flag word itself, not a pointer
    static final long TUNSETOFFLOAD = 0x400454d0L;
    static final int TUN_F_CSUM = 0x01;
    static final int TUN_F_TSO4 = 0x02;
    static final int TUN_F_TSO6 = 0x04;
    // linux/if.h: struct ifreq is IFNAMSIZ (16) bytes of name and a 24-byte union on 64-bit
    static final int IFNAMSIZ = 16;
    static final int IFREQ_SIZE = 40;
    static final int IFREQ_FLAGS_OFFSET = 16;
    // sched.h
    static final int CLONE_NEWNET = 0x40000000;
    // sys/eventfd.h
    static final int EFD_NONBLOCK = O_NONBLOCK;
    static final int EFD_CLOEXEC = O_CLOEXEC;
    // poll.h
    static final short POLLIN = 0x1;
    static final short POLLERR = 0x8;
    static final short POLLHUP = 0x10;
    static final short POLLNVAL = 0x20;
    // errno.h
    static final int EPERM = 1;
    static final int ENOENT = 2;
    static final int EINTR = 4;
    static final int EIO = 5;
    static final int EBADF = 9;
    static final int EAGAIN = 11;
    static final int ENOMEM = 12;
    static final int EACCES = 13;
    static final int EBUSY = 16;
    static final int EEXIST = 17;
    static final int ENODEV = 19;
    static final int EINVAL = 22;
    static final int ENOBUFS = 105;
    static final int EBADFD = 77;

    private Native() {
    }

    private static final class Holder {
        static final LibC LIBC;
        static final Runtime RUNTIME;
        static final Throwable FAILURE;

        static {
            LibC libc = null;
            Runtime runtime = null;
            Throwable failure = null;
            try {
                if (Platform.getNativePlatform().getOS() != Platform.OS.LINUX) {
                    throw new UnsupportedOperationException("TUN devices need Linux, this is "
                            + Platform.getNativePlatform().getOS());
                }
                libc = LibraryLoader.create(LibC.class).load("c");
                runtime = Runtime.getRuntime(libc);
            } catch (Throwable t) {
                failure = t;
            }
            LIBC = libc;
            RUNTIME = runtime;
            FAILURE = failure;
        }
    }

    /** The bindings; throws {@link TunException} when they cannot be loaded. */
    static LibC libc() {
        if (Holder.LIBC == null) {
            throw new TunException("tcplab: cannot load libc through jnr-ffi: " + Holder.FAILURE.getMessage(),
                    Holder.FAILURE);
        }
        return Holder.LIBC;
    }

    static Runtime runtime() {
        libc();
        return Holder.RUNTIME;
    }

    /** The errno saved by the last bound call on this thread. */
    static int errno() {
        return Holder.RUNTIME.getLastError();
    }

    /** "Permission denied" for EACCES: the C library's text for an errno. */
    static String strerror(int errno) {
        try {
            String s = libc().strerror(errno);
            return s != null ? s : "errno " + errno;
        } catch (RuntimeException e) {
            return "errno " + errno;
        }
    }

    static boolean isRoot() {
        return libc().geteuid() == 0;
    }
}
