package io.tcplab.tools.attack;

import jnr.ffi.LibraryLoader;
import jnr.ffi.annotations.In;
import jnr.ffi.annotations.Out;
import jnr.ffi.types.size_t;
import jnr.ffi.types.ssize_t;

/**
 * The libc socket calls the attack tests need beyond tun-bridge's {@code LibC}: a raw IPv4 socket
 * that sends whole packets ({@code IPPROTO_RAW}, so {@code IP_HDRINCL}) and a packet socket that
 * sees every packet of its namespace. Arrays cross by copy; the tests send thousands, not millions.
 */
public interface RawSocketCalls {
    int AF_INET = 2;
    int AF_PACKET = 17;
    int SOCK_RAW = 3;
    int SOCK_DGRAM = 2;
    int IPPROTO_RAW = 255;
    /** htons(ETH_P_ALL): every protocol, both directions. */
    int ETH_P_ALL_NET_ORDER = 0x0300;
    int SOL_SOCKET = 1;
    int SO_RCVTIMEO = 20;
    int EAGAIN = 11;

    int socket(int domain, int type, int protocol);

    int setsockopt(int fd, int level, int name, @In byte[] value, int length);

    @ssize_t long sendto(int fd, @In byte[] buf, @size_t long length, int flags, @In byte[] address, int addressLength);

    @ssize_t long recv(int fd, @Out byte[] buf, @size_t long length, int flags);

    int close(int fd);

    /** Loaded once per JVM. */
    static RawSocketCalls libc() {
        return Holder.LIBC;
    }

    /** The errno of the calling thread's last call. */
    static int errno() {
        return jnr.ffi.Runtime.getRuntime(Holder.LIBC).getLastError();
    }

    final class Holder {
        static final RawSocketCalls LIBC = LibraryLoader.create(RawSocketCalls.class).load("c");

        private Holder() {
        }
    }
}
