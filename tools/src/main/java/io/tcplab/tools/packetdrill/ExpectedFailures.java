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
 * Scripts of {@code PORTABLE.txt} that pass only because the {@code linux} profile sets one place
 * where Linux and the RFC tcplab follows by default differ as Linux does: each entry names that
 * switch and why the RFC choice fails the script ({@code docs/packetdrill.md}). The corpus test
 * runs each under {@code linux} with that one switch at its RFC choice and expects the failure,
 * so the RFC behaviour stays tested and each switch is shown to be needed. {@link #underLinux()}
 * lists the scripts that still fail under {@code linux}, with the difference found.
 */
public final class ExpectedFailures {
    /**
     * A script, the linux switches that make it pass (any one suffices where there are several),
     * the script line where it fails with all of them at the RFC choice (today's value), and why.
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
                    + "(max(acked - dupacks, 1)) and sends two"));

    /** A script that still fails under {@code linux}: the line, and the difference found but not switched. */
    public record UnderLinux(String script, int line, String reason) {
    }

    private static final List<UnderLinux> UNDER_LINUX = List.of(
            new UnderLinux("fast_retransmit/fr-4pkt-fack-last-mss.pkt", 27, "RACK's reordering timer fires at "
                    + "RACK.rtt + min_RTT/4 = +25 ms after the SACK (RFC 8985 6.2; Linux 6.x's tcp_rack_mark_lost "
                    + "arms the same plus TCP_TIMEOUT_MIN_US, +27 ms, as sack/sack-shift-sacked-7-3-4-8-9-fack "
                    + "shows); the Linux that recorded this script fired at +40 ms, for a reason not found in the "
                    + "sources read"));

    private ExpectedFailures() {
    }

    /** Scripts of PORTABLE.txt that still fail under linux; the corpus test turns red when one passes. */
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
