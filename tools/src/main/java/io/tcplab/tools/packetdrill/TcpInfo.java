package io.tcplab.tools.packetdrill;

import io.tcplab.stack.conn.Connection;
import io.tcplab.stack.conn.ConnectionInfo;
import io.tcplab.stack.conn.EcnMode;
import io.tcplab.stack.conn.TcpState;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What a {@code %{ }%} block sees: Linux's {@code struct tcp_info} fields ({@code tcpi_*}, the
 * names packetdrill binds) read from a tcplab connection in Linux's units — segments for windows
 * and counts, microseconds for times, milliseconds for {@code tcpi_last_data_recv} — and the
 * symbols packetdrill defines beside them. A field tcplab does not keep, or keeps with another
 * meaning, is {@link PyExpr.Unknown}: an assertion over it is not checked, and the report says so.
 */
final class TcpInfo {
    /** Every field packetdrill binds (code.c write_tcp_info, Linux). */
    private static final List<String> LINUX_FIELDS = List.of("state", "ca_state", "retransmits", "probes", "backoff",
            "options", "snd_wscale", "rcv_wscale", "delivery_rate_app_limited", "rto", "ato", "snd_mss", "rcv_mss",
            "unacked", "sacked", "lost", "retrans", "fackets", "last_data_sent", "last_ack_sent", "last_data_recv",
            "last_ack_recv", "pmtu", "rcv_ssthresh", "rtt", "rttvar", "snd_ssthresh", "snd_cwnd", "advmss",
            "reordering", "total_retrans", "pacing_rate", "max_pacing_rate", "rcv_rtt", "rcv_space", "bytes_acked",
            "bytes_received", "segs_out", "segs_in", "notsent_bytes", "min_rtt", "data_segs_in", "data_segs_out",
            "delivery_rate", "busy_time", "rwnd_limited", "sndbuf_limited", "delivered", "delivered_ce", "bytes_sent",
            "bytes_retrans", "dsack_dups", "reord_seen");
    /** Linux's TCP_INFINITE_SSTHRESH, what tcpi_snd_ssthresh shows before the first reduction. */
    static final long INFINITE_SSTHRESH = 0x7fffffffL;

    private TcpInfo() {
    }

    /** The symbols packetdrill defines for every block (include/net/tcp_states.h, tcp.h). */
    static Map<String, Object> symbols() {
        Map<String, Object> s = new LinkedHashMap<>();
        String[] states = {"ESTABLISHED", "SYN_SENT", "SYN_RECV", "FIN_WAIT1", "FIN_WAIT2", "TIME_WAIT", "CLOSE",
                "CLOSE_WAIT", "LAST_ACK", "LISTEN", "CLOSING"};
        for (int i = 0; i < states.length; i++) {
            s.put("TCP_" + states[i], (long) i + 1);
        }
        String[] caStates = {"Open", "Disorder", "CWR", "Recovery", "Loss"};
        for (int i = 0; i < caStates.length; i++) {
            s.put("TCP_CA_" + caStates[i], (long) i);
        }
        s.put("TCPI_OPT_TIMESTAMPS", 1L);
        s.put("TCPI_OPT_SACK", 2L);
        s.put("TCPI_OPT_WSCALE", 4L);
        s.put("TCPI_OPT_ECN", 8L);
        s.put("TCPI_OPT_ECN_SEEN", 16L);
        s.put("TCPI_OPT_SYN_DATA", 32L);
        s.put("TCPI_OPT_USEC_TS", 64L);
        s.put("TCPI_OPT_TFO_CHILD", 128L);
        return s;
    }

    /** Every {@code tcpi_*} field of {@code c} at {@code nowNanos}: a number, or unknown. */
    static Map<String, Object> of(Connection c, long nowNanos) {
        Map<String, Object> f = new LinkedHashMap<>();
        for (String name : LINUX_FIELDS) {
            f.put("tcpi_" + name, new PyExpr.Unknown("tcpi_" + name));
        }
        ConnectionInfo i = c.info();
        long mss = Math.max(1, i.mss());
        f.put("tcpi_state", (long) linuxState(i.state()));
        f.put("tcpi_ca_state", (long) i.caState().ordinal()); // the same order as Linux's enum tcp_ca_state
        f.put("tcpi_snd_mss", (long) i.mss());
        f.put("tcpi_advmss", (long) c.options().mss);
        f.put("tcpi_snd_cwnd", i.cwndBytes() / mss);
        f.put("tcpi_snd_ssthresh", i.ssthreshBytes() >= INFINITE_SSTHRESH * mss ? INFINITE_SSTHRESH
                : i.ssthreshBytes() / mss);
        f.put("tcpi_unacked", i.outstandingSegments());
        f.put("tcpi_sacked", i.sackedSegments());
        f.put("tcpi_lost", i.lostSegments());
        f.put("tcpi_retrans", i.retransmissionsInFlight());
        f.put("tcpi_rtt", i.srttNanos() / 1000);
        f.put("tcpi_min_rtt", i.minRttNanos() < 0 ? 0xFFFFFFFFL : i.minRttNanos() / 1000); // ~0U before a sample
        f.put("tcpi_rto", i.rtoNanos() / 1000);
        f.put("tcpi_bytes_acked", i.bytesAcked());
        f.put("tcpi_bytes_received", i.bytesReceived());
        if (i.ecnMode() == EcnMode.OFF) {
            // tcp_get_info's bits; with ECN on, TCPI_OPT_ECN_SEEN would need what tcplab does not keep
            f.put("tcpi_options", (i.timestamps() ? 1L : 0) | (i.sack() ? 2 : 0) | (i.windowScale() ? 4 : 0)
                    | (i.synDataAcked() ? 32 : 0) | (i.fastOpenChild() ? 128 : 0));
        }
        if (i.lastDataReceivedNanos() >= 0) {
            f.put("tcpi_last_data_recv", (nowNanos - i.lastDataReceivedNanos()) / 1_000_000);
        }
        return f;
    }

    /** include/net/tcp_states.h. */
    private static int linuxState(TcpState s) {
        return switch (s) {
            case ESTABLISHED -> 1;
            case SYN_SENT -> 2;
            case SYN_RECEIVED -> 3;
            case FIN_WAIT_1 -> 4;
            case FIN_WAIT_2 -> 5;
            case TIME_WAIT -> 6;
            case CLOSED -> 7;
            case CLOSE_WAIT -> 8;
            case LAST_ACK -> 9;
            case LISTEN -> 10;
            case CLOSING -> 11;
        };
    }
}
