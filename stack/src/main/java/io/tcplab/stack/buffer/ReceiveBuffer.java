package io.tcplab.stack.buffer;

import io.netty.buffer.ByteBuf;

/**
 * Received bytes in one preallocated ring: the in-order bytes the application has not read yet,
 * followed by the window, where out-of-order data is written straight at its final position and
 * tracked by {@link Reassembly} (no per-segment objects).
 *
 * <p>After each {@link #offer} the {@code lastOffer...} queries describe what that segment did,
 * for the ACK the caller sends next: D-SACK (RFC 2883), immediate ACKs (RFC 5681 §4.2).
 *
 * <p>Bounded: at most {@code maxRanges} out-of-order ranges (default 64). A segment that would
 * need another range is dropped whole and {@link #lastOfferDropped()} says so; the sender will
 * retransmit it and the receiver's SACK blocks never described it.
 */
public final class ReceiveBuffer {
    public static final int DEFAULT_MAX_RANGES = 64;

    private final ByteRing ring;
    private final Reassembly ooo;
    private int readPos;       // ring position of the first unread byte
    private int readable;      // in-order bytes not yet read
    private long rcvNxt;

    private boolean duplicate;
    private long dupStart;
    private long dupEnd;
    private boolean filledHole;
    private boolean outOfOrder;
    private boolean dropped;
    private boolean outsideWindow;

    public ReceiveBuffer(int capacityBytes, long rcvNxt) {
        this(capacityBytes, rcvNxt, DEFAULT_MAX_RANGES);
    }

    public ReceiveBuffer(int capacityBytes, long rcvNxt, int maxRanges) {
        this.ring = new ByteRing(capacityBytes);
        this.ooo = new Reassembly(maxRanges);
        this.rcvNxt = rcvNxt;
    }

    /**
     * Stores the part of src[srcIndex, srcIndex+length) (sequence numbers [seq, seq+length)) that
     * lies in the window [RCV.NXT, RCV.NXT + window()), RFC 9293 §3.10.7.4 trimming; src's indexes
     * are not moved. Returns how many bytes became in order (how far RCV.NXT advanced).
     */
    public int offer(long seq, ByteBuf src, int srcIndex, int length) {
        duplicate = filledHole = outOfOrder = dropped = outsideWindow = false;
        if (length <= 0) {
            return 0;
        }
        long end = seq + length;
        long windowEnd = rcvNxt + window();
        noteDuplicate(seq, Math.min(end, windowEnd));
        long from = Math.max(seq, rcvNxt);
        long to = Math.min(end, windowEnd);
        if (from >= to) {
            outsideWindow = end > rcvNxt;
            return 0;
        }
        if (from > rcvNxt) {
            outOfOrder = true;
            int status = ooo.add(from, to);
            dropped = status == Reassembly.REJECTED;
            filledHole = status == Reassembly.ADDED;
            if (filledHole) {
                store(from, to, src, srcIndex + (int) (from - seq));
            }
            return 0;
        }
        store(from, to, src, srcIndex + (int) (from - seq));
        filledHole = !ooo.isEmpty();
        long before = rcvNxt;
        rcvNxt = ooo.absorb(to);
        int advanced = (int) (rcvNxt - before);
        readable += advanced;
        return advanced;
    }

    /** RFC 2883 §4: the first contiguous run of already received bytes in [seq, end), if any. */
    private void noteDuplicate(long seq, long end) {
        if (seq < rcvNxt) {
            duplicate = true;
            dupStart = seq;
            dupEnd = Math.min(end, rcvNxt);
            return;
        }
        int i = ooo.firstOverlap(seq, end);
        if (i >= 0) {
            duplicate = true;
            dupStart = Math.max(seq, ooo.left(i));
            dupEnd = Math.min(end, ooo.right(i));
        }
    }

    private void store(long from, long to, ByteBuf src, int srcIndex) {
        int pos = ring.advance(readPos, from - (rcvNxt - readable));
        ring.put(pos, src, srcIndex, (int) (to - from));
    }

    /** Reads up to max in-order bytes into dst at its writerIndex; returns the count. */
    public int read(ByteBuf dst, int max) {
        int n = Math.min(Math.min(max, readable), dst.maxWritableBytes());
        ring.get(readPos, dst, n);
        return consume(n);
    }

    public int read(byte[] dst, int off, int len) {
        int n = Math.min(len, readable);
        ring.get(readPos, dst, off, n);
        return consume(n);
    }

    /** Discards up to n in-order bytes unread; returns the count. */
    public int skip(int n) {
        return consume(Math.min(Math.max(n, 0), readable));
    }

    private int consume(int n) {
        readPos = ring.advance(readPos, n);
        readable -= n;
        return n;
    }

    /**
     * SACK blocks for the next ACK (RFC 2018 §4): the out-of-order ranges, most recently changed
     * first. A caller reporting a D-SACK puts it before these (RFC 2883 §4).
     */
    public int sackBlocks(long[] leftOut, long[] rightOut, int max) {
        return ooo.sackBlocks(leftOut, rightOut, max);
    }

    public long rcvNxt() { return rcvNxt; }

    /** In-order bytes the application has not read. */
    public int readable() { return readable; }

    /** Free space, the basis of the advertised window: capacity − readable. */
    public int window() { return ring.capacity() - readable; }

    public int capacity() { return ring.capacity(); }

    public boolean hasOutOfOrder() { return !ooo.isEmpty(); }

    /** The last offer carried bytes already received (below RCV.NXT or already held out of order). */
    public boolean lastOfferWasDuplicate() { return duplicate; }

    /** Start of the D-SACK block to report for the last offer (valid when it was a duplicate). */
    public long lastDuplicateStart() { return dupStart; }

    /** End (exclusive) of the D-SACK block to report for the last offer. */
    public long lastDuplicateEnd() { return dupEnd; }

    /**
     * The last offer advanced RCV.NXT while out-of-order data was held, or changed the
     * out-of-order set: RFC 5681 §4.2 asks for an immediate ACK.
     */
    public boolean lastOfferFilledHole() { return filledHole; }

    /** The last offer started above RCV.NXT (RFC 5681 §4.2: ACK immediately, a duplicate ACK). */
    public boolean lastOfferOutOfOrder() { return outOfOrder; }

    /** The last offer was dropped because the out-of-order range limit was reached. */
    public boolean lastOfferDropped() { return dropped; }

    /** The last offer had new bytes but none inside the window (a zero window, or beyond it). */
    public boolean lastOfferOutsideWindow() { return outsideWindow; }
}
