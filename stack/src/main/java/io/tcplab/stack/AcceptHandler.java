package io.tcplab.stack;

import io.tcplab.stack.conn.Connection;
import io.tcplab.stack.conn.ConnectionHandler;

/** Takes each connection a listener completes; returns the handler for its events. */
@FunctionalInterface
public interface AcceptHandler {
    ConnectionHandler onAccept(Connection connection, long nowNanos);
}
