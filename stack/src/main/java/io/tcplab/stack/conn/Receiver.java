package io.tcplab.stack.conn;

import io.netty.buffer.ByteBuf;
import io.tcplab.stack.DropReason;
import io.tcplab.stack.buffer.ReceiveBuffer;

/**
 * The receiving half of a connection: stores arriving data, decides when to acknowledge
 * (RFC 5681 §4.2, RFC 9293 §3.8.6.3), chooses the window to advertise with receiver-side silly
 * window avoidance (RFC 9293 §3.8.6.2.2), and remembers what the SACK and D-SACK blocks of the
 * next ACK must say (RFC 2018 §4, RFC 2883).
 */
final class Receiver {
    private static final int MAX_SACK_BLOCKS = 4;

    private final ReceiveBuffer buffer;
    private final int capacity;
    private final int ourMss;
    final long irs;
    /** Our window scale shift (RFC 7323 §2.3); 0 until the handshake agrees on one. */
    private int windowShift;
    /** RCV.NXT + RCV.WND as last advertised: the right edge is never moved left. */
    private long advertisedRight;
    /** Sequence number of a FIN that arrived ahead of missing data, or -1. */
    private long pendingFinSeq = -1;
    private boolean finReceived;
    private long unackedBytes;
    private int largestSegment;
    private boolean ackNow;
    private long dsackLeft = -1;
    private long dsackRight = -1;
    private final long[] sackLeft = new long[MAX_SACK_BLOCKS];
    private final long[] sackRight = new long[MAX_SACK_BLOCKS];
    /**
     * RFC 3168 §6.1.3: echo ECE on every ACK from a CE mark until the sender's CWR; with exact
     * CE echo, the CE mark of the last data segment.
     */
    private boolean eceLatched;
    /** Data segments still to be acknowledged at once (quick-ack mode at the start of a connection). */
    private int quickAcksLeft;
    private long bytesReceived;
    /** When data last arrived in order, or the connection was established; -1 before (Linux icsk_ack.lrcvtime). */
    private long lastDataNanos = -1;
    /** Why the last segment's new bytes were partly or wholly discarded, or null: the stack counts it. */
    private DropReason lastDrop;

    Receiver(int capacity, long irs, int ourMss, int quickAckSegments, boolean virtualPayload) {
        this.quickAcksLeft = quickAckSegments;
        this.capacity = capacity;
        this.irs = irs;
        this.ourMss = ourMss;
        this.buffer = new ReceiveBuffer(capacity, irs + 1, ReceiveBuffer.rangeBudget(capacity), virtualPayload);
        this.advertisedRight = irs + 1 + Math.min(capacity, 65535);
    }

    /** The connection is established: the time data last arrived counts from here until data comes. */
    void onEstablished(long now) {
        lastDataNanos = now;
    }

    long lastDataNanos() {
        return lastDataNanos;
    }

    long rcvNxt() {
        return finReceived ? buffer.rcvNxt() + 1 : buffer.rcvNxt();
    }

    boolean finReceived() {
        return finReceived;
    }

    ReceiveBuffer buffer() {
        return buffer;
    }

    /** The receive window RCV.WND in bytes, as last advertised (for the acceptability test). */
    long window() {
        return Math.max(0, advertisedRight - rcvNxt());
    }

    /**
     * Takes the text and FIN of an acceptable segment that carries either (RFC 9293 §3.10.7.4,
     * seventh and eighth). Returns true if the FIN became in order with this segment.
     */
    boolean onSegment(long now, long seq, ByteBuf data, int index, int length, boolean fin, boolean delayedAckAllowed) {
        boolean finNow = false;
        lastDrop = null;
        if (length > 0 && !finReceived) {
            largestSegment = Math.max(largestSegment, Math.min(length, ourMss));
            long before = buffer.rcvNxt();
            int advanced = buffer.offer(seq, data, index, length);
            lastDrop = buffer.lastOfferDropReason();
            bytesReceived += advanced;
            if (advanced > 0) {
                lastDataNanos = now;
            }
            if (buffer.lastOfferWasDuplicate()) {
                dsackLeft = buffer.lastDuplicateStart();
                dsackRight = buffer.lastDuplicateEnd();
                ackNow = true; // RFC 2883: report the duplicate at once
            } else if (seq > before || buffer.lastOfferFilledHole() || buffer.hasOutOfOrder()) {
                ackNow = true; // RFC 5681 §4.2: out of order or filling a hole
            }
            unackedBytes += advanced;
        } else if (length > 0) {
            ackNow = true; // data after the FIN is a duplicate; say where we are
        }
        if (fin) {
            long finSeq = seq + length;
            if (finSeq >= buffer.rcvNxt()) {
                pendingFinSeq = finSeq;
            }
            ackNow = true;
        }
        if (pendingFinSeq >= 0 && pendingFinSeq == buffer.rcvNxt() && !finReceived) {
            finReceived = true;
            pendingFinSeq = -1;
            finNow = true;
        }
        if (length > 0 && quickAcksLeft > 0) {
            quickAcksLeft--;
            ackNow = true; // acknowledging more often than RFC 5681 §4.2 requires is always allowed
        }
        if (!delayedAckAllowed || unackedBytes >= 2L * Math.max(largestSegment, 1)) {
            ackNow = true; // RFC 5681 §4.2: at least every second full-sized segment
        }
        return finNow;
    }

