package io.tcplab.tools.analyze;

import io.tcplab.stack.wire.TcpHeader;

/**
 * Wireshark's TCP sequence analysis ({@code tcp_analyze_sequence_number} in packet-tcp.c), the
 * part behind {@code tcp.analysis.retransmission}, {@code .out_of_order}, {@code .lost_segment}
 * and the duplicate-ACK count it needs, on this analysis's per-direction state. A segment that
 * carries data, a SYN or a FIN and starts below the highest SEQ + length its side sent before
 * ("not advanced") is, in this order: a fast retransmission (at least two duplicate ACKs from
 * the other side, the last within 20 ms, whose number it starts at); out of order (within the
 * out-of-order threshold, the handshake's RTT or 3 ms without one, of the segment that sent
 * the highest byte, and not ending exactly there); a spurious retransmission (all its bytes
 * below the other side's last ACK: this one even when not "not advanced"); else a
 * retransmission. Keep-alives and zero-window probes are none of these.
 */
final class SequenceAnalysis {
    static final long FAST_RETRANSMISSION_NANOS = 20_000_000L;
    static final long DEFAULT_OUT_OF_ORDER_NANOS = 3_000_000L;
    private static final int SYN_FIN_RST = TcpHeader.SYN | TcpHeader.FIN | TcpHeader.RST;

    private SequenceAnalysis() {
    }

    /** The kind of a segment with data, SYN or FIN ({@code seq} unwrapped); null for one with none. */
    static SegmentKind classify(Direction fwd, Direction rev, Segment s, long seq, long outOfOrderNanos) {
        if (s.sequenceLength() == 0) {
            return null;
        }
        if (keepAlive(fwd, s, seq) || windowProbe(fwd, rev, s, seq)) {
            return SegmentKind.PROBE;
        }
        long now = s.timeNanos();
        long end = seq + s.sequenceLength();
        boolean notAdvanced = fwd.nextSeqKnown && seq < fwd.nextSeq;
        if (s.payload() > 1 && fwd.nextSeqKnown && fwd.nextSeq - 1 == seq) {
            notAdvanced = false; // real new data after a possible zero-window probe
        }
        if (notAdvanced && rev.dupAcks >= 2 && rev.lastAckKnown && rev.lastAck == seq
                && now - rev.lastAckTime < FAST_RETRANSMISSION_NANOS) {
            return SegmentKind.FAST_RETRANSMISSION;
        }
        if (notAdvanced && now - fwd.nextSeqTime < outOfOrderNanos && fwd.nextSeq != end) {
            return SegmentKind.OUT_OF_ORDER;
        }
        if (s.payload() > 0 && rev.lastAckKnown && seq + s.payload() <= rev.lastAck) {
            return SegmentKind.SPURIOUS_RETRANSMISSION;
        }
        return notAdvanced ? SegmentKind.RETRANSMISSION : SegmentKind.NEW;
    }

    /** Wireshark's "previous segment not captured": it starts beyond the highest byte sent so far. */
    static boolean gapBefore(Direction fwd, Segment s, long seq) {
        return fwd.nextSeqKnown && seq > fwd.nextSeq && !s.has(TcpHeader.RST);
    }

    /**
     * After the segment's analysis: its end becomes the highest sent if higher (not for a probe),
     * its ACK, duplicate-ACK count and window become its side's last.
     */
    static void update(Direction fwd, Segment s, long seq, long ack, SegmentKind kind) {
        long end = seq + s.sequenceLength();
        boolean duplicateAck = s.payload() == 0 && s.window() != 0 && s.window() == fwd.lastWindow
                && fwd.nextSeqKnown && seq == fwd.nextSeq && fwd.lastAckKnown && ack == fwd.lastAck
                && (s.flags() & SYN_FIN_RST) == 0;
        if (kind != SegmentKind.PROBE && (!fwd.nextSeqKnown || end > fwd.nextSeq)) {
            fwd.nextSeqKnown = true;
            fwd.nextSeq = end;
            fwd.nextSeqTime = s.timeNanos();
        }
        if (s.has(TcpHeader.ACK)) {
            if (duplicateAck) {
                fwd.dupAcks++;
            } else if (!fwd.lastAckKnown || ack != fwd.lastAck) {
                fwd.dupAcks = 0;
            }
            fwd.lastAckKnown = true;
            fwd.lastAck = ack;
            fwd.lastAckTime = s.timeNanos();
        }
        fwd.lastWindow = s.window();
    }

    private static boolean keepAlive(Direction fwd, Segment s, long seq) {
        return s.payload() <= 1 && fwd.nextSeqKnown && seq == fwd.nextSeq - 1 && (s.flags() & SYN_FIN_RST) == 0;
    }

    private static boolean windowProbe(Direction fwd, Direction rev, Segment s, long seq) {
        return s.payload() == 1 && fwd.nextSeqKnown && seq == fwd.nextSeq && rev.lastWindow == 0;
    }
}
