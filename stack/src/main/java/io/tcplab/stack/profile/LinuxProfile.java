package io.tcplab.stack.profile;

import static io.tcplab.stack.profile.ProfileKey.DELAYED_ACK_TIMEOUT;
import static io.tcplab.stack.profile.ProfileKey.INITIAL_RTO;
import static io.tcplab.stack.profile.ProfileKey.INITIAL_WINDOW;
import static io.tcplab.stack.profile.ProfileKey.MAX_RTO;
import static io.tcplab.stack.profile.ProfileKey.MIN_RTO;
import static io.tcplab.stack.profile.ProfileKey.QUICK_ACKS;
import static io.tcplab.stack.profile.ProfileKey.SACK;

import java.util.List;

/**
 * Today's Linux (6.x), the kernel {@code tcplab ab} compares against: the places where Linux and
 * the RFC tcplab follows differ, set as Linux does. Values read in the mainline tree
 * (include/net/tcp.h, net/ipv4/tcp_cong.c, tcp_cubic.c). docs/stack.md lists the differences this
 * profile does not switch yet (PRR's quota at the third duplicate ACK, RFC 6675's rescue
 * retransmission, RACK's reordering window, RFC 5961 §5.2's ACK for an ACK above SND.NXT).
 */
final class LinuxProfile {
    static final String NAME = "linux";
    private static final String TREE = "Linux 6.x ";

    private LinuxProfile() {
    }

    static Profile profile() {
        return new Profile(NAME, "today's Linux (6.x), the kernel ab compares against: min RTO 200 ms, quick ACKs,"
                + " slow start without RFC 3465's per-ACK limit, CUBIC's tcp_friendliness and 5 % floor",
                List.of(
                        new ProfileValue(SACK, "on", TREE + "net/ipv4/tcp_ipv4.c: sysctl_tcp_sack = 1"),
                        new ProfileValue(INITIAL_WINDOW, "10", TREE + "include/net/tcp.h: TCP_INIT_CWND = 10 (RFC 6928)"),
                        new ProfileValue(INITIAL_RTO, "1000ms", TREE + "include/net/tcp.h: TCP_TIMEOUT_INIT = 1*HZ"
                                + " (RFC 6298 2.1)"),
                        new ProfileValue(MIN_RTO, "200ms", TREE + "include/net/tcp.h: TCP_RTO_MIN = HZ/5 (Linux adds it to"
                                + " the variance term, RTO = SRTT + max(4 RTTVAR, 200 ms); here it is RFC 6298's floor)"),
                        new ProfileValue(MAX_RTO, "120000ms", TREE + "include/net/tcp.h: TCP_RTO_MAX = 120*HZ"),
                        new ProfileValue(DELAYED_ACK_TIMEOUT, "40ms", TREE + "include/net/tcp.h: TCP_DELACK_MIN ="
                                + " TCP_ATO_MIN = HZ/25 (the ATO's growth towards TCP_DELACK_MAX = HZ/5 is not modelled)"),
                        new ProfileValue(QUICK_ACKS, "16", TREE + "include/net/tcp.h: TCP_MAX_QUICKACKS = 16")),
                List.of(
                        new AlgorithmDefault("reno", "count=segments", TREE + "net/ipv4/tcp_cong.c tcp_slow_start:"
                                + " cwnd = min(cwnd + acked, ssthresh), no per-ACK limit"),
                        new AlgorithmDefault("cubic", "count=segments,friendly=linux,probe=linux", TREE + "net/ipv4/tcp_cong.c"
                                + " tcp_slow_start; tcp_cubic.c bictcp_update: tcp_friendliness keeps alpha all epoch, and cnt <= 20"
                                + " (5 % per RTT) while last_max_cwnd is 0"),
                        new AlgorithmDefault("scalable", "count=segments", TREE + "net/ipv4/tcp_scalable.c slow start by"
                                + " tcp_slow_start")));
    }
}