    /** Why data of the last {@link #onSegment} was discarded (no buffer space, range budget), or null. */
    DropReason lastDrop() {
        return lastDrop;
    }

    /** An ACK should leave now rather than wait for the delayed-ACK timer. */
    boolean ackDue() {
        return ackNow;
    }

    /** Data is waiting for an ACK (the delayed-ACK timer should run). */
    boolean ackPending() {
        return unackedBytes > 0;
    }

    /** The next ACK was just sent: forget what it covered. */
    void onAckSent() {
        ackNow = false;
        unackedBytes = 0;
        dsackLeft = -1;
        dsackRight = -1;
    }

    /** A duplicate that never reached the buffer (below RCV.NXT): report it in the next ACK. */
    void reportDuplicate(long left, long right) {
        dsackLeft = left;
        dsackRight = right;
    }

    void requestImmediateAck() {
        ackNow = true;
    }

    /**
     * The window field for the next segment, scaled. Receiver SWS avoidance: the right edge moves
     * only by at least min(capacity/2, MSS), and never to the left (RFC 9293 §3.8.6.2.2).
     */
    int windowField(boolean syn) {
        long nxt = rcvNxt();
        long free = buffer.window();
        long candidate = nxt + free;
        long threshold = Math.min(capacity / 2, ourMss);
        if (candidate - advertisedRight >= threshold) {
            advertisedRight = candidate;
        }
        long window = Math.max(0, advertisedRight - nxt);
        if (syn) {
            return (int) Math.min(window, 65535); // RFC 7323 §2.2: never scaled in a SYN
        }
        // The peer sees only multiples of 2^shift: round up, so that the edge it sees never moves left
        // (RFC 9293 §3.8.6, RFC 7323 §2.4), and remember that edge; it may pass free space by < 2^shift.
        long field = Math.min((window + (1L << windowShift) - 1) >> windowShift, 65535);
        advertisedRight = Math.max(advertisedRight, nxt + (field << windowShift));
        return (int) field;
    }

    /** True when reading freed enough space that the peer should hear of it now (a window update). */
    boolean windowUpdateWorthSending() {
        long current = Math.max(0, advertisedRight - rcvNxt());
        long possible = buffer.window();
        return possible - current >= Math.min(capacity / 2, 2L * ourMss) && current < capacity / 2;
    }

    /**
     * Fills the SACK blocks of the next ACK: a D-SACK block first when a duplicate arrived, then
     * the out-of-order ranges, most recently changed first. Returns the block count.
     */
    int sackBlocks(long[] left, long[] right, int max) {
        int n = 0;
        if (dsackLeft >= 0 && max > 0) {
            left[0] = dsackLeft;
            right[0] = dsackRight;
            n = 1;
        }
        int ranges = buffer.hasOutOfOrder()
                ? buffer.sackBlocks(sackLeft, sackRight, Math.min(max - n, MAX_SACK_BLOCKS)) : 0;
        for (int i = 0; i < ranges && n < max; i++) {
            left[n] = sackLeft[i];
            right[n] = sackRight[i];
            n++;
        }
        return n;
    }

    /**
     * RFC 8257 §3.2's two-state machine: when a data segment's CE mark differs from the last one,
     * first acknowledge what arrived before it with the old ECE value (at once, not delayed), then
     * switch; later ACKs, delayed as usual, carry the new value. So each ACK's ECE covers exactly
     * the bytes that were marked, which DCTCP's marked fraction needs.
     */
    /** Our window scale shift, as the handshake agreed (0 without scaling). */
    void useWindowShift(int shift) {
        windowShift = shift;
    }

    int windowShift() {
        return windowShift;
    }

    /** In-order bytes received over the connection's life. */
    long bytesReceived() {
        return bytesReceived;
    }

    /** Our ACKs carry ECE now. */
    boolean eceLatched() {
        return eceLatched;
    }

    /**
     * RFC 3168 §6.1.3 for a data segment: CWR from the sender ends the echo, a CE mark (checked
     * after, so a segment with both starts a new one) latches it.
     */
    void echoCe(boolean cwr, boolean ce) {
        if (cwr) {
            eceLatched = false;
        }
        if (ce) {
            eceLatched = true;
        }
    }

    void echoCeExactly(long now, boolean ce, Connection c) {
        if (ce == eceLatched) {
            return;
        }
        if (ackPending()) {
            c.emitter.ack(now);
        }
        eceLatched = ce;
    }
}
