package io.tcplab.stack.script;

import io.tcplab.stack.conn.Connection;
import io.tcplab.stack.conn.ConnectionError;
import io.tcplab.stack.conn.ConnectionHandler;

/** Remembers what the application was told: established, readable, closed and with which error. */
final class RecordingHandler implements ConnectionHandler {
    int established;
    int readable;
    int writable;
    int closed;
    ConnectionError error;

    @Override
    public void onEstablished(Connection connection, long nowNanos) {
        established++;
    }

    @Override
    public void onReadable(Connection connection, long nowNanos) {
        readable++;
    }

    @Override
    public void onWritable(Connection connection, long nowNanos) {
        writable++;
    }

    @Override
    public void onClosed(Connection connection, ConnectionError why, long nowNanos) {
        closed++;
        error = why;
    }
}
