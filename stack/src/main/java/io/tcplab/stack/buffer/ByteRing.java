package io.tcplab.stack.buffer;

import io.netty.buffer.ByteBuf;

/**
 * A fixed byte array used as a ring: copies in and out at a position, splitting at the end of
 * the array. Positions are physical indexes; the buffers above it map sequence numbers to them.
 */
final class ByteRing {
    private final byte[] bytes;

    ByteRing(int capacity) {
        if (capacity <= 0) {
            throw new IllegalArgumentException("capacity must be positive: " + capacity);
        }
        bytes = new byte[capacity];
    }

    int capacity() {
        return bytes.length;
    }

    byte[] array() {
        return bytes;
    }

    /** The physical position {@code distance} bytes after {@code pos} (distance &lt;= capacity). */
    int advance(int pos, long distance) {
        long p = pos + distance;
        return (int) (p >= bytes.length ? p - bytes.length : p);
    }

    /** Bytes from {@code pos} to the end of the array: the first piece of a wrapping range. */
    int toEnd(int pos) {
        return bytes.length - pos;
    }

    /** Copies src[srcIndex, srcIndex+len) to the ring at pos; src's indexes are not moved. */
    void put(int pos, ByteBuf src, int srcIndex, int len) {
        int first = Math.min(len, toEnd(pos));
        src.getBytes(srcIndex, bytes, pos, first);
        src.getBytes(srcIndex + first, bytes, 0, len - first);
    }

    void put(int pos, byte[] src, int off, int len) {
        int first = Math.min(len, toEnd(pos));
        System.arraycopy(src, off, bytes, pos, first);
        System.arraycopy(src, off + first, bytes, 0, len - first);
    }

    /** Appends len bytes from the ring at pos to dst at its writerIndex. */
    void get(int pos, ByteBuf dst, int len) {
        int first = Math.min(len, toEnd(pos));
        dst.writeBytes(bytes, pos, first);
        dst.writeBytes(bytes, 0, len - first);
    }

    void get(int pos, byte[] dst, int off, int len) {
        int first = Math.min(len, toEnd(pos));
        System.arraycopy(bytes, pos, dst, off, first);
        System.arraycopy(bytes, 0, dst, off + first, len - first);
    }
}
