package io.tcplab.stack.buffer;

import io.netty.buffer.ByteBuf;

/**
 * A byte array used as a ring: copies in and out at a position, splitting at the end of the
 * array. Positions are physical indexes; the buffers above it map sequence numbers to them.
 *
 * <p>The array starts small and doubles on demand up to a limit ({@link #ensure}), so an idle
 * connection holds a few KiB instead of its configured buffer size. Growing allocates, but only
 * when the high-water mark of held bytes rises: a connection in steady state allocates nothing.
 *
 * <p>A {@linkplain #virtual virtual} ring holds no bytes at all: positions run over the whole
 * limit as if the ring were allocated, but copies in and out do nothing. That is the buffers'
 * payload-free mode (ns-3's virtual payload), where segments carry lengths and no bytes; the
 * buffers above keep the very same bookkeeping either way.
 */
final class ByteRing {
    /** The first array's size when the limit is larger: a few segments, enough for small exchanges. */
    static final int INITIAL_CAPACITY = 4096;
    private static final byte[] NO_BYTES = new byte[0];

    private final int limit;
    private final boolean virtual;
    private byte[] bytes;
    /** Positions run modulo this: the array's length, or the limit for a virtual ring. */
    private int span;

    /** A ring of exactly {@code capacity} bytes that never grows. */
    ByteRing(int capacity) {
        this(capacity, capacity);
    }

    /** A ring that starts at {@code min(initial, limit)} bytes and may grow to {@code limit}. */
    ByteRing(int initial, int limit) {
        this(initial, limit, false);
    }

    private ByteRing(int initial, int limit, boolean virtual) {
        if (initial <= 0 || limit <= 0) {
            throw new IllegalArgumentException("capacity must be positive: " + initial + ", limit " + limit);
        }
        this.limit = limit;
        this.virtual = virtual;
        bytes = virtual ? NO_BYTES : new byte[Math.min(initial, limit)];
        span = virtual ? limit : bytes.length;
    }

    /** A ring of {@code limit} bytes that stores none: copies in and out of it do nothing. */
    static ByteRing virtual(int limit) {
        return new ByteRing(limit, limit, true);
    }

    /** An empty ring of the same kind with another limit, {@code initial} bytes allocated (if real). */
    ByteRing resized(int initial, int limit) {
        return new ByteRing(initial, limit, virtual);
    }

    /** The most bytes the ring may ever hold. */
    int limit() {
        return limit;
    }

    /**
     * Makes room for {@code needed} bytes from position {@code from} (needed &lt;= limit), doubling
     * the array as often as that takes. The bytes of the old ring are laid out again starting at
     * position 0 in the order they follow {@code from}; the caller's position {@code from} is then
     * 0 and every other position p becomes {@code (p - from) mod oldCapacity}. Returns whether
     * the array changed (the caller must then re-base its positions).
     */
    boolean ensure(int from, long needed) {
        if (needed <= span) {
            return false;
        }
        if (needed > limit) {
            throw new IllegalArgumentException("needs " + needed + " bytes, limit " + limit);
        }
        long size = bytes.length;
        while (size < needed) {
            size *= 2;
        }
        byte[] grown = new byte[(int) Math.min(size, limit)];
        get(from, grown, 0, bytes.length);
        bytes = grown;
        span = grown.length;
        return true;
    }

    /** Bytes allocated: 0 for a virtual ring. */
    int capacity() {
        return bytes.length;
    }

    byte[] array() {
        return bytes;
    }

    /** The physical position {@code distance} bytes after {@code pos} (distance &lt;= capacity). */
    int advance(int pos, long distance) {
        long p = pos + distance;
        return (int) (p >= span ? p - span : p);
    }

    /** Bytes from {@code pos} to the end of the array: the first piece of a wrapping range. */
    int toEnd(int pos) {
        return span - pos;
    }

    /** Copies src[srcIndex, srcIndex+len) to the ring at pos; src's indexes are not moved. */
    void put(int pos, ByteBuf src, int srcIndex, int len) {
        if (virtual) {
            return;
        }
        int first = Math.min(len, toEnd(pos));
        src.getBytes(srcIndex, bytes, pos, first);
        src.getBytes(srcIndex + first, bytes, 0, len - first);
    }

    void put(int pos, byte[] src, int off, int len) {
        if (virtual) {
            return;
        }
        int first = Math.min(len, toEnd(pos));
        System.arraycopy(src, off, bytes, pos, first);
        System.arraycopy(src, off + first, bytes, 0, len - first);
    }

    /** Appends len bytes from the ring at pos to dst at its writerIndex (a virtual ring only moves the index). */
    void get(int pos, ByteBuf dst, int len) {
        if (virtual) {
            dst.writerIndex(dst.writerIndex() + len);
            return;
        }
        int first = Math.min(len, toEnd(pos));
        dst.writeBytes(bytes, pos, first);
        dst.writeBytes(bytes, 0, len - first);
    }

    void get(int pos, byte[] dst, int off, int len) {
        if (virtual) {
            return;
        }
        int first = Math.min(len, toEnd(pos));
        System.arraycopy(bytes, pos, dst, off, first);
        System.arraycopy(bytes, 0, dst, off + first, len - first);
    }
}
