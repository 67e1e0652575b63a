package io.tcplab.stack.profile;

import static io.tcplab.stack.profile.ProfileKey.DELAYED_ACK_TIMEOUT;
import static io.tcplab.stack.profile.ProfileKey.INITIAL_WINDOW;
import static io.tcplab.stack.profile.ProfileKey.MIN_RTO;
import static io.tcplab.stack.profile.ProfileKey.MSS;
import static io.tcplab.stack.profile.ProfileKey.QUICK_ACKS;

import java.util.List;

/**
 * ns-3's TCP defaults in the era of seed 002 (a SACK-capable TcpSocketBase, so ns-3.26 or
 * later, with TcpNewReno's per-ACK growth), read in tkn-tub/ns3-gym's copy of
 * src/internet/model/tcp-socket.cc, tcp-socket-base.cc and tcp-congestion-ops.cc.
 */
final class Ns3Profile {
    private static final String SOCKET = "ns-3 tcp-socket.cc TcpSocket ";

    private Ns3Profile() {
    }

    static Profile profile() {
        return new Profile("ns-3", "ns-3.2x TcpSocket defaults (seed 002's simulator): MSS 536, IW 1, 200 ms delayed ACK",
                List.of(
                        new ProfileValue(MSS, "536", SOCKET + "SegmentSize = 536"),
                        new ProfileValue(INITIAL_WINDOW, "1", SOCKET + "InitialCwnd = 1"),
                        new ProfileValue(DELAYED_ACK_TIMEOUT, "200ms", SOCKET + "DelAckTimeout = 0.2 s (DelAckCount ="
                                + " 2 is tcplab's every-second-segment rule already)"),
                        new ProfileValue(QUICK_ACKS, "0", "ns-3 has no quick-ack mode"),
                        new ProfileValue(MIN_RTO, "1000ms", "ns-3 tcp-socket-base.cc MinRto = 1 s (RFC 6298)")),
                List.of(new AlgorithmDefault("reno", "count=acks", "ns-3 tcp-congestion-ops.cc TcpNewReno: SlowStart"
                        + " adds one segment per ACK, CongestionAvoidance segment^2/cwnd per ACK")));
    }
}
