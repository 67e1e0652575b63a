package io.tcplab.stack.conn;

/**
 * Readiness callbacks, called on the thread that drives the stack, during a stack call. A handler
 * may call back into the connection (read, write, close) from inside them.
 */
public interface ConnectionHandler {
    /** The handshake completed. */
    default void onEstablished(Connection connection, long nowNanos) {
    }

    /** In-order data, or the peer's FIN (read returns -1), is ready to read. */
    default void onReadable(Connection connection, long nowNanos) {
    }

    /** Space opened in the send buffer after it had refused bytes. */
    default void onWritable(Connection connection, long nowNanos) {
    }

    /** The connection is gone: {@code error} is null after an orderly close. */
    default void onClosed(Connection connection, ConnectionError error, long nowNanos) {
    }

    ConnectionHandler NONE = new ConnectionHandler() {
    };
}
