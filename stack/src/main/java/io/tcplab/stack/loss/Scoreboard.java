package io.tcplab.stack.loss;

import java.util.Comparator;
import java.util.stream.LongStream;

/**
 * The sender's per-segment state and the RFC 6675 machinery (IsLost, SetPipe, NextSeg), built
 * so that an ACK costs the same with 10 segments in flight as with 100,000.
 *
 * <p>Segments live in a ring of primitive arrays indexed by ordinal (segments ever sent since
 * {@link #reset()}, masked), grown by doubling. Sequence numbers are 64-bit unwrapped values.
 * Segments keep the boundaries they were first sent with; retransmissions reuse them.
 *
 * <p>Why each ACK is cheap:
 * <ul>
 *   <li>A SACK block skips runs of already-SACKed segments through {@code nextUnsacked}, a
 *       path-compressed "next segment not SACKed" forest, so repeated blocks cost nearly nothing
 *       and each segment is SACKed once.</li>
 *   <li>Finding a sequence number guesses the ordinal by interpolation (exact when segments are
 *       equally sized) and falls back to binary search.</li>
 *   <li>pipe, SACKed and lost bytes are updated at each flag change, never recomputed.</li>
 *   <li>IsLost (RFC 6675 §4) is monotone: once enough SACKed data lies above a segment it stays
 *       so until the segment is acked. A loss frontier moves forward only, marking each segment
 *       at most once; the counts of SACKed segments and bytes at or above it are maintained.</li>
 *   <li>NextSeg rules 1 and 3 keep forward cursors (the role of HighRxt).</li>
 * </ul>
 *
 * <p>Peer-controlled input (ACK and SACK values) never throws; caller mistakes (sending out of
 * order, retransmitting an unknown segment) do.
 */
public final class Scoreboard implements ScoreboardView {
    /** {@link #onSackBlock} outcomes. */
    public static final int SACK_APPLIED = 0;
    public static final int SACK_DSACK = 1;
    public static final int SACK_INVALID = 2;

    private static final byte SACKED = 1;
    private static final byte LOST = 2;
    /** Retransmitted since last deemed lost: the retransmission counts in pipe (RFC 6675 SetPipe). */
    private static final byte RETRANSMITTED = 4;
    private static final byte EVER_RETRANSMITTED = 8;
    /** Sent while the application had nothing more to send (Linux tcp_rate.c is_app_limited). */
    private static final byte APP_LIMITED = 16;
    private static final int DEFAULT_CAPACITY = 64;
    /** The {@code hot} record: start, length and transmissions (one long), send time, nextUnsacked. */
    private static final int HOT = 4;
    private static final int START = 0;
    private static final int LENGTH_TX = 1;
    private static final int SEND_TIME = 2;
    private static final int NEXT_UNSACKED = 3;
    /** The {@code rate} record: delivered, delivered time, first send time, lost and pipe at the send. */
    private static final int RATE = 5;
    private static final int AT_DELIVERED = 0;
    private static final int AT_DELIVERED_TIME = 1;
    private static final int AT_FIRST_SENT = 2;
    private static final int AT_LOST = 3;
    private static final int AT_PIPE = 4;

    /**
     * Each segment's state as records in two rings, so that handling one segment touches a
     * cache line or two rather than one per field (with 10,000 segments in flight the segment an
     * ACK reaches left thousands of sends ago and is cold): {@link #HOT} longs per slot in
     * {@code hot} — its start, length and transmission count, last send time and
     * {@code nextUnsacked} — and {@link #RATE} in {@code rate}, the delivery-rate stamps read only
     * for the newest segment an ACK delivers. {@code flags} stays a dense byte ring for scans.
     */
    private long[] hot;
    private long[] rate;
    private byte[] flags;
    /** The segments in flight (not SACKed, not lost unless retransmitted) by last transmission time. */
    private final SendOrder sendOrder;
    private int mask;

    private long headOrd;          // live segments are ordinals [headOrd, endOrd)
    private long endOrd;
    private long highData = -1;    // end of the last segment sent; -1 before the first

