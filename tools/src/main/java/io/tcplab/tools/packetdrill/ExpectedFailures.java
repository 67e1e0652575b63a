package io.tcplab.tools.packetdrill;

import java.util.Map;
import java.util.Optional;

/**
 * Scripts expected to fail where tcplab differs from Linux in a way the RFCs allow. Each entry is
 * a script path under {@code tcp/} and the reason; {@code docs/packetdrill.md} explains them. The
 * corpus test turns red when one starts passing.
 */
public final class ExpectedFailures {
    private static final String PRR = "the window after recovery is Reno's half, not CUBIC's 0.7: tcplab has no CUBIC "
            + "yet (the profile does recover with PRR, RFC 6937, as Linux does)";

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
            Map.entry("fast_recovery/prr-ss-30pkt-lost1_4.pkt", PRR),
            Map.entry("fast_recovery/prr-ss-30pkt-lost-1_4-11_16.pkt", PRR));

    private ExpectedFailures() {
    }

    public static Optional<String> reason(String script) {
        return Optional.ofNullable(REASONS.get(script));
    }

    public static Map<String, String> all() {
        return REASONS;
    }
}
