package io.tcplab.tools.ab;

import io.tcplab.tools.link.bridge.DirectionStats;

/**
 * ECN in one A/B run: whether the sender's connection negotiated it (its own view: ss's
 * {@code ecn} flag for the kernel, {@code ConnectionInfo.ecn} for tcplab), and what the link saw
 * left to right: ECN-capable packets, the CE marks it set, and the segments carrying CWR, each a
 * window reduction the sender announced after an ECE (RFC 3168 §6.1.2). Linux sets CWR after a
 * loss-driven reduction too while ECN is on, so with drops the kernel's count includes those.
 */
public record EcnCounts(boolean negotiated, long ectPackets, long ceMarks, long cwrSegments) {
    static EcnCounts of(boolean negotiated, DirectionStats forward) {
        return new EcnCounts(negotiated, forward.ectOffered(), forward.link().ceMarked(), forward.cwrOffered());
    }
}