    private long pipe;
    private long sackedBytes;
    private long sackedSegments;
    /** Outstanding segments sent more than once (Linux tcp_any_retrans_done). */
    private long retransmittedSegments;
    private long lostBytes;
    private long lostSegments;
    /** Segments retransmitted and not since SACKed or deemed lost again (Linux retrans_out). */
    private long retransmissionsInFlight;
    private long highestSackedOrd = -1;
    /** The highest end of any segment delivered (RACK.fack): delivering below it without a resend is reordering. */
    private long fack = -1;
    private LostSegmentListener lostListener;

    private long frontier;         // every not-SACKed segment below it is LOST
    private long sackedCountAtOrAbove;
    private long sackedBytesAtOrAbove;
    private long lostLimit;        // no LOST segment at or above it
    private long rule1Cursor;
    private long rule3Cursor;

    public Scoreboard() {
        this(DEFAULT_CAPACITY);
    }

    /** initialCapacity: segments before the first growth (rounded up to a power of two). */
    public Scoreboard(int initialCapacity) {
        int cap = Integer.highestOneBit(Math.max(2, initialCapacity) * 2 - 1);
        hot = new long[cap * HOT];
        rate = new long[cap * RATE];
        flags = new byte[cap];
        sendOrder = new SendOrder(cap);
        mask = cap - 1;
    }

    // ---------------------------------------------------------------- sending

    /** Records a new segment [seq, seq+len) without delivery-rate state; seq must follow {@link #highData()}. */
    public void onSend(long seq, int len, long nowNanos, long deliveredAtSend) {
        onSend(seq, len, nowNanos, deliveredAtSend, -1, -1, false, -1);
    }

    /**
     * Records a new segment [seq, seq+len); seq must be {@link #highData()} after the first send.
     * The rest is the delivery state when it left, as Linux tcp_rate.c keeps it per packet: the
     * delivered count, when it last changed (delivered_mstamp), the send time of the first packet
     * of the current flight (first_tx_mstamp) and whether the application limited sending; and, as
     * draft-ietf-ccwg-bbr §4.1.2.2 OnPacketSent adds, the connection's lost total ({@code lostAtSend},
     * P.lost) and the pipe just after this send (P.tx_in_flight, stamped here).
     */
    public void onSend(long seq, int len, long nowNanos, long deliveredAtSend, long deliveredTimeAtSend,
                       long firstSentTime, boolean appLimited, long lostAtSend) {
        if (len <= 0 || (highData >= 0 && seq != highData)) {
            throw new IllegalArgumentException("segment [" + seq + ", +" + len + ") does not follow " + highData);
        }
        if (count() == mask + 1) {
            grow();
        }
        long o = endOrd++;
        int i = slot(o);
        setStart(i, seq);
        setLength(i, len);
        setSendTime(i, nowNanos);
        setTxCount(i, 1);
        flags[i] = appLimited ? APP_LIMITED : 0;
        setDeliveredAtSend(i, deliveredAtSend);
        setDeliveredTimeAtSend(i, deliveredTimeAtSend);
        setFirstSentTimeAtSend(i, firstSentTime);
        setLostAtSend(i, lostAtSend);
        setNextUnsacked(i, o);
        sendOrder.append(o);
        highData = seq + len;
        account(o, 1);
        setPipeAfterSend(i, pipe);
    }

    /** Records a retransmission of the segment starting at seq, keeping its delivery state (tests). */
    public void onRetransmit(long seq, long nowNanos) {
        int i = slot(segmentStartingAt(seq));
        onRetransmit(seq, nowNanos, deliveredAtSend(i), deliveredTimeAtSend(i), firstSentTimeAtSend(i),
                (flags[i] & APP_LIMITED) != 0, lostAtSend(i));
    }

