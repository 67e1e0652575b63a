package io.tcplab.tools.traffic;

import java.io.InputStream;

/**
 * A stream of {@code length} bytes whose values are never produced: a read reports how many bytes
 * it delivered but leaves the caller's array as it was. The source of a payload-free transfer,
 * whose stacks carry lengths and no bytes, so generating values would be wasted work.
 */
public final class LengthOnlyInputStream extends InputStream {
    private long remaining;

    public LengthOnlyInputStream(long length) {
        this.remaining = length;
    }

    @Override
    public int read() {
        if (remaining == 0) {
            return -1;
        }
        remaining--;
        return 0;
    }

    @Override
    public int read(byte[] b, int off, int len) {
        java.util.Objects.checkFromIndexSize(off, len, b.length);
        if (len == 0) {
            return 0;
        }
        if (remaining == 0) {
            return -1;
        }
        int n = (int) Math.min(len, remaining);
        remaining -= n;
        return n;
    }

    @Override
    public int available() {
        return (int) Math.min(remaining, Integer.MAX_VALUE);
    }
}
