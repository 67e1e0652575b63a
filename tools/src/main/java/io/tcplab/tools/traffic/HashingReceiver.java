package io.tcplab.tools.traffic;

import io.tcplab.stack.conn.Connection;
import io.tcplab.stack.conn.ConnectionError;
import io.tcplab.stack.conn.ConnectionHandler;
import java.security.MessageDigest;

/** Reads a connection to its end, hashing every byte; closes when the peer's FIN arrives. */
public final class HashingReceiver implements ConnectionHandler {
    private final byte[] chunk = new byte[64 * 1024];
    private final MessageDigest digest = Sha256.newDigest();
    private long received;
    private long firstByteNanos = -1;
    private long eofNanos = -1;
    private String sha256;
    private ConnectionError error;

    @Override
    public void onReadable(Connection c, long now) {
        for (;;) {
            int n = c.read(now, chunk, 0, chunk.length);
            if (n > 0) {
                if (firstByteNanos < 0) {
                    firstByteNanos = now;
                }
                digest.update(chunk, 0, n);
                received += n;
            } else {
                if (n < 0 && sha256 == null) {
                    sha256 = Sha256.hex(digest.digest());
                    eofNanos = now;
                    c.close(now);
                }
                return;
            }
        }
    }

    @Override
    public void onClosed(Connection c, ConnectionError why, long now) {
        error = why;
    }

    public long received() {
        return received;
    }

    /** Hex SHA-256 of the whole stream once the FIN arrived; else null. */
    public String sha256() {
        return sha256;
    }

    public boolean atEof() {
        return sha256 != null;
    }

    public long eofNanos() {
        return eofNanos;
    }

    public ConnectionError error() {
        return error;
    }
}