    /**
     * Records a retransmission of the segment starting at seq: it counts in pipe again and is
     * the most recently sent. The delivery state is the connection's now, as for a new segment
     * (tcp_rate.c stamps every transmission, so a rate sample never spans the original's flight).
     */
    public void onRetransmit(long seq, long nowNanos, long deliveredAtSend, long deliveredTimeAtSend,
                             long firstSentTime, boolean appLimited, long lostAtSend) {
        long o = segmentStartingAt(seq);
        int i = slot(o);
        boolean wasInFlight = inFlightOrder(flags[i]);
        if ((flags[i] & EVER_RETRANSMITTED) == 0) {
            retransmittedSegments++;
        }
        byte f = (byte) (flags[i] | RETRANSMITTED | EVER_RETRANSMITTED);
        setFlags(o, appLimited ? (byte) (f | APP_LIMITED) : (byte) (f & ~APP_LIMITED));
        setTxCount(i, txCount(i) + 1);
        setSendTime(i, nowNanos);
        setDeliveredAtSend(i, deliveredAtSend);
        setDeliveredTimeAtSend(i, deliveredTimeAtSend);
        setFirstSentTimeAtSend(i, firstSentTime);
        setLostAtSend(i, lostAtSend);
        if (wasInFlight) {
            sendOrder.moveToTail(o);
        } else if (inFlightOrder(flags[i])) {
            sendOrder.append(o);
        }
        setPipeAfterSend(i, pipe);
    }

    /** Whether a segment with these flags is in flight, and so in the send-time order. */
    private static boolean inFlightOrder(byte f) {
        return (f & SACKED) == 0 && ((f & LOST) == 0 || (f & RETRANSMITTED) != 0);
    }

    // ---------------------------------------------------------------- ACK processing

    /**
     * Removes what the cumulative ACK sndUna covers, trimming a partly covered segment. An ACK
     * beyond {@link #highData()} is ignored (returns false): the peer acknowledged unsent data.
     */
    public boolean onCumulativeAck(long sndUna, AckResult out) {
        if (sndUna > highData) {
            return false;
        }
        while (headOrd < endOrd && end(headOrd) <= sndUna) {
            acknowledge(headOrd, length(slot(headOrd)), out);
            account(headOrd, -1);
            if (inFlightOrder(flags[slot(headOrd)])) {
                sendOrder.remove(headOrd);
            }
            headOrd++;
        }
        if (headOrd < endOrd && start(slot(headOrd)) < sndUna) {
            int i = slot(headOrd);
            int acked = (int) (sndUna - start(i));
            acknowledge(headOrd, acked, out);
            account(headOrd, -1);
            setStart(i, sndUna);
            setLength(i, length(i) - acked);
            account(headOrd, 1);
        }
        frontier = Math.max(frontier, headOrd);
        return true;
    }

    private void acknowledge(long o, int bytes, AckResult out) {
        int i = slot(o);
        boolean resent = (flags[i] & EVER_RETRANSMITTED) != 0;
        if (resent && bytes == length(i)) {
            retransmittedSegments--; // the whole segment leaves the scoreboard
        }
        if ((flags[i] & SACKED) == 0) {
            out.newlyAckedBytes += bytes;
            out.newlyAckedEverRetransmitted |= resent;
            delivered(o, out, false);
        }
    }

    /**
     * Applies one SACK block [left, right) (RFC 2018): every whole segment inside becomes SACKed.
     * A block at or below SND.UNA is a D-SACK (RFC 2883) and is reported in out, not applied.
     * Empty blocks and blocks reaching beyond {@link #highData()} are invalid and ignored; the
     * part of a block below SND.UNA is already acknowledged and skipped.
     */
    public int onSackBlock(long left, long right, AckResult out) {
        if (left >= right || right > highData) {
            return SACK_INVALID;
        }
        long una = sndUna();
        if (right <= una) {
            out.dsack(left, right);
            return SACK_DSACK;
        }
        long o = findSegment(Math.max(left, una));
        if (start(slot(o)) < left) {
            o++;
        }
        for (o = firstUnsackedFrom(o); o < endOrd && end(o) <= right; o = firstUnsackedFrom(o + 1)) {
            sack(o, out);
        }
        return SACK_APPLIED;
    }

