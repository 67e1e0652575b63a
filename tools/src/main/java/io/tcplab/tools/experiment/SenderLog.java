package io.tcplab.tools.experiment;

import io.tcplab.stack.trace.TraceListener;
import io.tcplab.stack.trace.TraceRecord;

/**
 * What the experiment keeps of a sender's trace: the window whenever it changes, the segments
 * sent and retransmitted and SND.UNA at each ACK (the time-sequence graph, sequence numbers
 * counted from the first segment), and counts of the events the table shows. Counting trace
 * events rather than reading counters keeps working whatever recovery the stack runs: a double
 * drop is a {@code DOUBLE_DROP} row (one per response to retransmissions deemed lost again),
 * kept with its time and SND.UNA.
 *
 * <p>Times are kept from {@code originNanos} (the emulator's 0, or the {@code System.nanoTime} a
 * real run's link started at); records after {@code endNanos} (the reset that ends a real run) are
 * left out.
 */
public final class SenderLog implements TraceListener {
    final Series cwnd = new Series();
    final Series ssthresh = new Series();
    final Series sent = new Series();
    final Series retransmitted = new Series();
    final Series acked = new Series();
    final Series doubleDropped = new Series();
    private final long originNanos;
    private final long endNanos;
    private long firstSeq = -1;
    private long lastCwnd = -1;
    private long lastSsthresh = -1;
    long rtos;
    long retransmissions;
    long spuriousUndos;

    /** A log of the emulator's times as they are. */
    public SenderLog() {
        this(0, Long.MAX_VALUE);
    }

    public SenderLog(long originNanos, long endNanos) {
        this.originNanos = originNanos;
        this.endNanos = endNanos;
    }

    @Override
    public void onTrace(TraceRecord r) {
        long t = r.nowNanos - originNanos;
        if (t > endNanos) {
            return;
        }
        window(t, r.cwnd, r.ssthresh);
        switch (r.event) {
            case SEND -> {
                if (firstSeq < 0) {
                    firstSeq = r.seq;
                }
                sent.add(t, r.seq - firstSeq);
            }
            case RETRANSMIT -> {
                retransmissions++;
                retransmitted.add(t, r.seq - firstSeq);
            }
            case ACK -> {
                if (firstSeq >= 0) {
                    acked.add(t, r.sndUna - firstSeq);
                }
            }
            case RTO -> rtos++;
            case SPURIOUS_UNDO -> spuriousUndos++;
            case DOUBLE_DROP -> doubleDropped.add(t, r.sndUna);
            default -> {
            }
        }
    }

    /** The counts of the events seen so far. */
    SenderCounts counts() {
        return new SenderCounts(rtos, retransmissions, spuriousUndos, (long) doubleDropped.size());
    }

    /** Records the window and ssthresh at {@code t} when either changed. */
    void window(long t, long cwndBytes, long ssthreshBytes) {
        if (cwndBytes != lastCwnd || ssthreshBytes != lastSsthresh) {
            cwnd.add(t, cwndBytes);
            ssthresh.add(t, ssthreshBytes);
            lastCwnd = cwndBytes;
            lastSsthresh = ssthreshBytes;
        }
    }

    /** The window in force at {@code timeNanos} (the last value set at or before it), or -1 before any. */
    long cwndAt(long timeNanos) {
        long value = -1;
        for (int i = 0; i < cwnd.size() && cwnd.time(i) <= timeNanos; i++) {
            value = cwnd.value(i);
        }
        return value;
    }

    /**
     * Nanoseconds from {@code fromNanos} until the window first touches {@code target} again after
     * falling below it; 0 if it never fell, -1 if it fell and never came back. A first passage:
     * the window may fall again at once.
     */
    long firstBackNanos(long fromNanos, long target) {
        boolean fell = false;
        for (int i = 0; i < cwnd.size(); i++) {
            if (cwnd.time(i) < fromNanos) {
                continue;
            }
            if (cwnd.value(i) < target) {
                fell = true;
            } else if (fell) {
                return cwnd.time(i) - fromNanos;
            }
        }
        return fell ? -1 : 0;
    }

    /**
     * Nanoseconds from {@code fromNanos} until the window is back at {@code target} and stays
     * there through {@code untilNanos}: the time of the change that last lifted it to the target
     * after its last fall below it in {@code [fromNanos, untilNanos]}; 0 if it never fell there, -1
     * if it is below the target at {@code untilNanos}.
     */
    long staysBackNanos(long fromNanos, long untilNanos, long target) {
        long backAt = fromNanos;
        boolean below = false;
        for (int i = 0; i < cwnd.size() && cwnd.time(i) <= untilNanos; i++) {
            if (cwnd.time(i) < fromNanos) {
                continue;
            }
            if (cwnd.value(i) < target) {
                below = true;
            } else if (below) {
                below = false;
                backAt = cwnd.time(i);
            }
        }
        return below ? -1 : backAt - fromNanos;
    }
}
