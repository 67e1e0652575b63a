package io.tcplab.tools.traffic;

import io.tcplab.stack.conn.Connection;
import io.tcplab.stack.conn.ConnectionError;
import io.tcplab.stack.conn.ConnectionHandler;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;

/**
 * Adapts an {@link InputStream} to a connection for simple applications: whatever the stream
 * yields is written as the send buffer makes room, and the connection is half-closed at the
 * stream's end. The stream is read on the stack's thread, so it should not block for long
 * (a file, a byte array, a generator).
 */
public final class InputStreamSource implements ConnectionHandler {
    private final InputStream in;
    private final byte[] chunk = new byte[64 * 1024];
    private int pending;
    private int pendingOffset;
    private boolean ended;
    private long written;
    private ConnectionError error;

    public InputStreamSource(InputStream in) {
        this.in = in;
    }

    @Override
    public void onEstablished(Connection c, long now) {
        pump(c, now);
    }

    @Override
    public void onWritable(Connection c, long now) {
        pump(c, now);
    }

    @Override
    public void onClosed(Connection c, ConnectionError why, long now) {
        error = why;
    }

    private void pump(Connection c, long now) {
        while (!ended) {
            if (pending == 0 && !refill()) {
                ended = true;
                c.shutdownOutput(now);
                return;
            }
            int n = c.write(now, chunk, pendingOffset, pending);
            written += n;
            pending -= n;
            pendingOffset += n;
            if (pending > 0) {
                return; // the send buffer is full; onWritable resumes
            }
        }
    }

    private boolean refill() {
        try {
            int n = in.read(chunk);
            pending = Math.max(n, 0);
            pendingOffset = 0;
            return n > 0;
        } catch (IOException e) {
            throw new UncheckedIOException("reading the source stream", e);
        }
    }

    public long written() {
        return written;
    }

    public boolean ended() {
        return ended;
    }

    public ConnectionError error() {
        return error;
    }
}