    /**
     * Applies the SACK blocks of one ACK in their order. The first block is also a D-SACK when
     * it lies inside the second (RFC 2883 §4, duplicate above the cumulative ACK).
     */
    public void onSackBlocks(long[] left, long[] right, int n, AckResult out) {
        if (n > 1 && left[0] >= left[1] && right[0] <= right[1] && left[0] < right[0]) {
            out.dsack(left[0], right[0]);
        }
        for (int k = 0; k < n; k++) {
            onSackBlock(left[k], right[k], out);
        }
    }

    private void sack(long o, AckResult out) {
        int i = slot(o);
        if (inFlightOrder(flags[i])) {
            sendOrder.remove(o);
        }
        setFlags(o, (byte) ((flags[i] | SACKED) & ~(LOST | RETRANSMITTED)));
        setNextUnsacked(i, o + 1);
        highestSackedOrd = Math.max(highestSackedOrd, o);
        out.newlySackedBytes += length(i);
        delivered(o, out, true);
    }

    private void delivered(long o, AckResult out, boolean bySack) {
        int i = slot(o);
        long end = end(o);
        if (end < fack && txCount(i) == 1) {
            out.reordering = true; // RFC 8985 §6.2 step 3: delivered below RACK.fack, never resent
        }
        fack = Math.max(fack, end);
        out.delivered(sendTime(i), txCount(i), end, deliveredAtSend(i), deliveredTimeAtSend(i),
                firstSentTimeAtSend(i), (flags[i] & APP_LIMITED) != 0, lostAtSend(i), pipeAfterSend(i), bySack);
    }

    /** The first ordinal at or after o whose segment is not SACKed (or endOrd); compresses the path. */
    private long firstUnsackedFrom(long o) {
        long root = o;
        while (root < endOrd && nextUnsacked(slot(root)) != root) {
            root = nextUnsacked(slot(root));
        }
        while (o < root) {
            long next = nextUnsacked(slot(o));
            setNextUnsacked(slot(o), root);
            o = next;
        }
        return root;
    }

    // ---------------------------------------------------------------- loss marking

    /**
     * RFC 6675 §4 IsLost at segment granularity: a not-SACKed segment is lost when at least
     * dupThresh SACKed segments, or more than (dupThresh−1)·smss SACKed bytes, lie above it.
     * Marks the newly lost segments LOST and adds their bytes to out.newlyLostBytes. The frontier
     * never moves back: raising dupThresh later does not unmark segments.
     */
    public void updateLoss(int dupThresh, int smss, AckResult out) {
        long byteLimit = (long) (dupThresh - 1) * smss;
        while (frontier < endOrd) {
            int i = slot(frontier);
            boolean sacked = (flags[i] & SACKED) != 0;
            long countAbove = sackedCountAtOrAbove - (sacked ? 1 : 0);
            long bytesAbove = sackedBytesAtOrAbove - (sacked ? length(i) : 0);
            if (countAbove < dupThresh && bytesAbove <= byteLimit) {
                break;
            }
            if (sacked) {
                sackedCountAtOrAbove--;
                sackedBytesAtOrAbove -= length(i);
            } else if ((flags[i] & LOST) == 0) {
                out.newlyLostBytes += length(i);
                markLostAt(frontier, true);
                rule1Cursor = Math.min(rule1Cursor, frontier); // a markLost may have moved it past
            }
            frontier++;
        }
        lostLimit = Math.max(lostLimit, frontier);
    }

    /**
     * Deems the segment holding seq lost (a timer-based detector: RACK, TEB). A retransmission in
     * flight is deemed lost with it. Returns false when seq is not outstanding or is SACKed.
     */
    public boolean markLost(long seq) {
        long o = findSegment(seq);
        if (o < 0 || (flags[slot(o)] & SACKED) != 0) {
            return false;
        }
        markLostAt(o);
        lostLimit = Math.max(lostLimit, o + 1);
        rule1Cursor = Math.min(rule1Cursor, o);
        return true;
    }

