package io.tcplab.tools.replay;

import io.tcplab.stack.AcceptHandler;
import io.tcplab.stack.conn.Connection;
import io.tcplab.stack.conn.ConnectionError;
import io.tcplab.stack.conn.ConnectionHandler;
import io.tcplab.tools.replay.Event.Callback;

/**
 * What a recorder writes, and a replay checks, around each callback the stack makes into the
 * application: its start (which callback, which connection, when) and its end (for an accept,
 * whether the application answered with a handler).
 */
interface CallbackBrackets {
    void begin(Callback callback, Connection connection, long now);

    void end(boolean handlerReturned);

    /** {@code handler} with each of its callbacks between {@link #begin} and {@link #end}. */
    default ConnectionHandler bracket(ConnectionHandler handler) {
        return new ConnectionHandler() {
            @Override
            public void onEstablished(Connection c, long now) {
                begin(Callback.ESTABLISHED, c, now);
                handler.onEstablished(c, now);
                end(false);
            }

            @Override
            public void onReadable(Connection c, long now) {
                begin(Callback.READABLE, c, now);
                handler.onReadable(c, now);
                end(false);
            }

            @Override
            public void onWritable(Connection c, long now) {
                begin(Callback.WRITABLE, c, now);
                handler.onWritable(c, now);
                end(false);
            }

            @Override
            public void onClosed(Connection c, ConnectionError error, long now) {
                begin(Callback.CLOSED, c, now);
                handler.onClosed(c, error, now);
                end(false);
            }
        };
    }

    /** {@code handler}'s accepts the same way. */
    default AcceptHandler bracket(AcceptHandler handler) {
        return (c, now) -> {
            begin(Callback.ACCEPT, c, now);
            ConnectionHandler h = handler.onAccept(c, now);
            end(h != null);
            return h;
        };
    }
}
