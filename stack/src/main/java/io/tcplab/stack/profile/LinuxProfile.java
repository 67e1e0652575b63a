package io.tcplab.stack.profile;

import static io.tcplab.stack.profile.ProfileKey.ACK_ABOVE_SND_NXT;
import static io.tcplab.stack.profile.ProfileKey.CWND_LIMITED;
import static io.tcplab.stack.profile.ProfileKey.DELAYED_ACK_TIMEOUT;
import static io.tcplab.stack.profile.ProfileKey.DUPACK_CREDIT;
import static io.tcplab.stack.profile.ProfileKey.NAGLE_TEST;
import static io.tcplab.stack.profile.ProfileKey.PACING_BURST;
import static io.tcplab.stack.profile.ProfileKey.INITIAL_RTO;
import static io.tcplab.stack.profile.ProfileKey.INITIAL_WINDOW;
import static io.tcplab.stack.profile.ProfileKey.MAX_RTO;
import static io.tcplab.stack.profile.ProfileKey.MIN_RTO;
import static io.tcplab.stack.profile.ProfileKey.PRR;
import static io.tcplab.stack.profile.ProfileKey.PRR_BOUND;
import static io.tcplab.stack.profile.ProfileKey.QUICK_ACKS;
import static io.tcplab.stack.profile.ProfileKey.RACK_RTT;
import static io.tcplab.stack.profile.ProfileKey.RACK_TIMER_SLACK;
import static io.tcplab.stack.profile.ProfileKey.RESCUE_RETRANSMISSION;
import static io.tcplab.stack.profile.ProfileKey.RTO_MINIMUM;
import static io.tcplab.stack.profile.ProfileKey.SACK;
import static io.tcplab.stack.profile.ProfileKey.UNDO_REORDERING;

import java.util.List;

/**
 * Today's Linux (6.x), the kernel {@code tcplab ab} compares against: the places where Linux and
 * the RFC tcplab follows differ, set as Linux does. Values read in the mainline tree
 * (include/net/tcp.h, net/ipv4/tcp_cong.c, tcp_cubic.c, tcp_input.c, tcp_output.c); docs/stack.md
 * lists each switch beside the RFC choice it replaces.
 */
final class LinuxProfile {
    static final String NAME = "linux";
    private static final String TREE = "Linux 6.x ";

    private LinuxProfile() {
    }

