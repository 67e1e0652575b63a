package io.tcplab.tools.packetdrill;

import io.tcplab.stack.cc.CongestionControls;
import io.tcplab.stack.conn.ConnectionOptions;
import io.tcplab.stack.conn.EcnMode;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * The Linux host settings the packetdrill runner knows (sysctl {@code net.ipv4.*} and CUBIC's
 * {@code hystart_detect} module parameter), each with what it does to tcplab: applied to the
 * connection options, already what tcplab does (then any other value is refused), or without
 * effect here for the reason given. A setting the stack cannot honour skips the script, naming
 * it. The meanings are Documentation/networking/ip-sysctl.rst's (Linux 6.x); docs/packetdrill.md
 * has the table.
 */
enum LinuxSysctl {
    TCP_TIMESTAMPS("tcp_timestamps") {
        // 2 is 1 without a random TSval offset; the runner learns the offset either way
        String refusal(String v) { return oneOf(v, "0", "1", "2"); }
        void apply(ConnectionOptions.Builder b, String v) { b.timestamps(!v.equals("0")); }
    },
    TCP_SACK("tcp_sack") {
        String refusal(String v) { return oneOf(v, "0", "1"); }
        void apply(ConnectionOptions.Builder b, String v) { b.sack(v.equals("1")); }
    },
    TCP_WINDOW_SCALING("tcp_window_scaling") {
        String refusal(String v) { return oneOf(v, "0", "1"); }
        void apply(ConnectionOptions.Builder b, String v) { b.windowScale(v.equals("1")); }
    },
    /**
     * Linux 7.0's table (ip-sysctl.rst, "tcp: accecn: enable AccECN"): what a listener grants and
     * a connecting socket asks for — 0 nothing; 1 ECN both; 2 ECN granted, nothing asked; 3 AccECN
     * both; 4 AccECN granted, ECN asked; 5 AccECN granted, nothing asked. A tcplab listener set to
     * AccECN also grants classic ECN to a classic SYN (RFC 9768 table 2), as Linux's does.
     */
    TCP_ECN("tcp_ecn") {
        String refusal(String v) { return oneOf(v, "0", "1", "2", "3", "4", "5"); }
        void applyRole(ConnectionOptions.Builder b, String v, boolean passive) {
            int mode = Integer.parseInt(v);
            EcnMode granted = mode == 0 ? EcnMode.OFF : mode <= 2 ? EcnMode.CLASSIC : EcnMode.ACCECN;
            EcnMode asked = switch (mode) {
                case 1, 4 -> EcnMode.CLASSIC;
                case 3 -> EcnMode.ACCECN;
                default -> EcnMode.OFF;
            };
            b.ecnMode(passive ? granted : asked);
        }
    },
    TCP_ECN_OPTION("tcp_ecn_option", "2", "tcplab sends the AccECN option by RFC 9768 3.2.3.3's recommended scheme,"
            + " as Linux's default (2, full) does; the minimum (1), none (0) and persist (3) levels are not modelled"),
    TCP_CONGESTION_CONTROL("tcp_congestion_control") {
        String refusal(String v) {
            return CongestionControls.names().contains(v) ? null : "tcplab has no algorithm named '" + v + "'";
        }
        void apply(ConnectionOptions.Builder b, String v) { b.congestionControl(v); }
    },
    /** Linux derives the window scale from the maximum, as tcplab does from its buffer. */
    TCP_RMEM("tcp_rmem") {
        String refusal(String v) { return vector(v, 2, 1024, 1 << 30); }
        void apply(ConnectionOptions.Builder b, String v) { b.receiveBufferBytes((int) element(v, 2)); }
    },
    /** The default is each socket's buffer; Linux counts buffer memory, tcplab payload bytes. */
    TCP_WMEM("tcp_wmem") {
        String refusal(String v) { return vector(v, 1, 1024, 1 << 30); }
        void apply(ConnectionOptions.Builder b, String v) { b.sendBufferBytes((int) element(v, 1)); }
    },
    TCP_SYN_RETRIES("tcp_syn_retries") {
        String refusal(String v) { return range(v, 1, 100); }
        void applyRole(ConnectionOptions.Builder b, String v, boolean passive) {
            if (!passive) {
                b.synRetries((int) number(v));
            }
        }
    },
    TCP_SYNACK_RETRIES("tcp_synack_retries") {
        String refusal(String v) { return range(v, 1, 100); }
        void applyRole(ConnectionOptions.Builder b, String v, boolean passive) {
            if (passive) {
                b.synRetries((int) number(v));
            }
        }
    },
    /** F-RTO (RFC 5682): any value but 0 enables it. */
    TCP_FRTO("tcp_frto") {
        String refusal(String v) { return oneOf(v, "0", "1", "2"); }
        void apply(ConnectionOptions.Builder b, String v) {
            List<String> others = b.build().spurious.stream().filter(d -> !d.startsWith("frto")).toList();
            List<String> wanted = new ArrayList<>(others);
            if (!v.equals("0")) {
                wanted.add("frto");
            }
            b.spurious(wanted.isEmpty() ? "off" : String.join(",", wanted));
        }
    },
    TCP_DSACK("tcp_dsack", "1", "tcplab always sends D-SACK blocks (RFC 2883)"),
    TCP_FACK("tcp_fack", "a legacy option without effect in Linux since 4.15; tcplab has no FACK either"),
    TCP_REORDERING("tcp_reordering", "3", "tcplab's duplicate-ACK threshold is RFC 5681's 3"),
    TCP_SLOW_START_AFTER_IDLE("tcp_slow_start_after_idle") {
        String refusal(String v) { return oneOf(v, "0", "1"); }
        void apply(ConnectionOptions.Builder b, String v) { b.slowStartAfterIdle(v.equals("1")); }
    },
    /** 0 turns the tail loss probe off; 3 and 4 keep it (1 and 2 were RFC 5827's early retransmit). */
    TCP_EARLY_RETRANS("tcp_early_retrans", "3|4", "tcplab's RACK-TLP always sends tail loss probes (RFC 8985 7)"),
    /** Bit 0x1 (RACK) cannot be turned off in Linux either; 0x2 (static window) and 0x4 (no DupThresh) are refused. */
    TCP_RECOVERY("tcp_recovery", "0|1", "tcplab's RACK adapts its reordering window and keeps the DupThresh rule"
            + " (RFC 8985 6.2)"),
    TCP_TSO_WIN_DIVISOR("tcp_tso_win_divisor", "tcplab has no segmentation offload and never defers a"
            + " segment to build a larger one (tcp_tso_should_defer)"),
    TCP_MIN_TSO_SEGS("tcp_min_tso_segs", "tcplab has no segmentation offload: it sends segments of the"
            + " MSS, and the runner takes the back-to-back run of them for a longer outbound line"),
    TCP_PACING_SS_RATIO("tcp_pacing_ss_ratio", "200", "tcplab paces at Linux's default ratios"),
    TCP_PACING_CA_RATIO("tcp_pacing_ca_ratio", "120", "tcplab paces at Linux's default ratios"),
    TCP_NOTSENT_LOWAT("tcp_notsent_lowat", "4294967295", "tcplab has no limit on unsent bytes"),
    /**
     * TCP Fast Open (RFC 7413), read at each call as Linux reads it ({@link Syscalls}): 0x1 lets
     * MSG_FASTOPEN and TCP_FASTOPEN_CONNECT work (else EOPNOTSUPP), 0x4 sends data without a
     * cookie, 0x2 lets a listener take Fast Open, on its TCP_FASTOPEN queue or, with 0x400, on
     * every listener with its backlog as the queue, 0x200 without a cookie. Other bits mean
     * nothing to upstream Linux (include/net/tcp.h defines no more).
     */
    TCP_FASTOPEN("tcp_fastopen") {
        String refusal(String v) { return range(v, 0, 0xFFFFFF); }
    },
    /** The stack's cookie key, as the sysctl writes it: four 32-bit words in hex (a backup key after a comma is refused). */
    TCP_FASTOPEN_KEY("tcp_fastopen_key") {
        String refusal(String v) {
            return v.strip().matches("[0-9a-fA-F]{1,8}(-[0-9a-fA-F]{1,8}){3}") ? null
                    : "not four 32-bit hex words joined by '-' (tcplab keeps no backup key)";
        }
    },
    TCP_FASTOPEN_BLACKHOLE_TIMEOUT_SEC("tcp_fastopen_blackhole_timeout_sec", "0", "tcplab has no Fast Open blackhole"
            + " detection (Linux's is off at 0, its default since 5.14)"),
    TCP_SYNCOOKIES("tcp_syncookies", "1", "tcplab sends SYN cookies when the SYN queue is full"),
    TCP_MTU_PROBING("tcp_mtu_probing", "0", "tcplab has no packetization-layer path MTU discovery (RFC 4821)"),
    TCP_BASE_MSS("tcp_base_mss", "used only by MTU probing (tcp_mtu_probing), off here"),
    /** Not a sysctl: {@code echo N > /sys/module/tcp_cubic/parameters/hystart_detect}. */
    HYSTART_DETECT("tcp_cubic.hystart_detect", "3", "tcplab's CUBIC runs Linux's HyStart with both the ACK-train and the delay test");

