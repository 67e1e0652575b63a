package io.tcplab.tools.scenario;

import java.util.Map;

/**
 * What a transfer did. {@code complete} is true when every byte arrived and both SHA-256 digests
 * are equal.
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
        long dataPacketsEmulated,
        long finalCwndBytes,
        double finalSrttMillis,
        Map<String, Long> drops) {

    public boolean streamsEqual() {
        return complete && sha256Sent.equals(sha256Received) && bytesSent == bytesReceived;
    }
}