    static Profile profile() {
        return new Profile(NAME, "today's Linux (6.x), the kernel ab compares against: min RTO 200 ms, quick ACKs,"
                + " slow start without RFC 3465's per-ACK limit, CUBIC's tcp_friendliness and 5 % floor, Linux's"
                + " PRR, RACK.rtt and Reno ACK credit, no rescue retransmission, no ACK to an ACK above SND.NXT,"
                + " cwnd-limited per round, the minimum RTO in the variance term, 2 ms on RACK-TLP's timers,"
                + " Minshall's Nagle test",
                List.of(
                        new ProfileValue(SACK, "on", TREE + "net/ipv4/tcp_ipv4.c: sysctl_tcp_sack = 1"),
                        new ProfileValue(INITIAL_WINDOW, "10", TREE + "include/net/tcp.h: TCP_INIT_CWND = 10 (RFC 6928)"),
                        new ProfileValue(INITIAL_RTO, "1000ms", TREE + "include/net/tcp.h: TCP_TIMEOUT_INIT = 1*HZ"
                                + " (RFC 6298 2.1)"),
                        new ProfileValue(MIN_RTO, "200ms", TREE + "include/net/tcp.h: TCP_RTO_MIN = HZ/5"),
                        new ProfileValue(RTO_MINIMUM, "variance", TREE + "net/ipv4/tcp_input.c: tcp_rtt_estimator keeps"
                                + " rttvar_us >= tcp_rto_min_us, tcp_set_rto: RTO = srtt + rttvar_us, so RTO = SRTT +"
                                + " max(4 RTTVAR, 200 ms) (Linux's variance term is the round's largest mean deviation)"),
                        new ProfileValue(MAX_RTO, "120000ms", TREE + "include/net/tcp.h: TCP_RTO_MAX = 120*HZ"),
                        new ProfileValue(DELAYED_ACK_TIMEOUT, "40ms", TREE + "include/net/tcp.h: TCP_DELACK_MIN ="
                                + " TCP_ATO_MIN = HZ/25 (the ATO's growth towards TCP_DELACK_MAX = HZ/5 is not modelled)"),
                        new ProfileValue(QUICK_ACKS, "16", TREE + "include/net/tcp.h: TCP_MAX_QUICKACKS = 16"),
                        new ProfileValue(PRR, "on", TREE + "net/ipv4/tcp_input.c: fast recovery sets cwnd by"
                                + " tcp_cwnd_reduction (PRR, RFC 6937) on every ACK"),
                        new ProfileValue(PRR_BOUND, "linux", TREE + "net/ipv4/tcp_input.c tcp_cwnd_reduction: at or"
                                + " below ssthresh sndcnt = max(prr_delivered - prr_out, newly_acked_sacked), +1 only"
                                + " with FLAG_SND_UNA_ADVANCED and no newly lost; RecoverFS = prior_cwnd; \"Force a fast"
                                + " retransmit upon entering fast recovery\" (sndcnt >= 1 while prr_out is 0)"),
                        new ProfileValue(RESCUE_RETRANSMISSION, "off", TREE + "net/ipv4/tcp_output.c"
                                + " tcp_xmit_retransmit_queue resends only segments marked lost; no RFC 6675 rule 4"),
                        new ProfileValue(ACK_ABOVE_SND_NXT, "off", TREE + "net/ipv4/tcp_input.c tcp_ack: \"If the ack"
                                + " includes data we haven't sent yet, discard this segment\" (SKB_DROP_REASON_TCP_ACK_UNSENT_DATA,"
                                + " no ACK sent)"),
                        new ProfileValue(RACK_RTT, "last", TREE + "net/ipv4/tcp_recovery.c tcp_rack_advance: rack.rtt_us"
                                + " = the RTT of each (s)acked segment it accepts, tcp_sacktag_one first and"
                                + " tcp_clean_rtx_queue after; only rack.mstamp moves forward monotonically"),
                        new ProfileValue(RACK_TIMER_SLACK, "2ms", TREE + "net/ipv4/tcp_recovery.c tcp_rack_mark_lost:"
                                + " timeout = usecs_to_jiffies(timeout + TCP_TIMEOUT_MIN_US); tcp_output.c"
                                + " tcp_schedule_loss_probe: 2 * srtt + TCP_TIMEOUT_MIN when more than one packet is out"),
                        new ProfileValue(DUPACK_CREDIT, "on", TREE + "net/ipv4/tcp_input.c: without SACK"
                                + " tcp_add_reno_sack counts each duplicate ACK delivered, tcp_remove_reno_sacks credits"
                                + " a cumulative ACK max(acked - sacked_out, 1), and cwnd grows by that (tcp_cong_control)"),
                        new ProfileValue(UNDO_REORDERING, "on", TREE + "net/ipv4/tcp_input.c tcp_try_undo_partial: when"
                                + " tcp_packet_delayed (the timestamps) shows the original filled the hole, not the"
                                + " retransmission, tcp_check_sack_reordering(..., 1) counts reordering (reord_seen), after"
                                + " which tcp_rack_reo_wnd keeps min_rtt/4"),
                        new ProfileValue(CWND_LIMITED, "round", TREE + "net/ipv4/tcp_output.c tcp_cwnd_validate (after"
                                + " tcp_write_xmit: is_cwnd_limited |= packets_in_flight >= cwnd) keeps, per window of"
                                + " data, whether it was cwnd-limited and max_packets_out; include/net/tcp.h"
                                + " tcp_is_cwnd_limited: that, or in slow start cwnd < 2 * max_packets_out"),
                        new ProfileValue(NAGLE_TEST, "minshall", TREE + "net/ipv4/tcp_output.c tcp_nagle_check: a"
                                + " partial segment waits only while tcp_minshall_check (snd_sml, the end of the last"
                                + " small segment sent, above snd_una)"),
                        new ProfileValue(PACING_BURST, "tso", TREE + "net/ipv4/tcp_output.c tcp_tso_autosize: bursts"
                                + " of max(tcp_min_tso_segs = 2, (sk_pacing_rate >> sk_pacing_shift (10) + gso_max_size"
                                + " >> (min_rtt_us >> tcp_tso_rtt_log (9))) / mss), at most gso_max_size (64 KiB);"
                                + " tcp_update_skb_after_send: tcp_wstamp_ns += len / rate, less up to half for lateness,"
                                + " from the 10th segment sent")),
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