    /**
     * RTO (RFC 6675 §5.1, RFC 5681 §3.1): every outstanding not-SACKed segment is lost, its
     * retransmissions too; NextSeg starts again from SND.UNA. O(segments), once per timeout.
     * Returns the bytes that were not lost before.
     */
    public long markAllLost() {
        long before = lostBytes;
        for (long o = headOrd; o < endOrd; o++) {
            if ((flags[slot(o)] & SACKED) == 0) {
                markLostAt(o);
            }
        }
        frontier = lostLimit = endOrd;
        sackedCountAtOrAbove = sackedBytesAtOrAbove = 0;
        rule1Cursor = rule3Cursor = headOrd;
        return lostBytes - before;
    }

    /**
     * Path MTU fell (RFC 1191, RFC 8201): every outstanding not-SACKed segment longer than
     * {@code maxLength} was or will be dropped on the path, its retransmissions too, so it is deemed
     * lost (Linux tcp_simple_retransmit does the same). O(segments), once per MTU decrease.
     * Returns the bytes that were not lost before.
     */
    public long markLostLongerThan(int maxLength) {
        long before = lostBytes;
        for (long o = headOrd; o < endOrd; o++) {
            int i = slot(o);
            if ((flags[i] & SACKED) == 0 && length(i) > maxLength) {
                markLostAt(o);
                lostLimit = Math.max(lostLimit, o + 1);
                rule1Cursor = Math.min(rule1Cursor, o);
            }
        }
        return lostBytes - before;
    }

    private void markLostAt(long o) {
        markLostAt(o, false);
    }

    /**
     * Marks segment o LOST. {@code keepRetransmission}: RFC 6675 IsLost speaks of the original
     * only, so a retransmission already under way (NextSeg rule 3) stays in flight and in pipe;
     * a timer-based detector that deems the segment lost deems its retransmission lost too.
     */
    private void markLostAt(long o, boolean keepRetransmission) {
        int i = slot(o);
        byte before = flags[i];
        byte after = (byte) (before | LOST);
        setFlags(o, keepRetransmission ? after : (byte) (after & ~RETRANSMITTED));
        boolean leftFlight = inFlightOrder(before) && !inFlightOrder(flags[i]);
        if (leftFlight) {
            sendOrder.remove(o);
        }
        if (lostListener != null && ((before & LOST) == 0 || leftFlight)) {
            lostListener.lost(start(i), length(i));
        }
    }

    /**
     * Undo of a loss episode found spurious (RFC 4015; Linux unmarks losses the same way): clears
     * every LOST mark and restarts the loss frontier at SND.UNA, so the next {@link #updateLoss}
     * re-marks only what SACK still proves lost. O(segments), once per undo.
     */
    public void unmarkAllLost() {
        long count = 0;
        long bytes = 0;
        for (long o = headOrd; o < endOrd; o++) {
            int i = slot(o);
            if ((flags[i] & LOST) != 0) {
                setFlags(o, (byte) (flags[i] & ~LOST));
            }
            if ((flags[i] & SACKED) != 0) {
                count++;
                bytes += length(i);
            }
        }
        frontier = lostLimit = rule1Cursor = headOrd;
        sackedCountAtOrAbove = count;
        sackedBytesAtOrAbove = bytes;
        rebuildSendOrder();
    }

    /** Puts every in-flight segment back in send-time order. O(n log n), allocates: undo and reneging only. */
    private void rebuildSendOrder() {
        long[] bySendTime = LongStream.range(headOrd, endOrd).filter(o -> inFlightOrder(flags[slot(o)])).boxed()
                .sorted(Comparator.comparingLong(o -> sendTime(slot(o))))
                .mapToLong(Long::longValue).toArray();
        sendOrder.rebuild(bySendTime, bySendTime.length);
    }

