package io.tcplab.examples.recovery;

import io.tcplab.stack.cc.CongestionSignal;
import io.tcplab.stack.loss.AckResult;
import io.tcplab.stack.recovery.DetectorContext;
import io.tcplab.stack.recovery.LossDetector;
import io.tcplab.stack.recovery.LossVerdict;

/**
 * A teaching example of a loss detector written outside the stack: a first transmission still
 * unacknowledged (and not SACKed) max(k × SRTT, min) after it left is deemed lost.
 *
 * <p>Where the idea comes from, honestly: it is the simplest time-based rule there is. RFC 8985
 * (RACK) also marks segments lost by time rather than by counting duplicate ACKs, but against
 * the RTT of the newest delivered segment plus a reordering window; RFC 6298's retransmission
 * timer also waits a multiple of the RTT, but SRTT + 4·RTTVAR and for the oldest segment only.
 * This rule takes SRTT (RFC 6298 §2) times a fixed {@code k} for every segment and nothing else;
 * it is not from either RFC and not meant to beat them.
 *
 * <p>The floor {@code min} is there because an ACK can be late for reasons that have nothing to
 * do with the path: on a local link SRTT is well under a millisecond while a receiver may hold its
 * ACK for tens (RFC 9293 §3.8.6.3 allows up to 500 ms). RFC 6298 §2.4 rounds its timer up to a
 * minimum for the same reason. The floor is not enough on a real path: over a loss-free TUN link
 * to Linux the rule still marked from none to a fifth of the segments lost from run to run
 * (SrttMultipleTunTest prints the count), where RACK marked none in the runs tried. A
 * timer-only rule is that fragile wherever the RTT varies; that is the lesson of the example.
 *
 * <p>Retransmissions are left alone: their send time says little about when the original was
 * lost, and the sender's RFC 6298 timer still covers a lost retransmission.
 */
public final class SrttMultipleDetector implements LossDetector {
    /** The name trace rows ({@code LOSS_DETECTED}) carry for this detector's marks. */
    public static final String NAME = "srtt-multiple";

    private final DetectorContext view;
    private final double k;
    private final long minNanos;
    private long deadline = NONE;

    public SrttMultipleDetector(DetectorContext view, double k, long minNanos) {
        this.view = view;
        this.k = k;
        this.minNanos = minNanos;
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public CongestionSignal signal() {
        return CongestionSignal.TIMER_LOSS;
    }

    @Override
    public void onAck(long now, AckResult ack, LossVerdict verdict) {
        scan(now, verdict);
    }

    @Override
    public void onSent(long now, boolean newData) {
        // The timer only needs arming when nothing older is pending: an earlier deadline wins.
        long srtt = view.srtt();
        if (deadline == NONE && srtt > 0) {
            deadline = now + timeout(srtt);
        }
    }

    @Override
    public long deadline() {
        return deadline;
    }

    @Override
    public void onTimer(long now, LossVerdict verdict) {
        scan(now, verdict);
    }

    /** Marks every first transmission older than the timeout lost and arms the deadline of the oldest that is not yet. */
    private void scan(long now, LossVerdict verdict) {
        deadline = NONE;
        long srtt = view.srtt();
        if (srtt <= 0) {
            return; // no RTT sample yet: only the RFC 6298 timer can find a loss
        }
        long timeout = timeout(srtt);
        long youngest = verdict.lostSentBefore(now - timeout, true);
        if (youngest >= 0) {
            deadline = youngest + timeout;
        }
    }

    private long timeout(long srtt) {
        return Math.max(minNanos, (long) (k * srtt));
    }
}
