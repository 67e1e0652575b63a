package io.tcplab.tools.traffic;

/** Bytes delivered to the application of one flow, summed over all its connections. */
public final class ByteCounter {
    private long bytes;

    void add(long n) {
        bytes += n;
    }

    public long bytes() {
        return bytes;
    }
}
