package io.tcplab.tools.traffic;

import java.io.OutputStream;
import java.security.MessageDigest;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;

/**
 * SHA-256 of a stream, computed on a thread of its own: the bytes written are copied into
 * recycled chunks that a worker hashes, so a virtual-time run does not spend half its wall time
 * hashing (Java's SHA-256 runs at about 1 GB/s). The digest is the same as hashing inline; only
 * where the work happens changes, so the emulation stays deterministic.
 */
public final class DigestPipe extends OutputStream {
    private static final int CHUNK = 256 * 1024;
    private static final int CHUNKS = 16;
    private static final byte[] END = new byte[0];

    private final BlockingQueue<byte[]> full = new ArrayBlockingQueue<>(CHUNKS + 1);
    private final BlockingQueue<byte[]> empty = new ArrayBlockingQueue<>(CHUNKS);
    private final MessageDigest digest = Sha256.newDigest();
    private final Thread worker;
    private byte[] current;
    private int used;
    private String hex;
    private volatile Throwable failure;

    public DigestPipe(String name) {
        for (int i = 0; i < CHUNKS; i++) {
            empty.add(new byte[CHUNK]);
        }
        current = takeEmpty();
        worker = new Thread(this::hashChunks, "sha256-" + name);
        worker.setDaemon(true);
        worker.start();
    }

    @Override
    public void write(int b) {
        current[used++] = (byte) b;
        if (used == CHUNK) {
            handOver(current);
            current = takeEmpty();
            used = 0;
        }
    }

    @Override
    public void write(byte[] b, int off, int len) {
        while (len > 0) {
            int n = Math.min(len, CHUNK - used);
            System.arraycopy(b, off, current, used, n);
            used += n;
            off += n;
            len -= n;
            if (used == CHUNK) {
                handOver(current);
                current = takeEmpty();
                used = 0;
            }
        }
    }

    /** Waits for the worker and returns the hex SHA-256 of everything written; later calls repeat it. */
    public String finish() {
        if (hex == null) {
            byte[] last = java.util.Arrays.copyOf(current, used);
            handOver(last);
            handOver(END);
            try {
                worker.join();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while hashing", e);
            }
            if (failure != null) {
                throw new IllegalStateException("hashing failed", failure);
            }
            hex = Sha256.hex(digest.digest());
        }
        return hex;
    }

    private void hashChunks() {
        try {
            for (;;) {
                byte[] chunk = full.take();
                if (chunk == END) {
                    return;
                }
                digest.update(chunk, 0, chunk.length == CHUNK ? CHUNK : chunk.length);
                if (chunk.length == CHUNK) {
                    empty.put(chunk);
                }
            }
        } catch (InterruptedException | RuntimeException e) {
            failure = e;
        }
    }

    private void handOver(byte[] chunk) {
        try {
            full.put(chunk);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while hashing", e);
        }
    }

    private byte[] takeEmpty() {
        try {
            return empty.take();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while hashing", e);
        }
    }
}