    /**
     * Forgets all SACK information (receiver reneging, RFC 2018 §8; RFC 6675 §5.1). LOST marks
     * stay; the loss frontier starts again at SND.UNA. O(segments log segments), allocates: rare.
     */
    public void clearSack() {
        for (long o = headOrd; o < endOrd; o++) {
            int i = slot(o);
            if ((flags[i] & SACKED) != 0) {
                setFlags(o, (byte) (flags[i] & ~SACKED));
            }
            setNextUnsacked(i, o);
        }
        frontier = rule3Cursor = headOrd;
        sackedCountAtOrAbove = sackedBytesAtOrAbove = 0;
        highestSackedOrd = -1;
        rebuildSendOrder();
    }

    /** Forgets everything; the next {@link #onSend} may start at any sequence number. */
    public void reset() {
        headOrd = endOrd = frontier = lostLimit = rule1Cursor = rule3Cursor = 0;
        highData = highestSackedOrd = fack = -1;
        pipe = sackedBytes = sackedSegments = retransmittedSegments = lostBytes = sackedCountAtOrAbove = sackedBytesAtOrAbove = 0;
        lostSegments = retransmissionsInFlight = 0;
        sendOrder.clear();
    }

    // ---------------------------------------------------------------- NextSeg (RFC 6675 §4)

    /**
     * NextSeg rule 1: start of the lowest segment that is LOST, not SACKed and not retransmitted
     * since it was deemed lost, or -1. Amortized O(1): a cursor that only moves forward, except
     * back to a segment {@link #markLost} marks below it.
     */
    public long nextLostToRetransmit() {
        long c = Math.max(rule1Cursor, headOrd);
        long limit = Math.min(lostLimit, endOrd);
        while (c < limit && (flags[slot(c)] & (LOST | RETRANSMITTED | SACKED)) != LOST) {
            c++;
        }
        rule1Cursor = c;
        return c < limit ? start(slot(c)) : -1;
    }

    /**
     * NextSeg rule 3: start of the lowest segment that is not SACKed, not deemed lost (rule 1
     * serves those) and not retransmitted, with a SACKed segment above it; or -1. A segment
     * skipped once never qualifies again (until {@link #clearSack}), so the cursor only moves
     * forward. Rule 4 (rescue) is the caller's.
     */
    public long nextUnsackedBelowHighestSacked() {
        long c = Math.max(rule3Cursor, headOrd);
        while (c < highestSackedOrd && (flags[slot(c)] & (SACKED | LOST | RETRANSMITTED)) != 0) {
            c++;
        }
        rule3Cursor = c;
        return c < highestSackedOrd ? start(slot(c)) : -1;
    }

    /**
     * NextSeg rule 4 (rescue): start of the segment holding the highest outstanding unSACKed
     * sequence number, or -1 when every outstanding segment is SACKed. Scans down from the top
     * past SACKed segments; called at most once per recovery episode.
     */
    public long highestUnsackedSegment() {
        for (long o = endOrd - 1; o >= headOrd; o--) {
            if ((flags[slot(o)] & SACKED) == 0) {
                return start(slot(o));
            }
        }
        return -1;
    }

    // ---------------------------------------------------------------- queries

    @Override
    public long pipe() { return pipe; }

    @Override
    public long sackedBytes() { return sackedBytes; }

    @Override
    public long retransmittedSegments() { return retransmittedSegments; }

    @Override
    public long sackedSegments() { return sackedSegments; }

    @Override
    public long lostBytes() { return lostBytes; }

    /** Outstanding segments deemed lost, retransmitted or not (Linux lost_out). */
    public long lostSegments() { return lostSegments; }

    /** Segments retransmitted and not since SACKed or deemed lost again (Linux retrans_out). */
    public long retransmissionsInFlight() { return retransmissionsInFlight; }

    @Override
    public long highestSacked() {
        return highestSackedOrd >= headOrd ? end(highestSackedOrd) : -1;
    }

    @Override
    public long highData() { return highData; }

    @Override
    public long sndUna() {
        return headOrd < endOrd ? start(slot(headOrd)) : highData;
    }

    @Override
    public int count() { return (int) (endOrd - headOrd); }

