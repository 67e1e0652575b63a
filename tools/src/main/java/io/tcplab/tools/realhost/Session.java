package io.tcplab.tools.realhost;

import io.tcplab.stack.conn.Connection;
import io.tcplab.stack.conn.ConnectionError;
import io.tcplab.stack.conn.ConnectionHandler;
import io.tcplab.stack.conn.ConnectionInfo;
import io.tcplab.stack.conn.TcpState;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;

/**
 * One connection of a real endpoint, on the driver thread: it sends what its source yields (until
 * the source ends or a deadline passes), or echoes what it reads, and reads and hashes everything
 * the peer sends; after its own output is done it half-closes, and the connection is finished once
 * both FINs are through (TIME-WAIT or an orderly CLOSED) or it failed. The SHA-256 of each
 * direction is computed on threads of their own ({@link SessionDigest}), over exactly the bytes the
 * connection took and delivered.
 */
public final class Session implements ConnectionHandler {
    private static final int CHUNK = 64 * 1024;

    private final String role;
    private final String mode;
    private final InputStream source; // null: nothing of our own to send
    private final boolean echo;
    private final long sendForNanos; // > 0: stop sending this long after the handshake
    private final SessionDigest sentDigest;
    private final SessionDigest receivedDigest;
    /** Starts small and grows to CHUNK when a read fills it, so an idle or chatty session holds 4 KiB. */
    private byte[] chunk = new byte[4096];
    private int pending;
    private int pendingOffset;

    private Connection connection;
    private long startNanos = -1;
    private long sendDeadline = Long.MAX_VALUE;
    private boolean outputDone;
    private boolean eof;
    private long sent;
    private long received;
    private ConnectionError error;
    private boolean interrupted;
    private Finished finished;
    private StackCounters stackCounters;

    /** What the connection looked like when it finished (taken on the driver thread). */
    private record Finished(long endNanos, ConnectionInfo info, String local, String remote) {
    }

    private Session(String role, String mode, InputStream source, boolean echo, long sendForNanos, int id) {
        this.role = role;
        this.mode = mode;
        this.source = source;
        this.echo = echo;
        this.sendForNanos = sendForNanos;
        this.sentDigest = new SessionDigest(role + "-" + id + "-sent");
        this.receivedDigest = new SessionDigest(role + "-" + id + "-received");
    }

    /** Reads and hashes what arrives; sends nothing; half-closes at the peer's FIN. */
    static Session sink(String role, int id) {
        return new Session(role, "sink", null, false, 0, id);
    }

    /** Writes back what arrives; half-closes once the peer's FIN is read and everything is echoed. */
    static Session echo(String role, int id) {
        return new Session(role, "echo", null, true, 0, id);
    }

    /** Sends {@code source} (for at most {@code sendForNanos} when that is above 0) and reads what arrives. */
    public static Session source(String role, int id, InputStream source, long sendForNanos) {
        return new Session(role, "source", source, false, sendForNanos, id);
    }

    // ================================================================ connection events (driver thread)

    @Override
    public void onEstablished(Connection c, long now) {
        if (startNanos < 0) {
            connection = c;
            startNanos = now;
            if (sendForNanos > 0) {
                sendDeadline = now + sendForNanos;
            }
        }
        pump(c, now);
        checkFinished(c, now);
    }

    @Override
    public void onReadable(Connection c, long now) {
        if (echo) {
            pump(c, now);
        } else {
            drain(c, now);
        }
        checkFinished(c, now);
    }

    @Override
    public void onWritable(Connection c, long now) {
        pump(c, now);
        checkFinished(c, now);
    }

    @Override
    public void onClosed(Connection c, ConnectionError why, long now) {
        error = why;
        finish(c, now);
    }

    /** Called now and then from the driver thread: the send deadline, and TIME-WAIT (no callback marks it). */
    void tick(long now) {
        Connection c = connection;
        if (c == null || finished != null) {
            return;
        }
        if (!outputDone && now - sendDeadline >= 0) {
            pump(c, now);
        }
        checkFinished(c, now);
    }

    /** Marks a session that our own stop (--time, a signal) cut short. */
    void interrupt() {
        if (finished == null) {
            interrupted = true;
        }
    }

    boolean isFinished() {
        return finished != null;
    }