    private static final String PREFIX = "net.ipv4.";
    private final String key;
    /** The values tcplab behaves as ({@code 3|4}), or null. */
    private final List<String> sameValues;
    /** Why only {@link #sameValues}, or why the setting has no effect here; null for one applied. */
    private final String why;

    /** A setting applied to the options, and checked, by the constant's own methods. */
    LinuxSysctl(String name) {
        this(name, null, null);
    }

    /** A setting without effect here, for the reason {@code why}; the constant may still refuse values. */
    LinuxSysctl(String name, String why) {
        this(name, null, why);
    }

    /** With {@code values} ({@code 3|4}): tcplab behaves as those values only, for the reason {@code why}. */
    LinuxSysctl(String name, String values, String why) {
        this.key = name.contains(".") ? name : PREFIX + name;
        this.sameValues = values == null ? null : List.of(values.split("\\|"));
        this.why = why;
    }

    /** The full name, {@code net.ipv4.tcp_ecn}. */
    String key() {
        return key;
    }

    /** Why tcplab cannot honour {@code value}, or null when it can. */
    String refusal(String value) {
        return sameValues == null || sameValues.contains(value) ? null : why;
    }

    /** Sets what this setting changes on every socket's options. */
    void apply(ConnectionOptions.Builder b, String value) {
    }

