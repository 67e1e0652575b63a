package io.tcplab.tools.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.PrintWriter;
import java.util.Locale;

/**
 * What one connection of {@code serve} or {@code send} did: bytes and SHA-256 each way, goodput,
 * and the connection's final counters and estimates. {@code --json} prints these components under
 * their names, one object per line.
 *
 * @param complete both directions ended with a FIN and the connection closed in order
 * @param interrupted our own stop (--time, --connections, a signal) cut it short
 * @param error how the connection failed (RESET, TIMED_OUT, ...), or null
 * @param seconds from the end of the handshake to the end of the connection
 * @param goodputBitsPerSec the busier direction's bytes over {@code seconds}
 * @param stack the stack's counters when the report was taken ({@code serve}), or null
 */
record SessionReport(String role, String mode, String local, String remote, boolean complete, boolean interrupted,
                     String error, long bytesSent, long bytesReceived, String sha256Sent, String sha256Received,
                     double seconds, double goodputBitsPerSec, long segmentsSent, long segmentsRetransmitted,
                     long rtoCount, long fastRecoveries, long spuriousUndos, double finalSrttMillis,
                     long finalCwndBytes, String congestionControl, int mss, boolean sack, boolean timestamps,
                     boolean ecn, StackCounters stack) {
    private static final ObjectMapper MAPPER = new ObjectMapper();

    void printJson(PrintWriter out) {
        out.println(MAPPER.valueToTree(this).toString());
        out.flush();
    }

    void printText(PrintWriter out) {
        line(out, "connection", "%s %s -> %s (%s, %s)%s", role, local, remote, mode, congestionControl,
                complete ? "" : interrupted ? ", INTERRUPTED" : error != null ? ", FAILED: " + error : ", INCOMPLETE");
        if (bytesSent > 0 || !"sink".equals(mode)) {
            line(out, "sent", "%d bytes, sha256 %s", bytesSent, sha256Sent);
        }
        if (bytesReceived > 0 || "sink".equals(mode) || "echo".equals(mode)) {
            line(out, "received", "%d bytes, sha256 %s", bytesReceived, sha256Received);
        }
        line(out, "goodput", "%.2f Mbit/s over %.3f s", goodputBitsPerSec / 1e6, seconds);
        line(out, "segments", "%d sent, %d retransmitted (%.3f%%)", segmentsSent, segmentsRetransmitted,
                segmentsSent == 0 ? 0.0 : 100.0 * segmentsRetransmitted / segmentsSent);
        line(out, "recovery", "%d RTOs, %d fast recoveries, %d undone as spurious", rtoCount, fastRecoveries,
                spuriousUndos);
        line(out, "final", "cwnd %d B, srtt %.3f ms, mss %d", finalCwndBytes, finalSrttMillis, mss);
        if (stack != null) {
            line(out, "stack", "%s", stack.line());
        }
        out.flush();
    }

    private static void line(PrintWriter out, String label, String format, Object... args) {
        out.printf(Locale.ROOT, "%-16s %s%n", label, String.format(Locale.ROOT, format, args));
    }
}
