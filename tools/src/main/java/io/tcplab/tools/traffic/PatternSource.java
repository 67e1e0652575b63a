package io.tcplab.tools.traffic;

import java.util.SplittableRandom;

/**
 * The bytes of a bulk transfer: a seeded pseudo-random block repeated with a shifting phase, so a
 * multi-gigabyte stream costs one small block of memory and is still not periodic in any way a
 * TCP bug could hide behind (a segment landing at the wrong offset changes the digest).
 */
public final class PatternSource {
    private static final int BLOCK = 1 << 20;
    private static final int STRIDE = 4093; // prime: the phase of each pass differs
    private final byte[] block = new byte[BLOCK + STRIDE * 64];
    private final long total;
    private long position;

    public PatternSource(long seed, long totalBytes) {
        new SplittableRandom(seed).nextBytes(block);
        this.total = totalBytes;
    }

    public long remaining() {
        return total - position;
    }

    /** The array holding the next bytes; read from {@link #offset()} up to {@link #chunk()} bytes. */
    public byte[] array() {
        return block;
    }

    public int offset() {
        long pass = position / BLOCK;
        return (int) (position % BLOCK) + (int) (pass % 64) * STRIDE;
    }

    /** How many bytes may be taken from {@link #offset()} in one piece. */
    public int chunk() {
        return (int) Math.min(remaining(), BLOCK - position % BLOCK);
    }

    public void advance(int n) {
        position += n;
    }
}
