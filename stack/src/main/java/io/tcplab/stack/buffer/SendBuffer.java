package io.tcplab.stack.buffer;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;

/**
 * The bytes the application wrote that the peer has not yet acknowledged: from SND.UNA (the
 * oldest retained byte) to the end of written data, in one ring. Sequence numbers are 64-bit
 * unwrapped values; the first written byte has sequence {@code startSeq} (ISS + 1).
 *
 * <p>The ring starts at a few KiB and doubles as written data needs room, up to the capacity
 * the buffer was made with: {@link #free()} is always counted against that capacity, so an
 * application may write it full whatever is allocated yet.
 */
public final class SendBuffer {
    private ByteRing ring;
    private int headPos;     // ring position of startSeq
    private long startSeq;
    private int length;      // bytes retained
    private ByteBuf view;    // the ring's array as a ByteBuf, re-made only when the ring grows
    private final RecordBoundaries records = new RecordBoundaries();

    public SendBuffer(int capacityBytes, long startSeq) {
        this(capacityBytes, startSeq, false);
    }

    /**
     * With {@code virtualPayload} the buffer keeps sequence numbers and counts but stores no bytes
     * (payload-free emulation): writes take their count, the ring's {@link #array()} is empty.
     */
    public SendBuffer(int capacityBytes, long startSeq, boolean virtualPayload) {
        this.ring = virtualPayload ? ByteRing.virtual(capacityBytes)
                : new ByteRing(ByteRing.INITIAL_CAPACITY, capacityBytes);
        this.startSeq = startSeq;
    }

    /** Copies up to maxBytes of src's readable bytes in, advancing src's readerIndex; returns the count. */
    public int write(ByteBuf src, int maxBytes) {
        int n = Math.min(Math.min(maxBytes, src.readableBytes()), free());
        if (n <= 0) {
            return 0;
        }
        makeRoom(n);
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
        makeRoom(n);
        ring.put(tailPos(), src, off, n);
        length += n;
        return n;
    }

    /** Room for more writes, counted against the configured capacity, not the allocated ring. */
    public int free() {
        return ring.limit() - length;
    }

    /** The configured capacity: the most bytes this buffer ever holds. */
    public int capacity() {
        return ring.limit();
    }

    /** Bytes allocated for the ring now: between a few KiB and {@link #capacity()}. */
    public int allocated() {
        return ring.capacity();
    }

    private void makeRoom(int more) {
        if (ring.ensure(headPos, (long) length + more)) {
            headPos = 0;
        }
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
        records.acknowledged(seq);
        return dropped;
    }

    /**
     * The bytes written so far end a record: no segment may carry both them and later bytes
     * (Linux MSG_EOR). Nothing written since the last record end: no change.
     */
    public void endRecord() {
        if (length > 0) {
            records.mark(endSeq());
        }
    }

    /** The first record end above {@code seq}, where a segment starting at {@code seq} must stop; {@link Long#MAX_VALUE} when none. */
    public long recordEndAfter(long seq) {
        return records.after(seq);
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

    /** The ring itself, valid until the next write or {@link #setCapacity(int)}; read-only for callers. */
    public byte[] array() {
        return ring.array();
    }

    /**
     * {@link #array()} as a ByteBuf, so segments are written from the ring without a copy; the
     * wrapper is made again only after the ring grew.
     */
    public ByteBuf view() {
        byte[] a = ring.array();
        if (view == null || view.array() != a) {
            view = Unpooled.wrappedBuffer(a);
        }
        return view;
    }

    /**
     * Changes the capacity, keeping the held bytes. Returns false and changes nothing when the
     * held bytes would not fit. Reallocates: meant for occasional tuning, not per segment.
     */
    public boolean setCapacity(int capacityBytes) {
        if (capacityBytes < length || capacityBytes <= 0) {
            return false;
        }
        if (capacityBytes != ring.limit()) {
            int keep = Math.max(Math.min(ring.capacity(), capacityBytes), Math.max(length, 1));
            ByteRing resized = ring.resized(keep, capacityBytes);
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
