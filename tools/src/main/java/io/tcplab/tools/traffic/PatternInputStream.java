package io.tcplab.tools.traffic;

import java.io.InputStream;
import java.util.SplittableRandom;

/**
 * The bytes of a bulk transfer: a seeded pseudo-random block repeated with a shifting phase, so a
 * multi-gigabyte stream costs one small block of memory and is still not periodic in any way a
 * TCP bug could hide behind (a segment landing at the wrong offset changes the digest).
 */
public final class PatternInputStream extends InputStream {
    private static final int BLOCK = 1 << 20;
    private static final int STRIDE = 4093; // prime: the phase of each pass differs
    private static final int PHASES = 64;
    private final byte[] block = new byte[BLOCK + STRIDE * PHASES];
    private final long total;
    private long position;

    public PatternInputStream(long seed, long totalBytes) {
        new SplittableRandom(seed).nextBytes(block);
        this.total = totalBytes;
    }

    @Override
    public int read(byte[] b, int off, int len) {
        if (position == total) {
            return -1;
        }
        int n = (int) Math.min(Math.min(len, total - position), BLOCK - position % BLOCK);
        System.arraycopy(block, offset(), b, off, n);
        position += n;
        return n;
    }

    @Override
    public int read() {
        if (position == total) {
            return -1;
        }
        int b = block[offset()] & 0xff;
        position++;
        return b;
    }

    /** Where byte {@code position} of the stream lies in the block: each pass starts at another phase. */
    private int offset() {
        return (int) (position % BLOCK) + (int) (position / BLOCK % PHASES) * STRIDE;
    }
}
