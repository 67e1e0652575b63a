package io.tcplab.tools.packetdrill;

import io.tcplab.stack.cc.CongestionControls;
import io.tcplab.stack.conn.ConnectionOptions;
import io.tcplab.stack.conn.EcnMode;
import io.tcplab.stack.profile.Profile;
import java.util.Map;

/**
 * What the packetdrill runner hands its stack: a profile (the kernel's behaviour, {@code linux}
 * by default) with the settings of the host the scripts were written for on top — packetdrill's
 * {@code common/defaults.sh} and the sysctls a script's shell block sets. Each value names the
 * Linux setting it copies; {@code docs/packetdrill.md} lists them. The stack's own defaults are
 * not changed.
 */
public final class LinuxCompatProfile {
    private LinuxCompatProfile() {
    }

    /** {@code profile}'s options with the script host's settings and {@code sysctls} on top (see {@link #knowsSysctl}). */
    public static ConnectionOptions.Builder builder(Profile profile, Map<String, String> sysctls) {
        ConnectionOptions.Builder b = profile.builder()
                .congestionControl("cubic") // tcp_congestion_control=cubic (cc-algorithms, RFC 9438)
                .sack(true) // tcp_sack=1
                .timestamps(true) // tcp_timestamps=1
                .windowScale(true) // tcp_window_scaling=1
                .ecn(false) // tcp_ecn=0
                .sendBufferBytes(256 * 1024) // tcp_wmem[1]
                .receiveBufferBytes(15 * 1024 * 1024) // tcp_rmem[2]: Linux derives wscale (8) from the maximum
                .mss(1460) // an MTU of 1500
                .synRetries(5); // tcp_syn_retries=5
        sysctls.forEach((name, value) -> apply(b, name, value));
        return b;
    }

    /** Whether a {@code sysctl name=value} maps onto the profile (else the script is skipped). */
    static boolean knowsSysctl(String name, String value) {
        return switch (name) {
            // 4 and 5 (accept AccECN, ask for classic or nothing) cannot be split either
            case "net.ipv4.tcp_ecn" -> value.equals("0") || value.equals("1") || value.equals("2") || value.equals("3");
            case "net.ipv4.tcp_sack", "net.ipv4.tcp_timestamps", "net.ipv4.tcp_window_scaling" ->
                    value.equals("0") || value.equals("1");
            case "net.ipv4.tcp_congestion_control" -> CongestionControls.names().contains(value);
            default -> false;
        };
    }

    private static void apply(ConnectionOptions.Builder b, String name, String value) {
        switch (name) {
            // 2: answer ECN but never ask; we cannot split these. 3: ask for and accept AccECN (Linux 7.0+)
            case "net.ipv4.tcp_ecn" -> b.ecnMode(value.equals("3") ? EcnMode.ACCECN
                    : value.equals("1") ? EcnMode.CLASSIC : EcnMode.OFF);
            case "net.ipv4.tcp_sack" -> b.sack(value.equals("1"));
            case "net.ipv4.tcp_timestamps" -> b.timestamps(value.equals("1"));
            case "net.ipv4.tcp_window_scaling" -> b.windowScale(value.equals("1"));
            case "net.ipv4.tcp_congestion_control" -> b.congestionControl(value);
            default -> throw new IllegalArgumentException("unknown sysctl " + name);
        }
    }
}
