package io.tcplab.tools.realhost;

import io.tcplab.tools.traffic.DigestPipe;
import io.tcplab.tools.traffic.Sha256;
import java.security.MessageDigest;
import java.util.Arrays;

/**
 * The SHA-256 of one direction of a session, as cheap as the session is small: the first bytes
 * are only kept (in an array that grows with them), and a {@link DigestPipe} — 4 MiB of chunks and
 * a thread of its own, worth it for a bulk transfer — starts only once they pass
 * {@link #PIPE_AFTER}. A server holding ten thousand small connections thus holds their bytes, not
 * ten thousand pipes. The digest is the same either way.
 */
final class SessionDigest {
    static final int PIPE_AFTER = 256 * 1024;

    private final String name;
    private byte[] kept = new byte[0];
    private int used;
    private DigestPipe pipe;
    private String hex;

    SessionDigest(String name) {
        this.name = name;
    }

    void write(byte[] b, int off, int len) {
        if (pipe != null) {
            pipe.write(b, off, len);
            return;
        }
        if (used + len > PIPE_AFTER) {
            pipe = new DigestPipe(name);
            pipe.write(kept, 0, used);
            pipe.write(b, off, len);
            kept = null;
            return;
        }
        if (used + len > kept.length) {
            kept = Arrays.copyOf(kept, Math.min(PIPE_AFTER, Math.max(used + len, 2 * kept.length)));
        }
        System.arraycopy(b, off, kept, used, len);
        used += len;
    }

    /** The hex SHA-256 of everything written; later calls repeat it. */
    String finish() {
        if (hex == null) {
            if (pipe != null) {
                hex = pipe.finish();
            } else {
                MessageDigest d = Sha256.newDigest();
                d.update(kept, 0, used);
                hex = Sha256.hex(d.digest());
            }
        }
        return hex;
    }
}
