package io.tcplab.tools.ab;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Reads the output of {@code ss -tin} (iproute2): one line per socket with state, queues and
 * addresses, then an indented line of TCP_INFO fields such as {@code reno wscale:7,7 rto:220
 * rtt:21.3/1.2 mss:1448 cwnd:52 ssthresh:40 bytes_acked:... retrans:0/12 delivery_rate 95Mbps}.
 * Fields ss leaves out (no retransmission yet, no ssthresh yet) read as 0 or -1.
 */
public final class SsParser {
    /** Flags ss prints bare before the algorithm's name. */
    private static final Set<String> FLAGS = Set.of("ts", "sack", "ecn", "ecnseen", "fastopen", "app_limited",
            "noop", "orphaned");

    private SsParser() {
    }

    /**
     * One socket's line pair. Times in milliseconds as ss prints them; rates in bit/s; {@code ecn}
     * whether the connection negotiated ECN (ss's bare {@code ecn} flag).
     */
    public record Socket(String local, String peer, String congestionControl, int mss, long cwndSegments,
                         long ssthreshSegments, double rttMillis, double rttVarMillis, double minRttMillis,
                         long bytesSent, long bytesAcked, long retransmitsTotal, long lost, double deliveryRateBps,
                         boolean ecn) {
        /** The congestion window in bytes: segments × MSS. */
        public long cwndBytes() {
            return cwndSegments * mss;
        }

        /** The local port, from {@code address:port}. */
        public int localPort() {
            return port(local);
        }

        public int peerPort() {
            return port(peer);
        }

        private static int port(String endpoint) {
            int colon = endpoint.lastIndexOf(':');
            try {
                return colon < 0 ? -1 : Integer.parseInt(endpoint.substring(colon + 1));
            } catch (NumberFormatException e) {
                return -1;
            }
        }
    }

    /** Every TCP socket in {@code output} that has an info line; the header, if present, is skipped. */
    public static List<Socket> parse(String output) {
        List<Socket> out = new ArrayList<>();
        String[] head = null;
        for (String line : output.split("\n")) {
            if (line.isBlank()) {
                continue;
            }
            if (!Character.isWhitespace(line.charAt(0))) {
                String[] t = line.trim().split("\\s+");
                // State Recv-Q Send-Q Local Peer [Process]; the header line starts with "State"
                head = t.length >= 5 && !t[0].equals("State") ? t : null;
            } else if (head != null) {
                out.add(info(head[3], head[4], line.trim()));
                head = null;
            }
        }
        return out;
    }

    static Socket info(String local, String peer, String infoLine) {
        String[] t = infoLine.split("\\s+");
        Map<String, String> kv = new HashMap<>();
        String cc = "";
        boolean ecn = false;
        for (int i = 0; i < t.length; i++) {
            String tok = t[i];
            int colon = tok.indexOf(':');
            if (colon > 0) {
                kv.putIfAbsent(tok.substring(0, colon), tok.substring(colon + 1));
            } else if ((tok.equals("send") || tok.equals("pacing_rate") || tok.equals("delivery_rate")
                    || tok.equals("rcv_rtt") || tok.equals("busy")) && i + 1 < t.length) {
                kv.putIfAbsent(tok, t[++i]);
            } else if (tok.equals("ecn")) {
                ecn = true; // TCPI_OPT_ECN: ECN was negotiated
            } else if (cc.isEmpty() && !FLAGS.contains(tok) && tok.chars().allMatch(Character::isLetterOrDigit)) {
                cc = tok;
            }
        }
        String[] rtt = kv.getOrDefault("rtt", "0/0").split("/");
        String[] retrans = kv.getOrDefault("retrans", "0/0").split("/");
        return new Socket(local, peer, cc, (int) longOf(kv.get("mss"), 0), longOf(kv.get("cwnd"), 0),
                longOf(kv.get("ssthresh"), -1), doubleOf(rtt[0]), rtt.length > 1 ? doubleOf(rtt[1]) : 0,
                doubleOf(kv.getOrDefault("minrtt", "0")), longOf(kv.get("bytes_sent"), 0),
                longOf(kv.get("bytes_acked"), 0), longOf(retrans.length > 1 ? retrans[1] : retrans[0], 0),
                longOf(kv.get("lost"), 0), rate(kv.get("delivery_rate")), ecn);
    }

    /** {@code 95.2Mbps}, {@code 43690666664bps}, {@code 1.2Gbps}, {@code 800Kbps} in bit/s; 0 if absent. */
    static double rate(String text) {
        if (text == null) {
            return 0;
        }
        String s = text.toLowerCase(Locale.ROOT);
        if (!s.endsWith("bps")) {
            return 0;
        }
        s = s.substring(0, s.length() - 3);
        double scale = 1;
        char last = s.isEmpty() ? ' ' : s.charAt(s.length() - 1);
        if (last == 'k' || last == 'm' || last == 'g' || last == 't') {
            scale = switch (last) {
                case 'k' -> 1e3;
                case 'm' -> 1e6;
                case 'g' -> 1e9;
                default -> 1e12;
            };
            s = s.substring(0, s.length() - 1);
        }
        return doubleOf(s) * scale;
    }

    private static long longOf(String s, long absent) {
        if (s == null) {
            return absent;
        }
        try {
            return Long.parseLong(s);
        } catch (NumberFormatException e) {
            return absent;
        }
    }

    private static double doubleOf(String s) {
        try {
            return Double.parseDouble(s);
        } catch (NumberFormatException e) {
            return 0;
        }
    }
}
