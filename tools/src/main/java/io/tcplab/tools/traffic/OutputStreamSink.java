package io.tcplab.tools.traffic;

import io.tcplab.stack.conn.Connection;
import io.tcplab.stack.conn.ConnectionError;
import io.tcplab.stack.conn.ConnectionHandler;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;

/**
 * Adapts an {@link OutputStream} to a connection for simple applications: every byte received is
 * written to the stream; at the peer's FIN the stream is flushed and the connection closed.
 */
public final class OutputStreamSink implements ConnectionHandler {
    private final OutputStream out;
    private final byte[] chunk = new byte[64 * 1024];
    private long received;
    private boolean ended;
    private long endedAtNanos = -1;
    private ConnectionError error;

    public OutputStreamSink(OutputStream out) {
        this.out = out;
    }

    @Override
    public void onReadable(Connection c, long now) {
        try {
            int n;
            while ((n = c.read(now, chunk, 0, chunk.length)) > 0) {
                out.write(chunk, 0, n);
                received += n;
            }
            if (n < 0 && !ended) {
                ended = true;
                endedAtNanos = now;
                out.flush();
                c.close(now);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("writing the sink stream", e);
        }
    }

    @Override
    public void onClosed(Connection c, ConnectionError why, long now) {
        error = why;
    }

    public long received() {
        return received;
    }

    /** The peer's FIN arrived and everything before it went to the stream. */
    public boolean ended() {
        return ended;
    }

    /** When the peer's FIN was read, or -1. */
    public long endedAtNanos() {
        return endedAtNanos;
    }

    public ConnectionError error() {
        return error;
    }
}
