package io.tcplab.tools.ab;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * The receiving application in the right namespace: accepts one connection on a kernel socket,
 * reads and discards to EOF on its own thread and counts the bytes. The count can be read while
 * it runs (the experiment reads it at the spike), the total and the time of EOF at the end.
 */
public final class KernelReceiver implements AutoCloseable {
    /** What the receiver got: all bytes up to EOF, and when EOF came ({@code System.nanoTime}). */
    public record Received(long bytes, long eofNanos) {
    }

    private final ServerSocketChannel server;
    private final CompletableFuture<Received> done = new CompletableFuture<>();
    private volatile long bytes;
    private volatile SocketChannel accepted;

    private KernelReceiver(ServerSocketChannel server) {
        this.server = server;
    }

    /** Listens on {@code port} of the path's right side and starts accepting on a thread named {@code name}. */
    public static KernelReceiver start(RealPath path, int port, String name) {
        return start(path.listen(port), name);
    }

    /** Accepts on {@code server} (a socket made in the receiving namespace) on a thread named {@code name}. */
    public static KernelReceiver start(ServerSocketChannel server, String name) {
        KernelReceiver r = new KernelReceiver(server);
        Thread t = new Thread(r::receive, name);
        t.setDaemon(true);
        t.start();
        return r;
    }

    private void receive() {
        try (SocketChannel ch = server.accept()) {
            accepted = ch;
            ByteBuffer buf = ByteBuffer.allocateDirect(1 << 18);
            long total = 0;
            int n;
            while ((n = ch.read(buf)) >= 0) {
                total += n;
                bytes = total;
                buf.clear();
            }
            done.complete(new Received(total, System.nanoTime()));
        } catch (IOException | RuntimeException e) {
            done.completeExceptionally(e);
        }
    }

    /** Bytes read so far. */
    public long bytes() {
        return bytes;
    }

    /**
     * Waits for EOF; fails the run {@code what} after {@code timeoutNanos}, if the receiver failed,
     * or if it got other than {@code expected} bytes.
     */
    public Received await(long expected, long timeoutNanos, String what) throws InterruptedException {
        try {
            Received r = done.get(timeoutNanos, TimeUnit.NANOSECONDS);
            if (r.bytes() != expected) {
                throw new AbException(what + ": the receiver got " + r.bytes() + " of " + expected + " bytes");
            }
            return r;
        } catch (TimeoutException e) {
            throw new AbException(what + ": not done after " + timeoutNanos / 1_000_000_000L + " s");
        } catch (ExecutionException e) {
            throw new AbException(what + ": the receiver failed: " + e.getCause(), e.getCause());
        }
    }

    /** Whether the receiver stopped with an error before being closed (e.g. a reset), and which. */
    public Throwable failure() {
        return done.isCompletedExceptionally() ? done.handle((r, e) -> e).join() : null;
    }

    /** Stops accepting and reading; what it was doing then ends quietly. */
    @Override
    public void close() throws IOException {
        server.close();
        SocketChannel ch = accepted;
        if (ch != null) {
            ch.close();
        }
    }
}
