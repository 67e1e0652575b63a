package io.tcplab.tools.traffic;

import io.tcplab.stack.conn.Connection;
import io.tcplab.stack.conn.ConnectionError;
import io.tcplab.stack.conn.ConnectionHandler;

/**
 * The sending application of an experiment: offers {@code total} bytes (or, with
 * {@link Long#MAX_VALUE}, without end) as fast as the send buffer takes them, then half-closes.
 * The bytes are zeros from one shared read-only array: the only work per byte is the send
 * buffer's own bulk copy, and nothing is generated or hashed. Can be paused (on/off traffic)
 * and stopped (closes after what the buffer already holds).
 */
public final class ZeroSource implements ConnectionHandler {
    private static final byte[] ZEROS = new byte[64 * 1024];
    private final long total;
    private long written;
    private boolean paused;
    private boolean ended;
    private Connection connection;
    private ConnectionError error;

    public ZeroSource(long totalBytes) {
        this.total = totalBytes;
    }

    public static ZeroSource unlimited() {
        return new ZeroSource(Long.MAX_VALUE);
    }

    @Override
    public void onEstablished(Connection c, long now) {
        connection = c;
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

    /**
     * Stops offering bytes. Those already in the send buffer still go, so a pause is only as
     * sharp as the buffer is small (the scenario runner sizes it near the path's BDP).
     */
    public void pause() {
        paused = true;
    }

    /** Offers bytes again. */
    public void resume(long now) {
        paused = false;
        if (connection != null) {
            pump(connection, now);
        }
    }

    /** Offers nothing more and closes once the send buffer has drained. */
    public void stop(long now) {
        if (connection != null && !ended) {
            ended = true;
            connection.shutdownOutput(now);
        }
        paused = true;
    }

    private void pump(Connection c, long now) {
        while (!paused && !ended) {
            if (written == total) {
                ended = true;
                c.shutdownOutput(now);
                return;
            }
            int n = c.write(now, ZEROS, 0, (int) Math.min(ZEROS.length, total - written));
            written += n;
            if (n == 0) {
                return; // the send buffer is full; onWritable resumes
            }
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
