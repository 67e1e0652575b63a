package io.tcplab.tools.traffic;

import java.io.InputStream;
import java.util.Arrays;

/**
 * A kernel sender's data: zeros, {@code total} of them ({@link Long#MAX_VALUE}: without end), and
 * end-of-stream as soon as {@link #stop()} is called (the flow's stop time), so its writer sends FIN.
 */
public final class ZeroStream extends InputStream {
    private final long total;
    private long position;
    private volatile boolean stopped;

    public ZeroStream(long total) {
        this.total = total;
    }

    public void stop() {
        stopped = true;
    }

    @Override
    public int read(byte[] b, int off, int len) {
        if (stopped || position == total) {
            return -1;
        }
        int n = (int) Math.min(len, total - position);
        Arrays.fill(b, off, off + n, (byte) 0);
        position += n;
        return n;
    }

    @Override
    public int read() {
        byte[] one = new byte[1];
        return read(one, 0, 1) < 0 ? -1 : 0;
    }
}
