package io.tcplab.tools.packetdrill;

import io.tcplab.stack.cc.CongestionControls;
import io.tcplab.stack.conn.ConnectionOptions;
import java.util.Map;

/**
 * The "linux-compat" profile: connection defaults that mirror Linux with packetdrill's
 * {@code common/defaults.sh} applied, where the RFCs leave the choice. Each value names the Linux
 * setting it copies; {@code docs/packetdrill.md} lists them. The stack's own defaults are not
 * changed: this is only what the packetdrill runner hands to its stack.
 */
public final class LinuxCompatProfile {
    private static final long MS = 1_000_000L;

    private LinuxCompatProfile() {
    }

    /** The profile, with the sysctls a script's shell block set (see {@link #knowsSysctl}). */
    public static ConnectionOptions.Builder builder(Map<String, String> sysctls) {
        ConnectionOptions.Builder b = ConnectionOptions.builder()
                .congestionControl("cubic") // tcp_congestion_control=cubic, Linux's default (cc-algorithms, RFC 9438)
                .sack(true) // tcp_sack=1
                .timestamps(true) // tcp_timestamps=1
                .windowScale(true) // tcp_window_scaling=1
                .ecn(false) // tcp_ecn=0
                .sendBufferBytes(256 * 1024) // tcp_wmem[1]
                .receiveBufferBytes(15 * 1024 * 1024) // tcp_rmem[2]: Linux derives wscale (8) from the maximum
                .nagle(true)
                .delayedAck(true).delayedAckNanos(40 * MS) // TCP_ATO_MIN
                .quickAckSegments(16) // TCP_MAX_QUICKACKS: the first segments are ACKed at once
                .prr(true) // Linux recovers with PRR (tcp_cwnd_reduction)
                .initialWindowSegments(10) // TCP_INIT_CWND (RFC 6928)
                .mss(1460)
                .initialRtoNanos(1000 * MS) // TCP_TIMEOUT_INIT (RFC 6298)
                .minRtoNanos(200 * MS) // TCP_RTO_MIN
                .maxRtoNanos(120_000 * MS) // TCP_RTO_MAX
                .maxRetries(15) // tcp_retries2
                .synRetries(5) // tcp_syn_retries=5
                .timeWaitNanos(60_000 * MS) // TCP_TIMEWAIT_LEN
                .timestampTickNanos(MS); // Linux's TSval clock is in milliseconds
        sysctls.forEach((name, value) -> apply(b, name, value));
        return b;
    }

    public static ConnectionOptions options() {
        return builder(Map.of()).build();
    }

    /** Whether a {@code sysctl name=value} maps onto the profile (else the script is skipped). */
    static boolean knowsSysctl(String name, String value) {
        return switch (name) {
            case "net.ipv4.tcp_ecn" -> value.equals("0") || value.equals("1") || value.equals("2");
            case "net.ipv4.tcp_sack", "net.ipv4.tcp_timestamps", "net.ipv4.tcp_window_scaling" ->
                    value.equals("0") || value.equals("1");
            case "net.ipv4.tcp_congestion_control" -> CongestionControls.names().contains(value);
            default -> false;
        };
    }

    private static void apply(ConnectionOptions.Builder b, String name, String value) {
        switch (name) {
            case "net.ipv4.tcp_ecn" -> b.ecn(value.equals("1")); // 2: answer ECN but never ask; we cannot split these
            case "net.ipv4.tcp_sack" -> b.sack(value.equals("1"));
            case "net.ipv4.tcp_timestamps" -> b.timestamps(value.equals("1"));
            case "net.ipv4.tcp_window_scaling" -> b.windowScale(value.equals("1"));
            case "net.ipv4.tcp_congestion_control" -> b.congestionControl(value);
            default -> throw new IllegalArgumentException("unknown sysctl " + name);
        }
    }
}
