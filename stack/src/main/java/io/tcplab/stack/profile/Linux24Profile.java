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
 * Linux 2.4, seed 001's ECN- and SACK-capable hosts (the seed says "v. 2.9.4", which is no Linux
 * release; 2.4.9 of August 2001 fits its date of August 2002). Values read in 2.4.17's
 * include/net/tcp.h.
 */
final class Linux24Profile {
    private static final String TREE = "Linux 2.4.17 include/net/tcp.h: ";

    private Linux24Profile() {
    }

    static Profile profile() {
        return new Profile("linux-2.4", "Linux 2.4 (2001-2002), seed 001's SACK and ECN hosts: ACK counting, IW 2",
                List.of(
                        new ProfileValue(SACK, "on", "seed 001: \"Linux hosts ... ECN and SACK capable\""),
                        new ProfileValue(INITIAL_WINDOW, "2", TREE + "tcp_init_cwnd (RFC 2414): 2 segments unless"
                                + " the handshake RTT is under 20 ms (then 3 for an MSS of 1096 to 1460)"),
                        new ProfileValue(INITIAL_RTO, "3000ms", TREE + "TCP_TIMEOUT_INIT = 3*HZ"),
                        new ProfileValue(MIN_RTO, "200ms", TREE + "TCP_RTO_MIN = HZ/5"),
                        new ProfileValue(MAX_RTO, "120000ms", TREE + "TCP_RTO_MAX = 120*HZ"),
                        new ProfileValue(DELAYED_ACK_TIMEOUT, "40ms", TREE + "TCP_DELACK_MIN = TCP_ATO_MIN = HZ/25"),
                        new ProfileValue(QUICK_ACKS, "16", TREE + "TCP_MAX_QUICKACKS = 16")),
                List.of(new AlgorithmDefault("reno", "count=acks", TREE + "snd_cwnd_cnt counted per ACK; 2.4"
                        + " predates byte counting (RFC 3465, 2003; tcp_abc came with 2.6)")));
    }
}
