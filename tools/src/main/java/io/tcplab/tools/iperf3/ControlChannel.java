package io.tcplab.tools.iperf3;

import io.tcplab.stack.conn.Connection;
import java.util.ArrayDeque;
import java.util.Arrays;

/**
 * Bytes in and out of one connection for a message protocol: what was read waits in an inbound
 * buffer until a whole message is there; what the send buffer refused waits here until
 * {@code onWritable}. Driver thread only.
 */
final class ControlChannel {
    private final Connection conn;
    private byte[] in = new byte[256];
    private int inStart;
    private int inEnd;
    private boolean eof;
    private final ArrayDeque<byte[]> out = new ArrayDeque<>();
    private int outOffset;

    ControlChannel(Connection conn) {
        this.conn = conn;
    }

    Connection connection() {
        return conn;
    }

    /** Reads what the connection has, at most {@code limit} bytes more than already buffered. */
    void fill(long now, int limit) {
        while (!eof && available() < limit) {
            int want = limit - available();
            if (in.length - inEnd < want) {
                compactFor(want);
            }
            int n = conn.read(now, in, inEnd, Math.min(want, in.length - inEnd));
            if (n < 0) {
                eof = true;
            } else if (n == 0) {
                return;
            } else {
                inEnd += n;
            }
        }
    }

    /** Reads everything the connection has. */
    void fill(long now) {
        fill(now, Integer.MAX_VALUE);
    }

    private void compactFor(int want) {
        int avail = available();
        int need = avail + Math.min(want, 1 << 16);
        byte[] target = need > in.length ? new byte[Math.max(need, in.length * 2)] : in;
        System.arraycopy(in, inStart, target, 0, avail);
        in = target;
        inStart = 0;
        inEnd = avail;
    }

    /** Handles one whole message if it is here; false when more bytes are needed or the test is over. */
    interface Step {
        boolean step(long now);
    }

    /**
     * Reads what arrived and hands it to {@code step} until it wants more. A protocol error it
     * throws comes back as its message (null when all went well).
     */
    String readMessages(long now, Step step) {
        fill(now);
        try {
            while (step.step(now)) {
                // next message
            }
            return null;
        } catch (RuntimeException e) {
            return e.getMessage() == null ? e.toString() : e.getMessage();
        }
    }

    int available() {
        return inEnd - inStart;
    }

    /** The peer's FIN has been read. */
    boolean eof() {
        return eof;
    }

    byte peekByte() {
        return in[inStart];
    }

    byte takeByte() {
        return in[inStart++];
    }

    /** The 4-byte big-endian length at the front, not consumed. */
    int peekInt() {
        return ((in[inStart] & 0xFF) << 24) | ((in[inStart + 1] & 0xFF) << 16)
                | ((in[inStart + 2] & 0xFF) << 8) | (in[inStart + 3] & 0xFF);
    }

    byte[] take(int n) {
        byte[] b = Arrays.copyOfRange(in, inStart, inStart + n);
        inStart += n;
        return b;
    }

    void skip(int n) {
        inStart += n;
    }

    /**
     * A length-prefixed message if all of it is here (consumed), else null. Throws when the
     * length is beyond {@code max}.
     */
    byte[] takeFramed(int max) {
        if (available() < 4) {
            return null;
        }
        int len = peekInt();
        if (len < 0 || len > max) {
            throw new Iperf3Exception("bad JSON length " + Integer.toUnsignedString(len) + " on the control connection");
        }
        if (available() < 4 + len) {
            return null;
        }
        skip(4);
        return take(len);
    }

    void send(long now, byte... bytes) {
        out.add(bytes);
        flush(now);
    }

    /** Writes what waits; call from {@code onWritable}. */
    void flush(long now) {
        while (!out.isEmpty()) {
            byte[] b = out.peek();
            int n = conn.write(now, b, outOffset, b.length - outOffset);
            outOffset += n;
            if (outOffset < b.length) {
                return;
            }
            out.poll();
            outOffset = 0;
        }
    }

    boolean flushed() {
        return out.isEmpty();
    }
}
