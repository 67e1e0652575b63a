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
    /** What the application does as soon as it is told the connection is established. */
    Runnable whenEstablished = () -> { };

    @Override
    public void onEstablished(Connection connection, long nowNanos) {
        established++;
        whenEstablished.run();
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
