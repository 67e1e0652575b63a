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
 * Linux 2.6.24 (January 2008), the kernel of seed 000's testbed era. Values read in the 2.6.24
 * tree (include/net/tcp.h, net/ipv4/tcp_input.c, tcp_cong.c, tcp_cubic.c, tcp_scalable.c).
 */
final class Linux2624Profile {
    private static final String TREE = "Linux 2.6.24 ";

    private Linux2624Profile() {
    }

    static Profile profile() {
        return new Profile("linux-2.6.24", "Linux 2.6.24 (2008): CUBIC v2.1, no HyStart, ACK counting (tcp_abc = 0)",
                List.of(
                        new ProfileValue(SACK, "on", TREE + "net/ipv4/tcp_input.c: sysctl_tcp_sack = 1"),
                        new ProfileValue(INITIAL_WINDOW, "3", TREE + "net/ipv4/tcp_input.c tcp_init_cwnd (RFC 3390):"
                                + " 3 segments for an MSS of 1096 to 1460 bytes"),
                        new ProfileValue(INITIAL_RTO, "3000ms", TREE + "include/net/tcp.h: TCP_TIMEOUT_INIT = 3*HZ"
                                + " (RFC 1122)"),
                        new ProfileValue(MIN_RTO, "200ms", TREE + "include/net/tcp.h: TCP_RTO_MIN = HZ/5"),
                        new ProfileValue(MAX_RTO, "120000ms", TREE + "include/net/tcp.h: TCP_RTO_MAX = 120*HZ"),
                        new ProfileValue(DELAYED_ACK_TIMEOUT, "40ms", TREE + "include/net/tcp.h: TCP_DELACK_MIN ="
                                + " TCP_ATO_MIN = HZ/25 (the ATO's growth towards TCP_DELACK_MAX = HZ/5 is not modelled)"),
                        new ProfileValue(QUICK_ACKS, "16", TREE + "include/net/tcp.h: TCP_MAX_QUICKACKS = 16")),
                List.of(
                        new AlgorithmDefault("cubic", "beta=0.7998046875,c=0.4,hystart=off,count=acks,friendly=linux",
                                TREE + "net/ipv4/tcp_cubic.c v2.1: beta = 819/1024, bic_scale = 41 (C = 0.4),"
                                        + " no HyStart (added with v2.3 in 2.6.29), tcp_friendliness = 1 with its"
                                        + " alpha kept all epoch; slow start by tcp_slow_start with tcp_abc = 0"),
                        new AlgorithmDefault("reno", "count=acks", TREE + "net/ipv4/tcp_cong.c tcp_slow_start and"
                                + " tcp_reno_cong_avoid with sysctl_tcp_abc = 0 (tcp_input.c)"),
                        new AlgorithmDefault("scalable", "a=0.02,count=acks", TREE + "net/ipv4/tcp_scalable.c:"
                                + " TCP_SCALABLE_AI_CNT = 50 counted per ACK (\"50 instead of 100 to account for"
                                + " delayed ack\")"),
                        new AlgorithmDefault("fast", "alpha=250", "the Caltech FAST patch's alpha is not in the"
                                + " sources read; alpha = 250 packets is a contributed ns-3 TcpFast's (tcp-fast-1.cc;"
                                + " REFERENCE.md 1.9: 200 or 250)")));
    }
}
