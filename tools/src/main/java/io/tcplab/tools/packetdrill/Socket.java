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
    Listener listener;
    Connection connection;

    Socket(int fd, ConnectionOptions.Builder options) {
        this.fd = fd;
        this.options = options;
    }
}
