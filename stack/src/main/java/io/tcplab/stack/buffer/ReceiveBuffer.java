package io.tcplab.stack.buffer;

import io.netty.buffer.ByteBuf;
import io.tcplab.stack.DropReason;

/**
 * Received bytes in one ring: the in-order bytes the application has not read yet,
 * followed by the window, where out-of-order data is written straight at its final position and
 * tracked by {@link Reassembly} (no per-segment objects).
 *
 * <p>After each {@link #offer} the {@code lastOffer...} queries describe what that segment did,
 * for the ACK the caller sends next: D-SACK (RFC 2883), immediate ACKs (RFC 5681 §4.2).
 *
 * <p>Bounded by bytes, as Linux bounds its out-of-order queue by receive memory: out-of-order data
 * is kept wherever it falls inside the window, however many holes separate it. The count of
 * ranges is capped only by a memory budget ({@link #rangeBudget}) that an MSS-sized stream never
 * reaches. Whatever must still be discarded (past the free space, or past the budget) is named by
 * {@link #lastOfferDropReason()} so the stack counts it.
 *
 * <p>The ring starts at a few KiB and doubles when a segment lands beyond it, up to the capacity
 * the buffer was made with. The window is always counted against that capacity (RFC 9293
 * §3.8.6: announce only what we can take): whatever the peer sends inside it, the ring can grow
 * to hold. A peer that sends one byte at the far edge of the window therefore makes it grow to
 * the full capacity at once — bounded by the capacity, as a preallocated ring was.
 */
public final class ReceiveBuffer {
    /**
     * Buffer bytes that pay for one out-of-order range: about the headers of the segment that made
     * the range, so the ranges' bookkeeping (25 bytes each) stays below the buffer's own size.
     */
    static final int BYTES_PER_RANGE = 64;
    private static final int MIN_RANGES = 64;

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
    private DropReason dropReason;

    public ReceiveBuffer(int capacityBytes, long rcvNxt) {
        this(capacityBytes, rcvNxt, rangeBudget(capacityBytes));
    }

    /**
     * The most out-of-order ranges a buffer of this size keeps: far above the window / (2 × MSS)
     * holes that losing every other full-sized segment makes, low enough that tiny segments with
     * gaps cannot make the bookkeeping outgrow the buffer.
     */
    public static int rangeBudget(int capacityBytes) {
        return Math.max(MIN_RANGES, capacityBytes / BYTES_PER_RANGE);
    }

    public ReceiveBuffer(int capacityBytes, long rcvNxt, int maxRanges) {
        this(capacityBytes, rcvNxt, maxRanges, false);
    }

    /**
     * With {@code virtualPayload} the buffer keeps sequence numbers, ranges and counts but stores
     * no bytes (payload-free emulation): reads count what they would have copied.
     */
    public ReceiveBuffer(int capacityBytes, long rcvNxt, int maxRanges, boolean virtualPayload) {
        this.ring = virtualPayload ? ByteRing.virtual(capacityBytes)
                : new ByteRing(ByteRing.INITIAL_CAPACITY, capacityBytes);
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
        dropReason = null;
        if (length <= 0) {
            return 0;
        }
        long end = seq + length;
        long windowEnd = rcvNxt + window();
        noteDuplicate(seq, Math.min(end, windowEnd));
        if (end > windowEnd) {
            dropReason = DropReason.RECEIVE_BUFFER_FULL; // bytes past the free space are never held: all new
        }
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
            if (dropped) {
                dropReason = DropReason.OUT_OF_ORDER_RANGE_LIMIT;
            }
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
        long readStart = rcvNxt - readable;
        if (ring.ensure(readPos, to - readStart)) { // to <= readStart + capacity: within the limit
            readPos = 0;
        }
        int pos = ring.advance(readPos, from - readStart);
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
    public int window() { return ring.limit() - readable; }

    /** The configured capacity: the most bytes this buffer ever holds. */
    public int capacity() { return ring.limit(); }

    /** Bytes allocated for the ring now: between a few KiB and {@link #capacity()}. */
    public int allocated() { return ring.capacity(); }

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

    /** The last offer's in-window bytes were dropped because the out-of-order range budget was spent. */
    public boolean lastOfferDropped() { return dropped; }

    /**
     * Why new bytes of the last offer were discarded, or null when none were: {@link
     * DropReason#OUT_OF_ORDER_RANGE_LIMIT} (its in-window bytes) before {@link
     * DropReason#RECEIVE_BUFFER_FULL} (bytes past the free space).
     */
    public DropReason lastOfferDropReason() { return dropReason; }

    /** Bytes held out of order; never more than {@link #window()}. */
    public long outOfOrderBytes() { return ooo.bytes(); }

    /** Out-of-order ranges held (holes above RCV.NXT, one per range). */
    public int outOfOrderRanges() { return ooo.count(); }

    /** Ranges the out-of-order bookkeeping has memory for: at most max(16, 2 × the peak of ranges). */
    public int outOfOrderRangeCapacity() { return ooo.capacity(); }

    /** The last offer had new bytes but none inside the window (a zero window, or beyond it). */
    public boolean lastOfferOutsideWindow() { return outsideWindow; }
}
