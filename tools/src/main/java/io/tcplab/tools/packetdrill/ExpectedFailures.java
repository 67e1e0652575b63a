package io.tcplab.tools.packetdrill;

import java.util.Map;
import java.util.Optional;

/**
 * Scripts expected to fail where tcplab differs from Linux in a way the RFCs allow. Each entry is
 * a script path under {@code tcp/} and the reason; {@code docs/packetdrill.md} explains them. The
 * corpus test turns red when one starts passing.
 */
public final class ExpectedFailures {
    private static final Map<String, String> REASONS = Map.ofEntries(
            Map.entry("ts_recent/invalid_ack.pkt", "answers a segment whose ACK is above SND.NXT with an ACK "
                    + "(RFC 9293 3.10.7.4, RFC 5961 5.2 MUST); Linux drops it silently"),
            Map.entry("fast_retransmit/fr-4pkt-fack-last-mss.pkt", "RACK's reordering timer fires at RACK.rtt + "
                    + "min_RTT/4 = +25 ms after the SACK (RFC 8985 6.2); the Linux that recorded this script fired "
                    + "at +40 ms"),
            Map.entry("fast_recovery/prr-ss-ack-below-snd_una-cubic.pkt", "RFC 8985 6.2 sets the reordering window to "
                    + "0 once DupThresh segments are SACKed, so RACK deems 3001:8001 lost together with 1:1001 at "
                    + "0.020; the Linux that recorded this script kept min_RTT/4 until a loss was marked and "
                    + "resent only 1:1001"),
            Map.entry("limited_transmit/limited-transmit-no-sack.pkt", "slow start counts bytes with L = 2*SMSS "
                    + "(RFC 3465 2.2): an ACK of two segments grows cwnd by two, where Linux credited one at the "
                    + "duplicate ACKs"),
            Map.entry("fast_recovery/prr-ss-30pkt-lost1_4.pkt", "with nothing new to send and no lost segment left, "
                    + "the sender makes RFC 6675's rescue retransmission of the highest outstanding segment "
                    + "(9001:10001, NextSeg rule 4); Linux has no rescue retransmission. The window after recovery "
                    + "is CUBIC's 7 segments, as Linux's"),
            Map.entry("fast_recovery/prr-ss-30pkt-lost-1_4-11_16.pkt", "PRR's quota at the third duplicate ACK lets "
                    + "two retransmissions go (1:1001 and 1001:2001) where Linux sent one per ACK, so every later "
                    + "segment leaves one ACK early; the reduction itself is CUBIC's 0.7, as Linux's"));

    private ExpectedFailures() {
    }

    public static Optional<String> reason(String script) {
        return Optional.ofNullable(REASONS.get(script));
    }

    public static Map<String, String> all() {
        return REASONS;
    }
}
