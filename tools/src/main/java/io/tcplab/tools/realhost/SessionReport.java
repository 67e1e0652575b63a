package io.tcplab.tools.realhost;

import io.tcplab.stack.conn.AccEcnCounts;
import io.tcplab.stack.conn.ConnectionError;
import io.tcplab.stack.conn.ConnectionInfo;
import io.tcplab.stack.conn.EcnMode;
import io.tcplab.tools.report.Report;
import java.io.PrintWriter;
import java.net.InetAddress;
import java.net.UnknownHostException;

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
 * @param ecn the ECN feedback the handshake settled on: off, classic (RFC 3168) or accecn (RFC 9768)
 * @param accEcn with AccECN, its counters (CE marks the peer fed back, and what we counted arriving); else null
 * @param recovery the loss detector's spec ({@code rack}, {@code srtt-multiple:k=2}), as the options gave it
 * @param stack the stack's counters when the report was taken ({@code serve}), or null
 */
public record SessionReport(String role, String mode, String local, String remote, boolean complete, boolean interrupted,
                     String error, long bytesSent, long bytesReceived, String sha256Sent, String sha256Received,
                     double seconds, double goodputBitsPerSec, long segmentsSent, long segmentsRetransmitted,
                     long rtoCount, long fastRecoveries, long spuriousUndos, double finalSrttMillis,
                     long finalCwndBytes, String congestionControl, int mss, boolean sack, boolean timestamps,
                     String ecn, AccEcnCounts accEcn, String recovery, StackCounters stack) implements Report {
    /**
     * The report of a connection that moved {@code sent} and {@code received} application bytes
     * in {@code seconds} and ended as {@code info} shows (goodput: the busier direction); a
     * {@code tcplab serve}/{@code send} session's, and a replayed connection's.
     */
    public static SessionReport of(String role, String mode, String local, String remote, boolean complete,
                                   boolean interrupted, ConnectionError error, long sent, long received,
                                   String sha256Sent, String sha256Received, double seconds, ConnectionInfo info,
                                   String recovery, StackCounters stack) {
        long busier = Math.max(sent, received);
        return new SessionReport(role, mode, local, remote, complete, interrupted,
                error == null ? null : error.name(), sent, received, sha256Sent, sha256Received,
                seconds, seconds > 0 ? busier * 8 / seconds : 0, info.segmentsSent(), info.segmentsRetransmitted(),
                info.rtoCount(), info.fastRecoveries(), info.spuriousUndos(), info.srttNanos() / 1e6, info.cwndBytes(),
                info.congestionControl(), info.mss(), info.sack(), info.timestamps(), info.ecnMode().word(),
                info.ecnMode() == EcnMode.ACCECN ? info.accEcn() : null, recovery, stack);
    }

    /** An address and port as the reports print them: {@code 10.0.0.1:5001}, {@code [fd00::1]:5001}. */
    public static String address(byte[] a, int port) {
        try {
            String host = InetAddress.getByAddress(a).getHostAddress();
            return (a.length == 16 ? "[" + host + "]" : host) + ":" + port;
        } catch (UnknownHostException e) {
            return "?:" + port;
        }
    }

    @Override
    public void printText(PrintWriter out) {
        Report.line(out, "connection", "%s %s -> %s (%s, %s)%s", role, local, remote, mode, congestionControl,
                complete ? "" : interrupted ? ", INTERRUPTED" : error != null ? ", FAILED: " + error : ", INCOMPLETE");
        if (bytesSent > 0 || !"sink".equals(mode)) {
            Report.line(out, "sent", "%d bytes, sha256 %s", bytesSent, sha256Sent);
        }
        if (bytesReceived > 0 || "sink".equals(mode) || "echo".equals(mode)) {
            Report.line(out, "received", "%d bytes, sha256 %s", bytesReceived, sha256Received);
        }
        Report.line(out, "goodput", "%.2f Mbit/s over %.3f s", goodputBitsPerSec / 1e6, seconds);
        Report.line(out, "segments", "%d sent, %d retransmitted (%.3f%%)", segmentsSent, segmentsRetransmitted,
                segmentsSent == 0 ? 0.0 : 100.0 * segmentsRetransmitted / segmentsSent);
        Report.line(out, "recovery", "%s: %d RTOs, %d fast recoveries, %d undone as spurious", recovery, rtoCount,
                fastRecoveries, spuriousUndos);
        Report.line(out, "final", "cwnd %d B, srtt %.3f ms, mss %d", finalCwndBytes, finalSrttMillis, mss);
        Report.line(out, "ecn", "%s", ecn);
        if (accEcn != null) {
            Report.line(out, "accecn", "fed back %d CE-marked packets (%d B); received %d CE-marked packets (%d B)%s%s",
                    accEcn.cePackets(), accEcn.ceBytes(), accEcn.receivedCePackets(), accEcn.receivedCeBytes(),
                    accEcn.optionsSeen() ? "" : ", no AccECN options from the peer",
                    accEcn.ectDisabled() ? ", ECT off" : "");
        }
        if (stack != null) {
            Report.line(out, "stack", "%s", stack.line());
        }
        out.flush();
    }
}
