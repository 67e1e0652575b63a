package io.tcplab.tools.replay;

import com.github.luben.zstd.ZstdDecompressCtx;
import java.io.DataInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;

/** Reads what {@link ChunkedOutput} wrote: one zstd frame after another, as one byte stream. */
final class ChunkedInput extends InputStream {
    private final DataInputStream file;
    private final ZstdDecompressCtx zstd = new ZstdDecompressCtx();
    private byte[] frame = new byte[0];
    private final byte[] chunk = new byte[ChunkedOutput.CHUNK_BYTES];
    private int position;
    private int length;

    ChunkedInput(InputStream file) {
        this.file = new DataInputStream(file);
    }

    @Override
    public int read() throws IOException {
        return fill() ? chunk[position++] & 0xff : -1;
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
        if (len == 0) {
            return 0;
        }
        if (!fill()) {
            return -1;
        }
        int n = Math.min(len, length - position);
        System.arraycopy(chunk, position, b, off, n);
        position += n;
        return n;
    }

    /** True when there is a byte to read, reading the next frame if need be; false at the file's end. */
    private boolean fill() throws IOException {
        while (position == length) {
            int raw;
            try {
                raw = file.readInt();
            } catch (EOFException e) {
                return false;
            }
            int compressed = file.readInt();
            if (raw < 0 || raw > chunk.length || compressed < 0 || compressed > 2 * chunk.length) {
                throw new IOException("a damaged chunk (" + raw + " bytes in " + compressed + ")");
            }
            if (frame.length < compressed) {
                frame = new byte[compressed];
            }
            file.readFully(frame, 0, compressed);
            int n;
            try {
                n = zstd.decompressByteArray(chunk, 0, raw, frame, 0, compressed);
            } catch (RuntimeException e) {
                throw new IOException("a damaged chunk: " + e.getMessage(), e);
            }
            if (n != raw) {
                throw new IOException("a damaged chunk (" + n + " bytes where " + raw + " were written)");
            }
            position = 0;
            length = raw;
        }
        return true;
    }

    @Override
    public void close() throws IOException {
        zstd.close();
        file.close();
    }
}
