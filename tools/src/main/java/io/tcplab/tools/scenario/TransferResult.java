package io.tcplab.tools.scenario;

import io.tcplab.stack.conn.AccEcnCounts;
import io.tcplab.tools.link.LinkStats;
import java.util.Map;

/**
 * What a transfer did. {@code complete} is true when every byte arrived and both SHA-256 digests
 * are equal. {@code drops} are the stacks' own (reason → count); {@code links} the counters of
 * each emulated link by name ("forward" carries data, "reverse" ACKs). {@code cpuSeconds} is the
 * emulating thread's own CPU time (no hashing threads, compiler or GC): on a shared machine the
 * figure that wall time is not. {@code ecn} is the feedback the sender's handshake settled on
 * ({@code off}, {@code classic} or {@code accecn}); with AccECN, {@code accEcn} holds the sender's
 * counters (the CE marks it learned from the feedback) and {@code receiverAccEcn} the receiver's
 * (what it counted arriving), else both are null.
 */
public record TransferResult(
        boolean complete,
        long bytesSent,
        long bytesReceived,
        String sha256Sent,
        String sha256Received,
        double goodputBitsPerSec,
        long segmentsSent,
        long segmentsRetransmitted,
        long rtoCount,
        long fastRecoveries,
        long spuriousUndos,
        double simulatedSeconds,
        double wallSeconds,
        double cpuSeconds,
        long dataPacketsEmulated,
        long finalCwndBytes,
        double finalSrttMillis,
        Map<String, Long> drops,
        Map<String, LinkStats> links,
        String ecn,
        AccEcnCounts accEcn,
        AccEcnCounts receiverAccEcn) {

    /** A result without ECN feedback to report. */
    public TransferResult(boolean complete, long bytesSent, long bytesReceived, String sha256Sent,
                          String sha256Received, double goodputBitsPerSec, long segmentsSent,
                          long segmentsRetransmitted, long rtoCount, long fastRecoveries, long spuriousUndos,
                          double simulatedSeconds, double wallSeconds, double cpuSeconds, long dataPacketsEmulated,
                          long finalCwndBytes, double finalSrttMillis, Map<String, Long> drops,
                          Map<String, LinkStats> links) {
        this(complete, bytesSent, bytesReceived, sha256Sent, sha256Received, goodputBitsPerSec, segmentsSent,
                segmentsRetransmitted, rtoCount, fastRecoveries, spuriousUndos, simulatedSeconds, wallSeconds,
                cpuSeconds, dataPacketsEmulated, finalCwndBytes, finalSrttMillis, drops, links, "off", null, null);
    }

    public boolean streamsEqual() {
        return complete && sha256Sent.equals(sha256Received) && bytesSent == bytesReceived;
    }
}
