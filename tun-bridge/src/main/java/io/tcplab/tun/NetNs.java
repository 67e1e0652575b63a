package io.tcplab.tun;

import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Runs code inside a network namespace. Linux lets one thread of a process join another network
 * namespace with {@code setns(2)}; sockets and TUN devices that thread creates belong to that
 * namespace for good, whichever thread uses them later. So {@link #inside} starts a fresh thread,
 * joins the namespace there, runs the body and lets the thread end: no thread of the JVM is left
 * in a foreign namespace, and nothing needs switching back.
 */
public final class NetNs {
    private NetNs() {
    }

    /**
     * The namespace file: {@code /var/run/netns/NAME} for a name made by {@code ip netns add}, or
     * the path itself when it starts with '/', e.g. {@code /proc/PID/ns/net}.
     */
    public static String path(String namespace) {
        if (namespace == null || namespace.isEmpty()) {
            throw new TunException("tcplab: no network namespace given");
        }
        if (namespace.startsWith("/")) {
            return namespace;
        }
        if (namespace.contains("/") || namespace.equals(".") || namespace.equals("..")) {
            throw new TunException("tcplab: bad network namespace name '" + namespace + "'");
        }
        return "/var/run/netns/" + namespace;
    }

    /** Runs {@code body} on a new thread that first joined {@code namespace}; returns its result. */
    public static <T> T inside(String namespace, Callable<T> body) {
        String path = path(namespace);
        AtomicReference<T> result = new AtomicReference<>();
        AtomicReference<Throwable> failure = new AtomicReference<>();
        Thread t = new Thread(() -> {
            try {
                join(path);
                result.set(body.call());
            } catch (Throwable e) {
                failure.set(e);
            }
        }, "tcplab-netns-" + namespace.replace('/', '_'));
        t.setDaemon(true);
        t.start();
        try {
            t.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new TunException("tcplab: interrupted while working in network namespace " + namespace, e);
        }
        Throwable e = failure.get();
        if (e instanceof RuntimeException re) {
            throw re;
        }
        if (e instanceof Error err) {
            throw err;
        }
        if (e != null) {
            throw new TunException("tcplab: in network namespace " + namespace + ": " + e, e);
        }
        return result.get();
    }

    /** Moves the calling thread into the namespace at {@code path}. */
    private static void join(String path) {
        LibC libc = Native.libc();
        int fd = libc.open(path, Native.O_RDONLY | Native.O_CLOEXEC);
        if (fd < 0) {
            int errno = Native.errno();
            String why = errno == Native.ENOENT ? " (no such namespace; see ip netns list)" : "";
            throw new TunException("tcplab: cannot open network namespace " + path + ": " + Native.strerror(errno) + why,
                    errno, null);
        }
        try {
            if (libc.setns(fd, Native.CLONE_NEWNET) != 0) {
                int errno = Native.errno();
                throw TunException.fromErrno("cannot enter network namespace " + path, errno);
            }
        } finally {
            libc.close(fd);
        }
    }
}
