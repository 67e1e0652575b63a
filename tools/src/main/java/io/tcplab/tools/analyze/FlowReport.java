package io.tcplab.tools.analyze;

/**
 * One flow: its number (the order of first packets in the capture, as {@code --flow} takes it),
 * endpoints (client first when the handshake was captured), when it starts and how long it lasts
 * inside the window (seconds since the capture's first packet), its packets both ways, the
 * handshake's RTT (SYN to the first ACK, as Wireshark's {@code tcp.analysis.initial_rtt}), and
 * its data direction (the one with more payload) and the other.
 */
public record FlowReport(int flow, String client, String server, double startSeconds, double durationSeconds,
                         long packets, Double handshakeRttMs, DirectionReport data, DirectionReport reverse) {

    static FlowReport of(Flow f, long captureStartNanos) {
        double seconds = (f.lastNanos - f.firstNanos) / 1e9;
        int dataSide = f.dataSide();
        Direction data = f.sides[dataSide];
        Direction reverse = f.sides[1 - dataSide];
        return new FlowReport(f.index, f.sides[0].from, f.sides[0].to, (f.firstNanos - captureStartNanos) / 1e9,
                seconds, f.packets, f.handshakeRttNanos() < 0 ? null : f.handshakeRttNanos() / 1e6,
                DirectionReport.of(data, reverse, seconds), DirectionReport.of(reverse, data, seconds));
    }
}
