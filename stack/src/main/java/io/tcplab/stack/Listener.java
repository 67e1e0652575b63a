package io.tcplab.stack;

import io.tcplab.stack.conn.Connection;
import io.tcplab.stack.conn.ConnectionOptions;
import java.util.ArrayDeque;

/**
 * A passive open on one port (RFC 9293 §3.10.1). Completed connections, and Fast Open ones from
 * their SYN (RFC 7413 §4.2.2), go to the
 * {@link AcceptHandler} if there is one, else wait in the accept queue for {@link #accept()}.
 * Two bounds, as Linux keeps them: the SYN queue (connections in SYN-RECEIVED) and the backlog
 * (connections made, not yet accepted). A SYN beyond the first gets a SYN cookie instead of
 * state (RFC 4987 §3.6) when the stack has them on; a SYN while the accept queue is full is
 * dropped, so the peer retries later.
 */
public final class Listener {
    private final TcpStack stack;
    private final int port;
    private final ConnectionOptions options;
    private final AcceptHandler acceptHandler;
    private final int backlog;
    private final int synQueue;
    private final ArrayDeque<Connection> acceptQueue = new ArrayDeque<>();
    int halfOpen;
    /** Fast Open connections handed over from their SYN, still in SYN-RECEIVED (RFC 7413 §5.1's pending requests). */
    int fastOpenPending;
    private boolean closed;

    Listener(TcpStack stack, int port, ConnectionOptions options, AcceptHandler acceptHandler, int backlog,
             int synQueue) {
        this.stack = stack;
        this.port = port;
        this.options = options;
        this.acceptHandler = acceptHandler;
        this.backlog = backlog;
        this.synQueue = synQueue;
    }

    public int port() {
        return port;
    }

    ConnectionOptions options() {
        return options;
    }

    boolean acceptQueueFull() {
        return acceptQueue.size() >= backlog;
    }

    boolean synQueueFull() {
        return halfOpen >= synQueue;
    }

    /** Connections in SYN-RECEIVED: never more than the SYN queue's bound. */
    public int halfOpen() {
        return halfOpen;
    }

    void onEstablished(Connection connection, long now) {
        halfOpen = Math.max(0, halfOpen - 1);
        handOver(connection, now);
    }

    /**
     * A Fast Open connection (RFC 7413 §4.2.2) goes to the application at once, in SYN-RECEIVED,
     * so that it reads the SYN's data and may answer before the handshake completes.
     */
    void onFastOpen(Connection connection, long now) {
        fastOpenPending++;
        handOver(connection, now);
    }

    private void handOver(Connection connection, long now) {
        if (acceptHandler != null) {
            connection.setHandler(acceptHandler.onAccept(connection, now));
        } else {
            acceptQueue.add(connection);
        }
    }

    void onHalfOpenGone() {
        halfOpen = Math.max(0, halfOpen - 1);
    }

    /** The next completed connection, or null when none is waiting. */
    public Connection accept() {
        Connection c = acceptQueue.poll();
        stack.journal().accepted(port, c);
        return c;
    }

    public int pendingAccepts() {
        return acceptQueue.size();
    }

    /** Stops listening; connections already made are not affected. */
    public void close() {
        if (!closed) {
            stack.journal().listenerClosed(port);
            closed = true;
            stack.removeListener(this);
        }
    }
}
