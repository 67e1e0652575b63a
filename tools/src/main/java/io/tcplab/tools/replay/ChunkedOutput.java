package io.tcplab.tools.replay;

import com.github.luben.zstd.Zstd;
import com.github.luben.zstd.ZstdCompressCtx;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;

/**
 * A recording's byte stream, compressed off the recording thread: the recorder fills a chunk in
 * memory, a full chunk goes to a compressor thread that writes it as one zstd frame, and the
 * recorder goes on in a free chunk. Nothing is dropped: when every chunk waits for the
 * compressor, the recorder waits too, and {@link #heldNanos} says for how long — a run slowed by
 * its recording is told so, not silently changed. The caller's side allocates nothing.
 */
final class ChunkedOutput extends OutputStream {
    static final int CHUNK_BYTES = 1 << 20;
    /** Chunks in flight: enough that a compressor keeping up on average never holds the recorder. */
    private static final int CHUNKS = 8;
    /** zstd's fastest level: 1.5-1.9 GB/s here, and its window still finds an application's repeated buffers. */
    private static final int LEVEL = 1;

    private static final class Chunk {
        final byte[] bytes = new byte[CHUNK_BYTES];
        int length;
    }

    private static final Chunk END = new Chunk();

    private final DataOutputStream file;
    private final BlockingQueue<Chunk> full = new ArrayBlockingQueue<>(CHUNKS + 1);
    private final BlockingQueue<Chunk> free = new ArrayBlockingQueue<>(CHUNKS);
    private final Thread compressor;
    private volatile IOException failure;
    private Chunk current;
    private long heldNanos;
    private long rawBytes;
    private volatile long fileBytes;

    /** Frames go to {@code file} after whatever it already holds; closing this closes it. */
    ChunkedOutput(OutputStream file, String threadName) {
        this.file = new DataOutputStream(file);
        for (int i = 0; i < CHUNKS; i++) {
            free.add(new Chunk());
        }
        current = free.remove();
        compressor = new Thread(this::compressAll, threadName);
        compressor.setDaemon(true);
        compressor.start();
    }

    @Override
    public void write(int b) throws IOException {
        if (current.length == CHUNK_BYTES) {
            handOff();
        }
        current.bytes[current.length++] = (byte) b;
    }

    @Override
    public void write(byte[] b, int off, int len) throws IOException {
        while (len > 0) {
            if (current.length == CHUNK_BYTES) {
                handOff();
            }
            int n = Math.min(len, CHUNK_BYTES - current.length);
            System.arraycopy(b, off, current.bytes, current.length, n);
            current.length += n;
            off += n;
            len -= n;
        }
    }

    private void handOff() throws IOException {
        checkFailure();
        rawBytes += current.length;
        full.add(current);
        Chunk next = free.poll();
        if (next == null) {
            long from = System.nanoTime();
            next = take(free);
            heldNanos += System.nanoTime() - from;
        }
        next.length = 0;
        current = next;
    }

    /** How long the recording thread waited for the compressor, in total. */
    long heldNanos() {
        return heldNanos;
    }

    /** Bytes written into the stream so far, before compression. */
    long rawBytes() {
        return rawBytes + (current == null ? 0 : current.length);
    }

    /** Bytes of frames written to the file so far (what the compressor has finished). */
    long fileBytes() {
        return fileBytes;
    }

    /** The last chunk out, then waits for the compressor and closes the file; a failure of either is thrown. */
    @Override
    public void close() throws IOException {
        if (current == null) {
            return;
        }
        if (current.length > 0) {
            handOff();
        }
        current = null;
        full.add(END);
        try {
            compressor.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while the recording was being written", e);
        }
        file.close();
        checkFailure();
    }

    private void checkFailure() throws IOException {
        IOException f = failure;
        if (f != null) {
            throw new IOException(f.getMessage(), f);
        }
    }

    private void compressAll() {
        try (ZstdCompressCtx zstd = new ZstdCompressCtx()) {
            zstd.setLevel(LEVEL);
            byte[] frame = new byte[(int) Zstd.compressBound(CHUNK_BYTES)];
            for (Chunk c = take(full); c != END; c = take(full)) {
                if (failure == null) {
                    try {
                        int n = zstd.compressByteArray(frame, 0, frame.length, c.bytes, 0, c.length);
                        file.writeInt(c.length);
                        file.writeInt(n);
                        file.write(frame, 0, n);
                        fileBytes += 8 + n;
                    } catch (IOException | RuntimeException e) {
                        failure = e instanceof IOException io ? io : new IOException(e.getMessage(), e);
                    }
                }
                free.add(c); // also after a failure, so the recorder is never left waiting
            }
        }
    }

    private static Chunk take(BlockingQueue<Chunk> queue) {
        while (true) {
            try {
                return queue.take();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt(); // noted; a recording is finished, not abandoned
            }
        }
    }
}
