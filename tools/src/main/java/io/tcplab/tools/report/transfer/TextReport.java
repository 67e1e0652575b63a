package io.tcplab.tools.report.transfer;

import io.tcplab.tools.report.Report;
import io.tcplab.tools.scenario.TransferResult;
import io.tcplab.tools.scenario.TransferSpec;

import io.tcplab.stack.conn.AccEcnCounts;
import java.io.PrintWriter;
import java.util.Locale;
import java.util.Map;

/** The human-readable report of a transfer, and the one-line reason when it failed. */
public final class TextReport {
    private TextReport() {
    }

    public static void print(TransferResult r, PrintWriter out) {
        Report.line(out, "bytes", "%d sent, %d received%s", r.bytesSent(), r.bytesReceived(),
                r.streamsEqual() ? ", streams equal" : ", STREAMS DIFFER");
        Report.line(out, "sha256 sent", "%s", r.sha256Sent());
        Report.line(out, "sha256 received", "%s", r.sha256Received());
        Report.line(out, "goodput", "%.2f Mbit/s", r.goodputBitsPerSec() / 1e6);
        Report.line(out, "segments", "%d sent, %d retransmitted (%.3f%%)", r.segmentsSent(), r.segmentsRetransmitted(),
                r.segmentsSent() == 0 ? 0.0 : 100.0 * r.segmentsRetransmitted() / r.segmentsSent());
        Report.line(out, "recovery", "%d RTOs, %d fast recoveries, %d undone as spurious", r.rtoCount(),
                r.fastRecoveries(), r.spuriousUndos());
        Report.line(out, "time", "%.3f s simulated, %.3f s wall, %.0f data packets emulated per wall second",
                r.simulatedSeconds(), r.wallSeconds(),
                r.wallSeconds() > 0 ? r.dataPacketsEmulated() / r.wallSeconds() : 0.0);
        Report.line(out, "cpu", "%.3f s on the emulating thread, %.0f data packets per CPU second", r.cpuSeconds(),
                r.cpuSeconds() > 0 ? r.dataPacketsEmulated() / r.cpuSeconds() : 0.0);
        Report.line(out, "final", "cwnd %d B, srtt %.3f ms", r.finalCwndBytes(), r.finalSrttMillis());
        if (r.ecn() != null && !r.ecn().equals("off")) {
            Report.line(out, "ecn", "%s", r.ecn());
        }
        if (r.accEcn() != null) {
            AccEcnCounts a = r.accEcn();
            Report.line(out, "accecn feedback", "%d CE-marked packets, %d CE / %d ECT(0) / %d ECT(1) bytes%s%s%s",
                    a.cePackets(), a.ceBytes(), a.ect0Bytes(), a.ect1Bytes(),
                    a.optionsSeen() ? "" : ", no AccECN options (ACE only)",
                    a.ectDisabled() ? ", ECT off (mangling)" : "", a.responseDisabled() ? ", response off (zeroed)" : "");
        }
        if (r.receiverAccEcn() != null) {
            AccEcnCounts a = r.receiverAccEcn();
            Report.line(out, "accecn received", "%d CE-marked packets, %d CE / %d ECT(0) / %d ECT(1) bytes",
                    a.receivedCePackets(), a.receivedCeBytes(), a.receivedEct0Bytes(), a.receivedEct1Bytes());
        }
        if (r.drops() != null && !r.drops().isEmpty()) {
            StringBuilder drops = new StringBuilder();
            for (Map.Entry<String, Long> e : r.drops().entrySet()) {
                drops.append(drops.length() == 0 ? "" : ", ").append(e.getKey()).append(' ').append(e.getValue());
            }
            Report.line(out, "drops", "%s", drops);
        }
        if (r.links() != null) {
            r.links().forEach((name, stats) -> {
                Report.line(out, "link " + name, "%s", stats.line());
                Report.line(out, "queue " + name, "%s", stats.queueLine());
            });
        }
        out.flush();
    }

    /** Why a transfer whose streams are not equal failed, in one line. */
    public static String failure(TransferSpec spec, TransferResult r) {
        if (r.bytesReceived() < spec.bytes()) {
            return String.format(Locale.ROOT, "transfer incomplete: %d of %d bytes arrived in %.3f simulated seconds",
                    r.bytesReceived(), spec.bytes(), r.simulatedSeconds());
        }
        return String.format(Locale.ROOT, "streams differ: sent %d bytes (sha256 %s), received %d bytes (sha256 %s)",
                r.bytesSent(), r.sha256Sent(), r.bytesReceived(), r.sha256Received());
    }
}
