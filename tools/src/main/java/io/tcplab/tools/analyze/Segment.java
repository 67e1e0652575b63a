package io.tcplab.tools.analyze;

import io.tcplab.stack.wire.TcpHeader;

/**
 * One TCP segment as captured: the header fields the analysis uses, raw (sequence numbers are
 * 32-bit, the window unscaled). {@code windowScale} is -1 without the option, {@code sack} holds
 * the SACK blocks' edges in pairs (left, right).
 */
record Segment(long frame, long timeNanos, String src, int srcPort, String dst, int dstPort, int seq, int ack,
               int flags, int window, int payload, int windowScale, boolean timestamps, int tsVal, int tsEcr,
               int[] sack) {

    boolean has(int flag) {
        return (flags & flag) != 0;
    }

    /** SYN and FIN each take one sequence number. */
    int sequenceLength() {
        return payload + (has(TcpHeader.SYN) ? 1 : 0) + (has(TcpHeader.FIN) ? 1 : 0);
    }

    String from() {
        return Endpoints.text(src, srcPort);
    }

    String to() {
        return Endpoints.text(dst, dstPort);
    }
}
