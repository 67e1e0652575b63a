package io.tcplab.tools.traffic;

import io.tcplab.stack.conn.Connection;
import io.tcplab.stack.conn.ConnectionError;
import io.tcplab.stack.conn.ConnectionHandler;
import java.security.MessageDigest;

/**
 * Writes a {@link PatternSource} into a connection as fast as the send buffer takes it, hashing
 * what it hands over, then half-closes.
 */
public final class BulkSender implements ConnectionHandler {
    private final PatternSource source;
    private final MessageDigest digest = Sha256.newDigest();
    private long written;
    private String sha256;
    private ConnectionError error;
    private boolean closed;

    public BulkSender(PatternSource source) {
        this.source = source;
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
        closed = true;
    }

    private void pump(Connection c, long now) {
        while (source.remaining() > 0) {
            int n = c.write(now, source.array(), source.offset(), source.chunk());
            if (n <= 0) {
                return;
            }
            digest.update(source.array(), source.offset(), n);
            source.advance(n);
            written += n;
        }
        if (sha256 == null) {
            sha256 = Sha256.hex(digest.digest());
            c.shutdownOutput(now);
        }
    }

    public long written() {
        return written;
    }

    /** Hex SHA-256 of everything written, once all of it was handed over; else null. */
    public String sha256() {
        return sha256;
    }

    public ConnectionError error() {
        return error;
    }

    public boolean closed() {
        return closed;
    }
}
