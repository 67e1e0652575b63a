package io.tcplab.tools.realhost;

import io.tcplab.stack.DropReason;
import io.tcplab.stack.StackStats;
import io.tcplab.tools.report.Report;
import java.io.PrintWriter;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What the whole stack of {@code serve} saw, once at the end: the peak of concurrent connections
 * and each defence's counters — SYN queue overflows and SYN cookies (RFC 4987), challenge ACKs
 * (RFC 5961), and every dropped packet by reason (out-of-window, out-of-order budget, ...).
 * {@code --json} prints it as one object whose {@code report} is {@code "stack"}. Not printed when
 * no connection was made and no defence acted.
 */
public record StackReport(String report, int peakConnections, long packetsReceived, long packetsSent,
                   long synQueueOverflows, long synCookiesSent, long synCookiesValidated, long synCookiesRejected,
                   long challengeAcksSent, long resetsSent, Map<String, Long> drops) implements Report {
    static StackReport of(StackStats s, int peakConnections) {
        Map<String, Long> drops = new LinkedHashMap<>();
        for (Map.Entry<DropReason, Long> e : s.dropsByReason().entrySet()) {
            drops.put(e.getKey().name(), e.getValue());
        }
        return new StackReport("stack", peakConnections, s.packetsReceived(), s.packetsSent(), s.synQueueOverflows(),
                s.synCookiesSent(), s.synCookiesValidated(), s.synCookiesRejected(), s.challengeAcksSent(),
                s.resetsSent(), drops);
    }

    /** Worth printing: a connection was made or a defence acted (stray packets alone say nothing). */
    public boolean eventful() {
        return peakConnections > 0 || synQueueOverflows > 0 || synCookiesRejected > 0 || challengeAcksSent > 0;
    }

    @Override
    public void printText(PrintWriter out) {
        Report.line(out, "stack", "%d packets in, %d out, at most %d connections at once", packetsReceived, packetsSent,
                peakConnections);
        Report.line(out, "syn flood", "%d SYN queue overflows, %d cookies sent, %d validated, %d rejected",
                synQueueOverflows, synCookiesSent, synCookiesValidated, synCookiesRejected);
        Report.line(out, "rfc 5961", "%d challenge ACKs, %d resets sent", challengeAcksSent, resetsSent);
        StringBuilder b = new StringBuilder();
        drops.forEach((reason, n) -> b.append(b.length() == 0 ? "" : ", ").append(reason).append(' ').append(n));
        Report.line(out, "drops", "%s", b.length() == 0 ? "none" : b);
        out.flush();
    }
}
