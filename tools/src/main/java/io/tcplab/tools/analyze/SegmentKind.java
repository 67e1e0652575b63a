package io.tcplab.tools.analyze;

/** What the sequence analysis made of a segment that carries data, a SYN or a FIN (see {@link SequenceAnalysis}). */
enum SegmentKind {
    /** New sequence space: it starts at or beyond the highest byte sent before. */
    NEW,
    /** Starts below the highest byte sent before: Wireshark's plain "TCP Retransmission". */
    RETRANSMISSION,
    /** A retransmission at the ACK point after at least two duplicate ACKs, within 20 ms of the last. */
    FAST_RETRANSMISSION,
    /** A retransmission of bytes the receiver had already acknowledged. */
    SPURIOUS_RETRANSMISSION,
    /** Starts below the highest byte sent before, but soon after it (within the handshake RTT): reordered on the way. */
    OUT_OF_ORDER,
    /** A keep-alive (0 or 1 byte at the highest byte sent less one) or a zero-window probe: neither. */
    PROBE;

    /** Counted as {@code tcp.analysis.retransmission} counts: plain, fast and spurious alike. */
    boolean retransmission() {
        return this == RETRANSMISSION || this == FAST_RETRANSMISSION || this == SPURIOUS_RETRANSMISSION;
    }
}
