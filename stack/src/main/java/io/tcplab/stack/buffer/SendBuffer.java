package io.tcplab.stack.buffer;

import io.netty.buffer.ByteBuf;

/**
 * The bytes the application wrote that the peer has not yet acknowledged: from SND.UNA (the
 * oldest retained byte) to the end of written data, in one preallocated ring. Sequence numbers
 * are 64-bit unwrapped values; the first written byte has sequence {@code startSeq} (ISS + 1).
 */
public final class SendBuffer {
    private ByteRing ring;
    private int headPos;     // ring position of startSeq
    private long startSeq;
    private int length;      // bytes retained

    public SendBuffer(int capacityBytes, long startSeq) {
        this.ring = new ByteRing(capacityBytes);
        this.startSeq = startSeq;
    }

    /** Copies up to maxBytes of src's readable bytes in, advancing src's readerIndex; returns the count. */
    public int write(ByteBuf src, int maxBytes) {
        int n = Math.min(Math.min(maxBytes, src.readableBytes()), free());
        if (n <= 0) {
            return 0;
        }
        ring.put(tailPos(), src, src.readerIndex(), n);
        src.skipBytes(n);
        length += n;
        return n;
    }

    /** Copies up to len bytes of src[off..] in; returns the count (at most {@link #free()}). */
    public int write(byte[] src, int off, int len) {
        int n = Math.min(len, free());
        if (n <= 0) {
            return 0;
        }
        ring.put(tailPos(), src, off, n);
        length += n;
        return n;
    }

    public int free() {
        return ring.capacity() - length;
    }

    public int capacity() {
        return ring.capacity();
    }

    /** Bytes held: written and not yet acknowledged. */
    public int size() {
        return length;
    }

    /** Sequence number of the oldest byte still held (SND.UNA once acks are applied). */
    public long startSeq() {
        return startSeq;
    }

    /** One past the last byte written: startSeq + bytes held. */
    public long endSeq() {
        return startSeq + length;
    }

    /**
     * Drops the bytes below seq: they were acknowledged. Values outside (startSeq, endSeq] change
     * nothing; returns the bytes dropped.
     */
    public int ackTo(long seq) {
        if (seq <= startSeq || seq > endSeq()) {
            return 0;
        }
        int dropped = (int) (seq - startSeq);
        headPos = ring.advance(headPos, dropped);
        startSeq = seq;
        length -= dropped;
        return dropped;
    }

    /** Appends the payload bytes [seq, seq+len) to out at its writerIndex. */
    public void copyTo(long seq, int len, ByteBuf out) {
        checkRange(seq, len);
        ring.get(positionOf(seq), out, len);
    }

    /**
     * For a zero-copy path: how many bytes from seq lie contiguously in {@link #array()} starting at
     * {@link #positionOf(long)}; a range that wraps needs a second piece at position 0.
     */
    public int readableAt(long seq) {
        checkRange(seq, 0);
        return (int) Math.min(endSeq() - seq, ring.toEnd(positionOf(seq)));
    }

    /** Index in {@link #array()} of the byte with sequence seq (startSeq &lt;= seq &lt;= endSeq). */
    public int positionOf(long seq) {
        return ring.advance(headPos, seq - startSeq);
    }

    /** The ring itself, valid until the next {@link #setCapacity(int)}; read-only for callers. */
    public byte[] array() {
        return ring.array();
    }

    /**
     * Changes the capacity, keeping the held bytes. Returns false and changes nothing when the
     * held bytes would not fit. Reallocates: meant for occasional tuning, not per segment.
     */
    public boolean setCapacity(int capacityBytes) {
        if (capacityBytes < length || capacityBytes <= 0) {
            return false;
        }
        if (capacityBytes != ring.capacity()) {
            ByteRing resized = new ByteRing(capacityBytes);
            ring.get(headPos, resized.array(), 0, length);
            ring = resized;
            headPos = 0;
        }
        return true;
    }

    private int tailPos() {
        return ring.advance(headPos, length);
    }

    private void checkRange(long seq, int len) {
        if (len < 0 || seq < startSeq || seq + len > endSeq()) {
            throw new IndexOutOfBoundsException(
                    "[" + seq + ", " + (seq + len) + ") outside [" + startSeq + ", " + endSeq() + ")");
        }
    }
}
