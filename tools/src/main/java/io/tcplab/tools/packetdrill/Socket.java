package io.tcplab.tools.packetdrill;

import io.tcplab.stack.Listener;
import io.tcplab.stack.conn.Connection;
import io.tcplab.stack.conn.ConnectionOptions;

/** A script's file descriptor: settings made before the connection exists, then the listener or connection. */
final class Socket {
    final int fd;
    final ConnectionOptions.Builder options;
    boolean nonBlocking;
    boolean bound;
    boolean shutRead;
    boolean errorReported;
    /** TCP_FASTOPEN_CONNECT: connect() defers its SYN for data when a cookie is cached (Linux). */
    boolean fastOpenConnect;
    /** TCP_FASTOPEN's queue length for a listener, 0 when not set. */
    int fastOpenQueue;
    /** TCP_FASTOPEN_KEY: the listener's own cookie key, or null. */
    byte[] fastOpenKey;
    /** TCP_SYNCNT, 0 when not set. */
    int synCount;
    /** SO_KEEPALIVE, and TCP_KEEPIDLE (Linux's tcp_keepalive_time, 7200 s, unless set). */
    boolean keepAlive;
    long keepAliveIdleSeconds = 7200;
    /** listen()'s backlog. */
    int backlog;
    Listener listener;
    Connection connection;

    Socket(int fd, ConnectionOptions.Builder options) {
        this.fd = fd;
        this.options = options;
    }
}