    /** Sets what this setting changes on a socket that listens ({@code passive}) or connects, when it does. */
    void applyRole(ConnectionOptions.Builder b, String value, boolean passive) {
    }

    /** For a setting without effect here: why; else null. */
    String noEffect() {
        return sameValues == null ? why : null;
    }

    /** What this setting does here, for the log: applied, what tcplab already does, or no effect and why. */
    String effect() {
        String none = noEffect();
        if (none != null) {
            return "no effect: " + none;
        }
        return sameValues != null ? "as tcplab: " + why : "applied";
    }

    /**
     * The setting named {@code name}: {@code net.ipv4.tcp_ecn}, {@code net/ipv4/tcp_ecn},
     * {@code /proc/sys/net/ipv4/tcp_ecn} or {@code tcp_ecn}.
     */
    static Optional<LinuxSysctl> named(String name) {
        String path = name.replaceFirst("^/proc/sys/", "").replace('/', '.');
        String k = path.contains(".") ? path : PREFIX + path;
        return Arrays.stream(values()).filter(s -> s.key.equals(k)).findFirst();
    }

    /** Every key, for messages. */
    static String keys() {
        return Arrays.stream(values()).map(s -> s.key).collect(Collectors.joining(", "));
    }

    /** Why {@code name=value} cannot run here (unknown, or not honoured), or null. */
    static String check(String name, String value) {
        Optional<LinuxSysctl> s = named(name);
        if (s.isEmpty()) {
            return "setting " + name + " is not one the runner knows";
        }
        String why = s.get().refusal(value);
        return why == null ? null : "setting " + s.get().key + "=" + value + " (" + why + ")";
    }

    private static String oneOf(String v, String... allowed) {
        return Arrays.asList(allowed).contains(v) ? null : "not " + String.join(", ", allowed);
    }

    private static String range(String v, long lo, long hi) {
        try {
            long n = number(v);
            return n >= lo && n <= hi ? null : "not " + lo + " to " + hi;
        } catch (NumberFormatException e) {
            return "not a number";
        }
    }

    private static String vector(String v, int used, long lo, long hi) {
        String[] parts = v.strip().split("\\s+");
        if (parts.length != 3) {
            return "not three numbers";
        }
        return range(parts[used], lo, hi);
    }

    static long number(String v) {
        return Long.decode(v.strip().toLowerCase(Locale.ROOT));
    }

    private static long element(String v, int i) {
        return number(v.strip().split("\\s+")[i]);
    }
}
