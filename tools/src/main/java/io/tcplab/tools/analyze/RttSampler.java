package io.tcplab.tools.analyze;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.TreeMap;

/**
 * The RTT samples of one direction's segments, seen from the capture point, two ways.
 *
 * <p>SEQ/ACK: a segment (data, SYN or FIN) is timed from when it was captured to the first ACK
 * from the other side whose number equals its end (SEQ + length, SYN and FIN counting one), as
 * tshark's {@code tcp.analysis.ack_rtt}; an ACK that ends inside a segment or beyond the end of
 * the newest segment it covers times nothing, and every segment it covers is done. Karn's rule:
 * a segment whose bytes were sent more than once (a retransmission, or an original that a later
 * retransmission overlapped) gives no sample; tshark times those too, from the first copy.
 *
 * <p>Timestamps: the first packet of the other side that echoes a TSval in TSecr, newer than any
 * TSecr it echoed before, times the first packet of this direction that carried that TSval.
 */
final class RttSampler {
    private static final int PRUNE_EVERY = 1024;

    /** A segment not yet covered by an ACK, keyed by its end. */
    private static final class Sent {
        final long start;
        final long timeNanos;
        boolean sentAgain;

        Sent(long start, long timeNanos, boolean sentAgain) {
            this.start = start;
            this.timeNanos = timeNanos;
            this.sentAgain = sentAgain;
        }
    }

    private final NavigableMap<Long, Sent> unacked = new TreeMap<>();
    private final Map<Integer, Long> firstTsVal = new HashMap<>();
    private boolean echoed;
    private int lastEcho;
    private int echoes;
    private final List<RttSample> ackSamples = new ArrayList<>();
    private final List<RttSample> tsSamples = new ArrayList<>();

    /** A segment of sequence space [start, end) captured at {@code timeNanos}; {@code again} if it re-sends bytes. */
    void sent(long start, long end, long timeNanos, boolean again) {
        boolean overlapped = again;
        for (Sent s : unacked.tailMap(start, false).values()) {
            if (s.start >= end) {
                break;
            }
            s.sentAgain = true;
            overlapped = true;
        }
        Sent old = unacked.get(end);
        if (old == null) {
            unacked.put(end, new Sent(start, timeNanos, overlapped));
        }
    }

    /** An ACK of this direction's sequence space with number {@code ack}; a sample is kept when {@code counted}. */
    void acked(long ack, long timeNanos, long frame, boolean counted) {
        Sent s = unacked.get(ack);
        if (s != null && !s.sentAgain && counted) {
            ackSamples.add(new RttSample(timeNanos, timeNanos - s.timeNanos, frame));
        }
        unacked.headMap(ack, true).clear();
    }

    /** A packet of this direction carrying {@code tsVal}. */
    void tsSent(int tsVal, long timeNanos) {
        if (echoed && tsVal - lastEcho <= 0) {
            return; // already echoed: a later echo of it would time this packet from the wrong one
        }
        firstTsVal.putIfAbsent(tsVal, timeNanos);
    }

    /** A packet of the other side echoing {@code tsEcr}. */
    void tsEchoed(int tsEcr, long timeNanos, long frame, boolean counted) {
        if (echoed && tsEcr - lastEcho <= 0) {
            return;
        }
        echoed = true;
        lastEcho = tsEcr;
        Long sent = firstTsVal.remove(tsEcr);
        if (sent != null && counted) {
            tsSamples.add(new RttSample(timeNanos, timeNanos - sent, frame));
        }
        if (++echoes % PRUNE_EVERY == 0) {
            for (Iterator<Integer> it = firstTsVal.keySet().iterator(); it.hasNext(); ) {
                if (it.next() - lastEcho <= 0) {
                    it.remove();
                }
            }
        }
    }

    List<RttSample> ackSamples() {
        return ackSamples;
    }

    List<RttSample> tsSamples() {
        return tsSamples;
    }
}