    /** Writes what is pending, then refills from the source or (echo) from the connection. */
    private void pump(Connection c, long now) {
        while (!outputDone) {
            if (pending > 0) {
                if (!echo && now - sendDeadline >= 0) {
                    pending = 0; // --time is up: what was not taken is not sent (nor hashed)
                    continue;
                }
                int n = c.write(now, chunk, pendingOffset, pending);
                if (n > 0) {
                    sentDigest.write(chunk, pendingOffset, n);
                    sent += n;
                    pending -= n;
                    pendingOffset += n;
                }
                if (pending > 0) {
                    return; // the send buffer is full: onWritable resumes
                }
            }
            int n = echo ? readInto(c, now) : refill(now);
            if (n < 0) {
                outputDone = true;
                c.shutdownOutput(now);
            } else if (n == 0) {
                return;
            } else {
                pending = n;
                pendingOffset = 0;
            }
        }
    }

    /** The next source bytes: the count, or -1 when the source is done or the deadline passed. */
    private int refill(long now) {
        if (source == null || now - sendDeadline >= 0) {
            return source == null ? 0 : -1;
        }
        try {
            int n = source.read(grownChunk(), 0, CHUNK);
            return n <= 0 ? -1 : n;
        } catch (IOException e) {
            throw new UncheckedIOException("reading the source", e);
        }
    }

    /** Echo: reads (and hashes) one chunk; -1 at the peer's FIN. */
    private int readInto(Connection c, long now) {
        int n = c.read(now, chunkFor(c), 0, chunk.length);
        if (n > 0) {
            receivedDigest.write(chunk, 0, n);
            received += n;
        } else if (n < 0) {
            eof = true;
        }
        return n;
    }

    /** The chunk, grown to CHUNK once more than it holds is ready to read (pending bytes sit at its start). */
    private byte[] chunkFor(Connection c) {
        return c.readableBytes() > chunk.length ? grownChunk() : chunk;
    }

    private byte[] grownChunk() {
        if (chunk.length < CHUNK) {
            chunk = java.util.Arrays.copyOf(chunk, CHUNK);
        }
        return chunk;
    }

    /** Reads and hashes everything ready; a sink half-closes at the peer's FIN. */
    private void drain(Connection c, long now) {
        int n;
        while ((n = c.read(now, chunkFor(c), 0, chunk.length)) > 0) {
            receivedDigest.write(chunk, 0, n);
            received += n;
        }
        if (n < 0 && !eof) {
            eof = true;
            if (source == null && !echo && !outputDone) {
                outputDone = true;
                c.shutdownOutput(now);
            }
        }
    }

    private void checkFinished(Connection c, long now) {
        if (finished == null && (c.state() == TcpState.TIME_WAIT || c.state() == TcpState.CLOSED)) {
            finish(c, now);
        }
    }

    private void finish(Connection c, long now) {
        if (finished != null) {
            return;
        }
        if (connection == null) { // it never got established
            connection = c;
        }
        finished = new Finished(now, c.info(), SessionReport.address(c.localAddress(), c.localPort()),
                SessionReport.address(c.remoteAddress(), c.remotePort()));
    }

    // ================================================================ the report (any thread, once finished)

    /**
     * The report of a finished session, or of one cut short (then call it only after the driver
     * stopped). Waits for the hashing threads.
     */
    public SessionReport report() {
        Finished f = finished;
        if (f == null) {
            throw new IllegalStateException("the session has not finished");
        }
        ConnectionInfo info = f.info();
        long start = startNanos >= 0 ? startNanos : f.endNanos();
        double seconds = (f.endNanos() - start) / 1e9;
        boolean complete = error == null && !interrupted && eof && outputDone
                && (info.state() == TcpState.TIME_WAIT || info.state() == TcpState.CLOSED);
        return SessionReport.of(role, mode, f.local(), f.remote(), complete, interrupted, error, sent, received,
                sentDigest.finish(), receivedDigest.finish(), seconds, info,
                connection == null ? null : connection.options().recovery, stackCounters);
    }

    /** For a session cut short: take its final state now (the driver has stopped, so nothing moves). */
    public void finishAfterStop(long now) {
        if (finished == null && connection != null) {
            finish(connection, now);
        }
    }

    /** The stack's counters to show in this session's report (serve sets them when it finishes). */
    void stackCounters(StackCounters counters) {
        stackCounters = counters;
    }
}