    @Override
    public boolean isEmpty() { return endOrd == headOrd; }

    @Override
    public boolean isLost(long seq) {
        long o = findSegment(seq);
        return o >= 0 && (flags[slot(o)] & (LOST | SACKED)) == LOST;
    }

    @Override
    public boolean isSacked(long seq) {
        long o = findSegment(seq);
        return o >= 0 && (flags[slot(o)] & SACKED) != 0;
    }

    @Override
    public int segmentLength(long seq) {
        long o = findSegment(seq);
        return o < 0 ? -1 : length(slot(o));
    }

    @Override
    public long sendTimeOf(long seq) {
        long o = findSegment(seq);
        return o < 0 ? -1 : sendTime(slot(o));
    }

    @Override
    public int txCountOf(long seq) {
        long o = findSegment(seq);
        return o < 0 ? 0 : txCount(slot(o));
    }

    @Override
    public long oldestOutstandingSendTime() {
        long o = sendOrder.first();
        return o < 0 ? -1 : sendTime(slot(o));
    }

    @Override
    public long oldestOutstandingSeq() {
        long o = sendOrder.first();
        return o < 0 ? -1 : start(slot(o));
    }

    // ---------------------------------------------------------------- time order, for timer-based detectors

    @Override
    public long firstInFlight() {
        return sendOrder.first();
    }

    @Override
    public long nextInFlight(long h) {
        return sendOrder.next(h);
    }

    @Override
    public long sendTimeAt(long h) { return sendTime(slot(h)); }

    @Override
    public int txCountAt(long h) { return txCount(slot(h)); }

    @Override
    public long endAt(long h) { return end(h); }

    /** Deems the in-flight segment with handle h lost (RACK, TEB); it leaves the time order. */
    public void markLostHandle(long h, AckResult out) {
        out.newlyLostBytes += length(slot(h));
        markLostAt(h);
        lostLimit = Math.max(lostLimit, h + 1);
        rule1Cursor = Math.min(rule1Cursor, h);
    }

    /**
     * The rule of a fixed-age timer detector: deems lost every in-flight segment sent at or before
     * {@code cutoff} (with {@code originalsOnly}, only those never retransmitted; a retransmission
     * is left to the RTO) and returns the send time of the oldest one sent after it — whose age
     * arms the next deadline — or -1 when none is. Walks the time order up to that segment only.
     */
    public long markLostSentBefore(long cutoff, boolean originalsOnly, AckResult out) {
        for (long h = firstInFlight(); h >= 0; ) {
            long next = nextInFlight(h); // read first: marking h lost takes it out of the order
            long sent = sendTimeAt(h);
            if (sent > cutoff) {
                return sent;
            }
            if (!originalsOnly || txCountAt(h) == 1) {
                markLostHandle(h, out);
            }
            h = next;
        }
        return -1;
    }

    /** Who hears of each segment marked lost (the sender's trace); null for nobody. */
    public void setLostListener(LostSegmentListener listener) {
        this.lostListener = listener;
    }

    // ---------------------------------------------------------------- internals

    /** Changes a segment's flags, keeping pipe, SACKed and lost bytes and the frontier counts in step. */
    private void setFlags(long o, byte newFlags) {
        account(o, -1);
        flags[slot(o)] = newFlags;
        account(o, 1);
    }

    /** Adds (sign 1) or removes (sign -1) segment o's share of the running totals. */
    private void account(long o, int sign) {
        int i = slot(o);
        long len = (long) sign * length(i);
        byte f = flags[i];
        if ((f & SACKED) != 0) {
            sackedBytes += len;
            sackedSegments += sign;
            if (o >= frontier) {
                sackedCountAtOrAbove += sign;
                sackedBytesAtOrAbove += len;
            }
            return;
        }
        if ((f & LOST) != 0) {
            lostBytes += len;
            lostSegments += sign;
        } else {
            pipe += len;
        }
        if ((f & RETRANSMITTED) != 0) {
            pipe += len;
            retransmissionsInFlight += sign;
        }
    }

