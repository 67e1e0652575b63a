package io.tcplab.stack.loss;

/**
 * What one ACK changed on the {@link Scoreboard}, accumulated over its cumulative ACK, its SACK
 * blocks and the loss update that follows. One reusable instance per connection: {@link #clear()}
 * it before each ACK, read it after.
 */
public final class AckResult {
    /** Bytes newly acknowledged by the cumulative ACK that were not SACKed before. */
    public long newlyAckedBytes;
    /** Bytes newly SACKed by this ACK's blocks. */
    public long newlySackedBytes;
    /** Bytes newly marked lost by {@link Scoreboard#updateLoss}. */
    public long newlyLostBytes;
    /** A newly acknowledged (cumulatively) segment had been retransmitted at some point: Karn's rule. */
    public boolean newlyAckedEverRetransmitted;

    /**
     * Of the segments newly delivered (acked or SACKed), the one sent last: its send time and
     * transmission count (RTT sample, RACK), end sequence (RACK tie-break) and the delivery state
     * recorded when it was sent (delivery-rate sample, as Linux tcp_rate.c). -1 when none.
     */
    public long newestSendTime = -1;
    public int newestTxCount;
    public long newestEndSeq = -1;
    public long newestDeliveredAtSend = -1;
    public long newestDeliveredTimeAtSend = -1;
    public long newestFirstSentTime = -1;
    public boolean newestAppLimited;
    /** Its P.lost and P.tx_in_flight (draft-ietf-ccwg-bbr §4.1.2.1.2); -1 when none or not stamped. */
    public long newestLostAtSend = -1;
    public long newestTxInFlight = -1;
    /**
     * The same for the newest of those that were sent only once, whose send time no earlier
     * transmission makes ambiguous (TEB's evidence of a lost retransmission). -1 when none.
     */
    public long newestOriginalSendTime = -1;
    public long newestOriginalEndSeq = -1;
    /**
     * For Linux's RACK.rtt (tcp_rack_advance keeps the RTT of every segment it accepts, the last one
     * winning): the ACK's arrival and min RTT ({@link #clock}), then per path the highest newly
     * delivered segment's RTT that is not an ambiguous retransmission (resent, and quicker than min
     * RTT). Linux tags SACKed segments first and then the cumulatively acknowledged, each in
     * sequence order, so the last is the highest acknowledged one, else the highest SACKed.
     */
    private long clockNow = -1;
    private long clockMinRtt = -1;
    private long lastAckedEnd = -1;
    private long lastAckedRtt = -1;
    private long lastSackedEnd = -1;
    private long lastSackedRtt = -1;
    /** A segment never retransmitted was delivered below the highest delivered one (RFC 8985 §6.2 step 3). */
    public boolean reordering;

    /** A D-SACK block (RFC 2883) was seen, reporting [dsackLeft, dsackRight). */
    public boolean dsack;
    public long dsackLeft;
    public long dsackRight;

    /** Starts {@link #lastDeliveredRtt} for an ACK that arrived at {@code now}; {@code minRtt} -1 when unknown. */
    public void clock(long now, long minRtt) {
        clockNow = now;
        clockMinRtt = minRtt;
    }

    /** The RTT Linux's RACK would keep from this ACK (see the fields above); -1 when none or no {@link #clock}. */
    public long lastDeliveredRtt() {
        return lastAckedRtt >= 0 ? lastAckedRtt : lastSackedRtt;
    }

    public boolean anyNewlySacked() {
        return newlySackedBytes > 0;
    }

    public void clear() {
        newlyAckedBytes = newlySackedBytes = newlyLostBytes = 0;
        newlyAckedEverRetransmitted = false;
        newestSendTime = newestEndSeq = newestDeliveredAtSend = newestDeliveredTimeAtSend = newestFirstSentTime = -1;
        newestOriginalSendTime = newestOriginalEndSeq = -1;
        newestTxCount = 0;
        newestAppLimited = false;
        newestLostAtSend = newestTxInFlight = -1;
        clockNow = clockMinRtt = lastAckedEnd = lastAckedRtt = lastSackedEnd = lastSackedRtt = -1;
        reordering = false;
        dsack = false;
        dsackLeft = dsackRight = 0;
    }

    void delivered(long sendTime, int txCount, long endSeq, long deliveredAtSend, long deliveredTimeAtSend,
                   long firstSentTime, boolean appLimited, long lostAtSend, long txInFlight, boolean bySack) {
        long rtt = clockNow - sendTime;
        if (clockNow >= 0 && (txCount == 1 || clockMinRtt < 0 || rtt >= clockMinRtt)) {
            if (bySack && endSeq > lastSackedEnd) {
                lastSackedEnd = endSeq;
                lastSackedRtt = rtt;
            } else if (!bySack && endSeq > lastAckedEnd) {
                lastAckedEnd = endSeq;
                lastAckedRtt = rtt;
            }
        }
        if (txCount == 1 && (sendTime > newestOriginalSendTime
                || (sendTime == newestOriginalSendTime && endSeq > newestOriginalEndSeq))) {
            newestOriginalSendTime = sendTime;
            newestOriginalEndSeq = endSeq;
        }
        if (sendTime > newestSendTime || (sendTime == newestSendTime && endSeq > newestEndSeq)) {
            newestSendTime = sendTime;
            newestTxCount = txCount;
            newestEndSeq = endSeq;
            newestDeliveredAtSend = deliveredAtSend;
            newestDeliveredTimeAtSend = deliveredTimeAtSend;
            newestFirstSentTime = firstSentTime;
            newestAppLimited = appLimited;
            newestLostAtSend = lostAtSend;
            newestTxInFlight = txInFlight;
        }
    }

    void dsack(long left, long right) {
        dsack = true;
        dsackLeft = left;
        dsackRight = right;
    }
}
