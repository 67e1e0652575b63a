package io.tcplab.tun;

import jnr.ffi.Pointer;
import jnr.ffi.annotations.IgnoreError;
import jnr.ffi.types.intptr_t;
import jnr.ffi.types.size_t;
import jnr.ffi.types.ssize_t;

/**
 * The few Linux libc calls the TUN bridge needs, bound through jnr-ffi. Buffers cross as raw
 * addresses ({@code @intptr_t long}) of direct memory so that a packet read or write allocates
 * nothing; {@link Native#errno()} reads the errno each call saved.
 *
 * <p>{@code ioctl} and {@code fcntl} are variadic in C; on the System V x86-64 and AAPCS64 ABIs an
 * integer or pointer third argument is passed the same way either form is called.
 */
public interface LibC {
    int open(String path, int flags);

    int close(int fd);

    int ioctl(int fd, long request, Pointer arg);

    /** For requests whose argument is an integer passed by value (TUNSETOFFLOAD). */
    int ioctl(int fd, long request, @intptr_t long arg);

    int fcntl(int fd, int cmd, int arg);

    @ssize_t long read(int fd, @intptr_t long buf, @size_t long count);

    @ssize_t long write(int fd, @intptr_t long buf, @size_t long count);

    /** {@code struct iovec[]} at {@code iov}: {base, len} pairs of 8 bytes each. */
    @ssize_t long readv(int fd, @intptr_t long iov, int iovcnt);

    @ssize_t long writev(int fd, @intptr_t long iov, int iovcnt);

    /** {@code struct pollfd[]}: {int fd; short events; short revents}, 8 bytes each. */
    int poll(Pointer fds, @size_t long nfds, int timeoutMillis);

    /** Like poll with a {@code struct timespec} timeout (null waits forever) and no signal mask. */
    int ppoll(Pointer fds, @size_t long nfds, Pointer timeout, Pointer sigmask);

    int setns(int fd, int nstype);

    int eventfd(int initval, int flags);

    @IgnoreError
    String strerror(int errnum);

    @IgnoreError
    int geteuid();
}