    /** Ordinal of the outstanding segment holding seq, or -1. */
    private long findSegment(long seq) {
        if (headOrd == endOrd || seq < start(slot(headOrd)) || seq >= highData) {
            return -1;
        }
        long first = start(slot(headOrd));
        long guess = headOrd + (seq - first) * count() / (highData - first);
        for (long o = Math.max(headOrd, guess - 1); o <= Math.min(endOrd - 1, guess + 1); o++) {
            if (start(slot(o)) <= seq && seq < end(o)) {
                return o;
            }
        }
        long lo = headOrd;
        long hi = endOrd - 1;
        while (lo < hi) { // last ordinal whose start is <= seq
            long mid = (lo + hi + 1) >>> 1;
            if (start(slot(mid)) <= seq) {
                lo = mid;
            } else {
                hi = mid - 1;
            }
        }
        return lo;
    }

    private long segmentStartingAt(long seq) {
        long o = findSegment(seq);
        if (o < 0 || start(slot(o)) != seq) {
            throw new IllegalArgumentException("no outstanding segment starts at " + seq);
        }
        return o;
    }

    private long end(long o) {
        int i = slot(o);
        return start(i) + length(i);
    }

    private int slot(long o) {
        return (int) (o & mask);
    }

    // ---------------------------------------------------------------- the records of slot i

    private long start(int i) { return hot[i * HOT + START]; }
    private void setStart(int i, long seq) { hot[i * HOT + START] = seq; }
    private int length(int i) { return (int) hot[i * HOT + LENGTH_TX]; }
    private int txCount(int i) { return (int) (hot[i * HOT + LENGTH_TX] >>> 32); }
    private void setLength(int i, int len) {
        hot[i * HOT + LENGTH_TX] = (hot[i * HOT + LENGTH_TX] & 0xFFFFFFFF00000000L) | (len & 0xFFFFFFFFL);
    }
    private void setTxCount(int i, int n) {
        hot[i * HOT + LENGTH_TX] = ((long) n << 32) | (hot[i * HOT + LENGTH_TX] & 0xFFFFFFFFL);
    }
    private long sendTime(int i) { return hot[i * HOT + SEND_TIME]; }
    private void setSendTime(int i, long t) { hot[i * HOT + SEND_TIME] = t; }
    private long nextUnsacked(int i) { return hot[i * HOT + NEXT_UNSACKED]; }
    private void setNextUnsacked(int i, long o) { hot[i * HOT + NEXT_UNSACKED] = o; }
    private long deliveredAtSend(int i) { return rate[i * RATE + AT_DELIVERED]; }
    private void setDeliveredAtSend(int i, long v) { rate[i * RATE + AT_DELIVERED] = v; }
    private long deliveredTimeAtSend(int i) { return rate[i * RATE + AT_DELIVERED_TIME]; }
    private void setDeliveredTimeAtSend(int i, long v) { rate[i * RATE + AT_DELIVERED_TIME] = v; }
    private long firstSentTimeAtSend(int i) { return rate[i * RATE + AT_FIRST_SENT]; }
    private void setFirstSentTimeAtSend(int i, long v) { rate[i * RATE + AT_FIRST_SENT] = v; }
    private long lostAtSend(int i) { return rate[i * RATE + AT_LOST]; }
    private void setLostAtSend(int i, long v) { rate[i * RATE + AT_LOST] = v; }
    private long pipeAfterSend(int i) { return rate[i * RATE + AT_PIPE]; }
    private void setPipeAfterSend(int i, long v) { rate[i * RATE + AT_PIPE] = v; }

    private void grow() {
        int n = count();
        int newMask = mask * 2 + 1;
        hot = Rings.grow(hot, HOT, headOrd, n, mask, newMask);
        rate = Rings.grow(rate, RATE, headOrd, n, mask, newMask);
        flags = Rings.grow(flags, 1, headOrd, n, mask, newMask);
        sendOrder.grow(headOrd, n, newMask);
        mask = newMask;
    }
}
