package io.tcplab.tools.traffic;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;

/** Passes a stream through, copying every byte read to a second stream (e.g. a {@link DigestPipe}). */
public final class TeeInputStream extends FilterInputStream {
    private final OutputStream copy;

    public TeeInputStream(InputStream in, OutputStream copy) {
        super(in);
        this.copy = copy;
    }

    @Override
    public int read() throws IOException {
        int b = in.read();
        if (b >= 0) {
            copy.write(b);
        }
        return b;
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
        int n = in.read(b, off, len);
        if (n > 0) {
            copy.write(b, off, n);
        }
        return n;
    }
}
