package io.tcplab.tools.packetdrill;

import io.tcplab.stack.conn.ConnectionOptions;
import io.tcplab.stack.profile.Profile;
import io.tcplab.stack.profile.ProfileKey;
import io.tcplab.stack.profile.ProfileValue;
import io.tcplab.stack.profile.Profiles;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * Scripts that pass only because the {@code linux} profile sets one place where Linux and the
 * RFC tcplab follows by default differ as Linux does: each entry names that
 * switch and why the RFC choice fails the script ({@code docs/packetdrill.md}). The corpus test
 * runs each under {@code linux} with that one switch at its RFC choice and expects the failure,
 * so the RFC behaviour stays tested and each switch is shown to be needed. {@link #underLinux()}
 * lists the scripts that still fail under {@code linux}, with the difference found.
 */
public final class ExpectedFailures {
    /**
     * A script, the linux switches that make it pass (where there are several, the reason says
     * whether any one suffices or all are needed), the script line where it fails with all of
     * them at the RFC choice (today's value), and why.
     */
    public record Entry(String script, List<ProfileKey> keys, int line, String reason) {
        public Entry {
            keys = List.copyOf(keys);
        }

        /** The switches' names, joined by "and". */
        public String names() {
            return keys.stream().map(ProfileKey::key).collect(Collectors.joining(" and "));
        }
    }

    private static final List<Entry> ENTRIES = List.of(
            new Entry("ts_recent/invalid_ack.pkt", List.of(ProfileKey.ACK_ABOVE_SND_NXT), 24, "a segment whose ACK is above "
                    + "SND.NXT is answered with an ACK (RFC 9293 3.10.7.4, RFC 5961 5.2 MUST); Linux drops it silently"),
            new Entry("fast_recovery/prr-ss-30pkt-lost1_4.pkt", List.of(ProfileKey.RESCUE_RETRANSMISSION, ProfileKey.PRR_BOUND), 42, "with nothing new "
                    + "to send and no lost segment left, the sender makes RFC 6675's rescue retransmission of the "
                    + "highest outstanding segment (9001:10001, NextSeg rule 4) at 0.022; Linux has no rescue retransmission, "
                    + "and its PRR bound (conservation: one segment per segment delivered) leaves no room for one"),
            new Entry("fast_recovery/prr-ss-30pkt-lost-1_4-11_16.pkt", List.of(ProfileKey.PRR_BOUND), 41, "RFC 6937's slow-start "
                    + "reduction bound adds an MSS on every ACK and RFC 6675 sends the fast retransmit before the "
                    + "first quota, so two retransmissions leave at the third duplicate ACK (1:1001, 1001:2001) where "
                    + "Linux's tcp_cwnd_reduction sends one, and every later segment leaves one ACK early"),
            new Entry("fast_recovery/prr-ss-ack-below-snd_una-cubic.pkt", List.of(ProfileKey.RACK_RTT), 31, "RACK.rtt is "
                    + "the newest delivered segment's (RFC 8985 6.2): the ACK of 4001 delivers the 1:1001 resent at "
                    + "0.010, so RACK.rtt is 12 ms and 9001:10001, out 22 ms, is deemed lost, which denies PRR its "
                    + "extra segment (2 sent, not 3); Linux keeps the RTT of the last segment it tags, 3001:4001's 22 "
                    + "ms, and marks nothing"),
            new Entry("limited_transmit/limited-transmit-no-sack.pkt", List.of(ProfileKey.DUPACK_CREDIT), 39, "without SACK "
                    + "the ACK of 3001 covers two segments and slow start grows by both (cwnd 12, three sent at "
                    + "0.33); Linux had counted the two duplicate ACKs delivered, credits the ACK with one "
                    + "(max(acked - dupacks, 1)) and sends two"),
            new Entry("slow_start/slow-start-ack-per-2pkt-send-5pkt.pkt", List.of(ProfileKey.CWND_LIMITED), 27,
                    "a flight of 5 under a window of 10: per ACK (RFC 7661 4.3) a flight of half the window "
                    + "validates it and the ACK of 2 segments grows it to 12; Linux's tcp_is_cwnd_limited needs "
                    + "cwnd < 2 * max_packets_out (10 < 10 fails) and keeps 10"),
            new Entry("slow_start/slow-start-app-limited.pkt", List.of(ProfileKey.CWND_LIMITED), 29, "a flight of "
                    + "exactly the window (10) acknowledged two segments at a time: per ACK the flight before it "
                    + "falls below half the window (6 of 14) and growth stops at 14; Linux's round filled the "
                    + "window (is_cwnd_limited), so every ACK of it grows cwnd, to 20"),
            new Entry("slow_start/slow-start-app-limited-9-packets-out.pkt", List.of(ProfileKey.CWND_LIMITED), 31,
                    "a flight of 9 under a window of 10, acknowledged two at a time: per ACK growth stops at 14 "
                    + "(5 segments before the third ACK, under half of 14); Linux grows while cwnd < 2 * "
                    + "max_packets_out = 18"),
            new Entry("cubic/cubic-hystart-delay-rtt-jumps-upward.pkt", List.of(ProfileKey.CWND_LIMITED), 56,
                    "the second round's 20 segments, the last of the data, acknowledged two at a time: per ACK "
                    + "growth stops at 28 once the flight before the ACK (12) is under half the window; Linux's "
                    + "round filled the window and keeps growing it until HyStart's delay test ends slow start"),
            new Entry("cubic/cubic-hystart-delay-min-rtt-jumps-downward.pkt", List.of(ProfileKey.CWND_LIMITED), 66,
                    "as cubic-hystart-delay-rtt-jumps-upward: per ACK growth stops at 28 where Linux's "
                    + "cwnd-limited round keeps growing it"),
            new Entry("slow_start/slow-start-after-win-update.pkt", List.of(ProfileKey.RTO_MINIMUM), 34, "the first "
                    + "zero-window probe leaves one RTO after the window closed: RFC 6298 floors the RTO, max(SRTT "
                    + "100 + 4 RTTVAR, 200 ms) = 212.5 ms; Linux adds the 200 ms minimum to SRTT (tcp_set_rto: srtt + "
                    + "rttvar_us, rttvar_us >= tcp_rto_min), 300 ms"),
            new Entry("tcp_info/tcp-info-rwnd-limited.pkt", List.of(ProfileKey.RTO_MINIMUM), 35, "with a 10 ms "
                    + "handshake RFC 6298's floored RTO is 200 ms, so a zero-window probe leaves at 0.21 s, the moment "
                    + "the window opens, before the data; Linux's RTO is 10 + 200 ms and its first probe would come "
                    + "at 0.22 s, after the window update"),
            new Entry("sack/sack-shift-sacked-7-3-4-8-9-fack.pkt", List.of(ProfileKey.RACK_TIMER_SLACK,
                    ProfileKey.PRR_BOUND), 45, "both are needed. RACK's timer marks 1:7001 lost at RACK.rtt + "
                    + "min_RTT/4 = +25 ms after the SACK, Linux 2 ms later (TCP_TIMEOUT_MIN_US), which the relative "
                    + "times of the later lines count from; and entering recovery there, Linux's tcp_rack_reo_timeout "
                    + "gives PRR the quota of one delivered segment (one retransmission, 1:1001) where RFC 6937's "
                    + "bound leaves cwnd = ssthresh until the next ACK (five at once, 2001:3001 among them at +25 ms)"),
            minshall("fastopen/client/nonblocking-sendto-over-mss.pkt", 34, "the write of 3580 bytes after "
                    + "the handshake: two full segments go and RFC 9293's Nagle holds the last 660 while they are "
                    + "unacknowledged"),
            minshall("fastopen/client/nonblocking-sendto.pkt", 62, "the sendto of 2000 bytes after the "
                    + "handshake: one full segment goes and RFC 9293's Nagle holds the other 540 while it is "
                    + "unacknowledged"),
            minshall("fastopen/client/syn-data-only-syn-acked.pkt", 66, "the 4580 bytes behind the SYN's "
                    + "data: the full segments go and RFC 9293's Nagle holds the last 200 while they are "
                    + "unacknowledged"));

    /** A script whose write ends in a small segment that Linux sends with the full ones before it. */
    private static Entry minshall(String script, int line, String what) {
        return new Entry(script, List.of(ProfileKey.NAGLE_TEST), line, what + "; Linux holds a small segment "
                + "back only while an earlier small one is unacknowledged (Minshall's rule, tcp_nagle_check), and "
                + "sends the tail with them");
    }

    /** A script that still fails under {@code linux}: the line, and the difference found but not switched. */
    public record UnderLinux(String script, int line, String reason) {
    }

    private static final List<UnderLinux> UNDER_LINUX = List.of(
            new UnderLinux("fast_retransmit/fr-4pkt-fack-last-mss.pkt", 27, "RACK's reordering timer fires at "
                    + "RACK.rtt + min_RTT/4 + 2 ms = +27 ms after the SACK, as Linux 6.x's tcp_rack_mark_lost arms it "
                    + "(timeout + TCP_TIMEOUT_MIN_US), before jiffies. Linux runs the timer on the tick after the "
                    + "27 ms rounded up to jiffies (the timer wheel's calc_index adds one): 8 ticks at HZ = 250, "
                    + "and this machine's 6.18 kernel resent at +29.1 to +33.7 ms (scripts/kernel-rack-reo-timer, "
                    + "8 runs), so today's Linux fails the script too; its +40 is the older "
                    + "usecs_to_jiffies(25 ms) + 2 jiffies + 1 = 10 ticks at HZ = 250. Jiffies are not modelled"),
            new UnderLinux("cubic/cubic-rto-ss-ca-cwnd-bump.pkt", 110, "congestion avoidance after the timeout: "
                    + "Linux's CUBIC reaches 8 segments by the 16th ACK of congestion avoidance, tcplab's is still "
                    + "below 8. Linux counts whole ACKs in snd_cwnd_cnt against an integer cnt (20 while "
                    + "last_max_cwnd is 0, then cwnd / (tcp_cwnd - cwnd) once tcp_friendliness's estimate passes "
                    + "cwnd) and tcp_cong_avoid_ai applies the credits of the larger count at once; tcplab's cubic "
                    + "(friendly=linux, probe=linux) grows by the same rates in fractions of a segment per ACK"),
            new UnderLinux("cwnd_moderation/cwnd-moderation-ecn-enter-cwr-no-moderation-700.pkt", 32, "on an ECN "
                    + "echo Linux reduces the window by PRR in the CWR state (tcp_enter_cwr: tcp_init_cwnd_reduction, "
                    + "then tcp_cwnd_reduction per ACK, since Linux 3.7): in flight 3 + sndcnt 1 = 4 segments here; "
                    + "tcplab sets cwnd = ssthresh = 7 at once (RFC 3168 6.1.2) and uses PRR only in fast recovery"),
            new UnderLinux("tcp_info/tcp-info-sndbuf-limited.pkt", 18, "a blocking write of 150000 bytes through "
                    + "a send buffer of 20000 (SO_SNDBUF 10000, doubled) returns by 0.15 s in Linux, with 55000 bytes "
                    + "still unacknowledged: tcp_sendmsg_locked checks sk_stream_memory_free only before starting "
                    + "an skb and fills skbs of up to its size goal, so the queue can pass sk_sndbuf by one skb; "
                    + "tcplab's buffer holds at most its size and the write is still blocked"),
            pingpong("fastopen/client/blocking-connect-bypass.pkt", 55),
            pingpong("fastopen/client/blocking-sendmsg-multi-iov.pkt", 57),
            pingpong("fastopen/client/blocking-sendto.pkt", 53),
            pingpong("fastopen/client/cookie-less-sendto.pkt", 42),
            new UnderLinux("fastopen/client/simultaneous-fast-open.pkt", 35, "the peer's SYN-ACK, which in "
                    + "SYN-RECEIVED repeats its SYN's sequence number: Linux takes it as a duplicate of the SYN "
                    + "(tcp_data_queue: end_seq not after rcv_nxt) and answers at once with a D-SACK block of the "
                    + "SYN (sack 0:1); tcplab takes its ACK, completes the handshake and has nothing to answer "
                    + "(RFC 2883 reports duplicate data, not a SYN)"),
            tooBig("fastopen/client/syn-data-icmp-unreach-frag-needed-with-seq.pkt", "840, mss 800"),
            tooBig("fastopen/client/syn-data-icmp-unreach-frag-needed.pkt", "800, mss 760"),
            new UnderLinux("fastopen/client/synack-data.pkt", 54, "a SYN-ACK with data and FIN (TEST2): tcplab "
                    + "drops every segment with SYN and FIN before any state looks at it (TcpHeader.legalFlags), so "
                    + "the connection stays in SYN-SENT; Linux takes the data and the FIN into CLOSE-WAIT. The SYN-ACK "
                    + "with data alone (TEST1) passes: tcplab processes a SYN-ACK's text (RFC 9293 3.10.7.3)"),
            new UnderLinux("fastopen/server/client-ack-dropped-then-recovery-ms-timestamps.pkt", 33, "the window: "
                    + "Linux's first window is about 64 KiB (tcp_select_initial_window caps rcv_wnd at 65535, so "
                    + "256 once scaled by 8) and grows as data arrives; tcplab announces its whole receive buffer "
                    + "(61437 << 8) from the start"),
            new UnderLinux("fastopen/server/icmp-baseline.pkt", 20, "an ICMP host unreachable quoting the "
                    + "SYN-ACK of a connection in SYN-RECEIVED: Linux drops the half-open connection "
                    + "(tcp_v4_err: tcp_req_err aborts on net and host unreachable), so the ACK gets a RST; "
                    + "tcplab keeps it, as RFC 1122 4.2.3.9 asks of these soft errors (MUST NOT abort, RFC 5461), "
                    + "and the ACK completes the handshake"),
            icmpFastOpen("fastopen/server/icmp-before-accept.pkt", 31),
            icmpFastOpen("fastopen/server/opt34/icmp-before-accept.pkt", 33));

    /**
     * The Fast Open clients whose blocking sendto finds the SYN-ACK while it waits: Linux saves the
     * ACK for the data and enters pingpong (interactive) mode, which tcplab does not have.
     */
    private static UnderLinux pingpong(String script, int line) {
        return new UnderLinux(script, line, "the delayed ACK of interactive use: the SYN-ACK arrives while a "
                + "blocking sendto waits, so Linux saves its ACK for the data (tcp_rcv_synsent_state_process: "
                + "sk_write_pending, tcp_enter_quickack_mode sets ato to 40 ms) and the data leaving within that "
                + "ato puts the connection in pingpong mode (tcp_event_data_sent); the 500 bytes that come next "
                + "are then not quick-ACKed and their ACK rides on the FIN. tcplab has no pingpong mode: the "
                + "linux profile's 16 quick ACKs acknowledge them at once, before the FIN");
    }

    /** The Fast Open clients whose SYN with data meets an ICMP Packet Too Big. */
    private static UnderLinux tooBig(String script, String mtuAndMss) {
        return new UnderLinux(script, 31, "a Fast Open SYN with data that a router finds too big (MTU "
                + mtuAndMss + "): Linux sends a plain SYN again at once (tcp_simple_retransmit, since commit "
                + "c31b70c9968f) announcing the MSS of the new path MTU; tcplab keeps the path MTU for the "
                + "handshake to use and resends the SYN when its timer fires (RFC 7413 says nothing of this case)");
    }

    /** The Fast Open server scripts where ICMP host unreachable reaches a connection in SYN-RECEIVED. */
    private static UnderLinux icmpFastOpen(String script, int line) {
        return new UnderLinux(script, line, "an ICMP host unreachable quoting the SYN-ACK of a Fast Open "
                + "connection still in SYN-RECEIVED: Linux closes it (tcp_v4_err: in SYN-SENT and SYN-RECEIVED "
                + "any error ends the connection, tcp_done), so the second read returns EHOSTUNREACH (line "
                + (line - 2) + "); tcplab keeps it, as RFC 1122 4.2.3.9 asks of this soft error (MUST NOT "
                + "abort, RFC 5461), and the read blocks");
    }

    private ExpectedFailures() {
    }

    /** Scripts that still fail under linux; the corpus test turns red when one passes. */
    public static List<UnderLinux> underLinux() {
        return UNDER_LINUX;
    }

    public static Optional<UnderLinux> underLinux(String script) {
        return UNDER_LINUX.stream().filter(u -> u.script().equals(script)).findFirst();
    }

    public static List<Entry> all() {
        return ENTRIES;
    }

    public static Optional<Entry> of(String script) {
        return ENTRIES.stream().filter(e -> e.script().equals(script)).findFirst();
    }

    /** The linux profile with {@code entry}'s switches left at tcplab's defaults, the RFC choices. */
    public static Profile rfcChoice(Entry entry) {
        Profile linux = Profiles.get(Profiles.LINUX);
        List<ProfileValue> values = linux.values().stream().filter(v -> !entry.keys().contains(v.key())).toList();
        return new Profile(linux.name(), linux.summary() + "; " + entry.names() + " at the RFC choice", values,
                linux.algorithms());
    }

    /**
     * Why {@code script} fails under {@code profile}, when it is one of these and {@code profile}
     * sets its switches otherwise than {@code linux} does.
     */
    public static Optional<String> explain(String script, Profile profile) {
        return of(script).flatMap(e -> {
            ConnectionOptions here = profile.builder().build();
            ConnectionOptions linux = Profiles.get(Profiles.LINUX).builder().build();
            String differ = e.keys().stream().filter(k -> !k.read(here).equals(k.read(linux)))
                    .map(k -> k.key() + " = " + k.read(here) + " (linux: " + k.read(linux) + ")")
                    .collect(Collectors.joining(", "));
            return differ.isEmpty() ? Optional.empty() : Optional.of(differ + ": " + e.reason());
        });
    }
}
