package io.tcplab.tools.analyze;

import java.util.List;

/**
 * A capture's analysis: its frames, how many were TCP, not TCP (skipped: other protocols, IP
 * fragments, frames without IP) or malformed (skipped: headers cut short or invalid), the time
 * of its first packet, and one report per flow with packets inside the window.
 */
public record Analysis(String capture, long frames, long tcpPackets, long skippedNotTcp, long skippedMalformed,
                       long startNanos, AnalysisOptions options, List<FlowReport> flows) {
}
