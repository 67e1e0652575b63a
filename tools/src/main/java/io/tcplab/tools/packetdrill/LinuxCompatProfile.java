package io.tcplab.tools.packetdrill;

import io.tcplab.stack.conn.ConnectionOptions;
import io.tcplab.stack.conn.EcnMode;
import io.tcplab.stack.profile.Profile;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What the packetdrill runner hands its stack: a profile (the kernel's behaviour, {@code linux}
 * by default) with the settings of the host the scripts were written for on top — packetdrill's
 * {@code common/defaults.sh}, which Linux's harness runs before every script, then the runner's
 * {@code --sysctl} settings, then the script's own ({@link LinuxSysctl} maps each). The stack's
 * own defaults are not changed.
 */
public final class LinuxCompatProfile {
    /**
     * The settings of packetdrill's {@code tcp/common/defaults.sh} (commit 2c4001c), in its order
     * ({@code CorpusTest} checks them against the file when the corpus is there).
     */
    static final Map<String, String> DEFAULTS_SH = defaults();

    private LinuxCompatProfile() {
    }

    private static Map<String, String> defaults() {
        Map<String, String> d = new LinkedHashMap<>();
        d.put("net.ipv4.tcp_rmem", "4096 540000 15728640");
        d.put("net.ipv4.tcp_wmem", "4096 262144 4194304");
        d.put("net.ipv4.tcp_timestamps", "1");
        d.put("net.ipv4.tcp_syn_retries", "5");
        d.put("net.ipv4.tcp_synack_retries", "5");
        d.put("net.ipv4.tcp_frto", "2");
        d.put("net.ipv4.tcp_sack", "1");
        d.put("net.ipv4.tcp_dsack", "1");
        d.put("net.ipv4.tcp_fack", "0");
        d.put("net.ipv4.tcp_reordering", "3");
        d.put("net.ipv4.tcp_congestion_control", "cubic");
        d.put("net.ipv4.tcp_slow_start_after_idle", "0");
        d.put("net.ipv4.tcp_early_retrans", "4");
        d.put("net.ipv4.tcp_recovery", "1");
        d.put("net.ipv4.tcp_tso_win_divisor", "3");
        d.put("net.ipv4.tcp_ecn", "0");
        d.put("net.ipv4.tcp_ecn_option", "2");
        d.put("net.ipv4.tcp_pacing_ss_ratio", "200");
        d.put("net.ipv4.tcp_pacing_ca_ratio", "120");
        d.put("net.ipv4.tcp_notsent_lowat", "4294967295");
        d.put("net.ipv4.tcp_fastopen", "0x70403");
        d.put("net.ipv4.tcp_fastopen_key", "a1a1a1a1-b2b2b2b2-c3c3c3c3-d4d4d4d4");
        d.put("net.ipv4.tcp_syncookies", "1");
        return Collections.unmodifiableMap(d);
    }

    /** The host a script runs on: defaults.sh, then {@code runner}'s settings, then {@code script}'s; the last value of each. */
    static Map<String, String> host(Map<String, String> runner, Map<String, String> script) {
        Map<String, String> host = new LinkedHashMap<>(DEFAULTS_SH);
        host.putAll(runner);
        host.putAll(script);
        return Collections.unmodifiableMap(host);
    }

    /** {@code profile}'s options with the {@code host}'s settings on top (every key one {@link LinuxSysctl} knows). */
    public static ConnectionOptions.Builder builder(Profile profile, Map<String, String> host) {
        ConnectionOptions.Builder b = profile.builder()
                .windowScale(true) // tcp_window_scaling=1, Linux's default (defaults.sh leaves it)
                .mss(1460); // an MTU of 1500
        host.forEach((name, value) -> sysctl(name).apply(b, value));
        return b;
    }

    /** The settings that depend on whether the socket listens ({@code passive}) or connects, onto {@code b}. */
    static void role(ConnectionOptions.Builder b, Map<String, String> host, boolean passive) {
        host.forEach((name, value) -> sysctl(name).applyRole(b, value, passive));
    }

    /** Why {@code settings} cannot be run (the first refused), or null: for a command line's {@code --sysctl}. */
    public static String check(Map<String, String> settings) {
        return settings.entrySet().stream().map(e -> LinuxSysctl.check(e.getKey(), e.getValue()))
                .filter(why -> why != null).findFirst().orElse(null);
    }

    /** What the known setting {@code name} does here: applied, what tcplab already does, or no effect and why. */
    static String effect(String name) {
        return sysctl(name).effect();
    }

    /** Whether the runner knows the setting {@code name} (whatever its value). */
    public static boolean knows(String name) {
        return LinuxSysctl.named(name).isPresent();
    }

    /** The host's tcp_fastopen bits (Linux reads them at each Fast Open call). */
    static long fastOpen(Map<String, String> host) {
        String v = host.get(LinuxSysctl.TCP_FASTOPEN.key());
        return v == null ? 0 : LinuxSysctl.number(v);
    }

    /**
     * The host's tcp_fastopen_key as the 16 key bytes Linux's proc_tcp_fastopen_key makes of it:
     * each 32-bit word little-endian, in order; null when the host sets none.
     */
    static byte[] fastOpenKey(Map<String, String> host) {
        String v = host.get(LinuxSysctl.TCP_FASTOPEN_KEY.key());
        if (v == null) {
            return null;
        }
        String[] words = v.strip().split("-");
        byte[] key = new byte[16];
        for (int w = 0; w < 4; w++) {
            long word = Long.parseLong(words[w], 16);
            for (int i = 0; i < 4; i++) {
                key[4 * w + i] = (byte) (word >>> (8 * i));
            }
        }
        return key;
    }

    /** A setting the runner reads at each call rather than when a socket is made (tcp_fastopen), or one without effect. */
    static boolean readAtTheCall(String name) {
        LinuxSysctl s = sysctl(name);
        return s == LinuxSysctl.TCP_FASTOPEN || s.noEffect() != null;
    }

    /** A setting a script may change while it runs: all but the stack's Fast Open key, fixed when the stack is made. */
    static boolean changeable(String name) {
        return sysctl(name) != LinuxSysctl.TCP_FASTOPEN_KEY;
    }

    /** The settings the runner knows, for a message naming them. */
    public static String knownSettings() {
        return LinuxSysctl.keys();
    }

    /** {@code name} in the full form the runner keys settings by ({@code net.ipv4.tcp_ecn}), or itself when unknown. */
    public static String fullName(String name) {
        return LinuxSysctl.named(name).map(LinuxSysctl::key).orElse(name);
    }

    private static LinuxSysctl sysctl(String name) {
        return LinuxSysctl.named(name).orElseThrow(() -> new IllegalArgumentException("unknown setting " + name));
    }
}
