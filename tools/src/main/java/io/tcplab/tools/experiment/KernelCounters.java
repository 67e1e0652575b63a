package io.tcplab.tools.experiment;

import io.tcplab.tun.CommandResult;
import io.tcplab.tun.NamespaceHosts;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;

/**
 * The kernel's own loss-recovery counters for a namespace ({@code TcpExt} of /proc/net/netstat,
 * which is per namespace). The kernel sender is the only TCP socket of the left namespace, so the
 * difference over its run is its own: timeouts, undos (full, partial, D-SACK and after an RTO,
 * F-RTO's included) and retransmissions that were lost again. Missing counters read as null.
 */
final class KernelCounters {
    private static final String[] UNDOS = {"TCPFullUndo", "TCPPartialUndo", "TCPDSACKUndo", "TCPLossUndo"};

    private final Map<String, Long> values;

    private KernelCounters(Map<String, Long> values) {
        this.values = values;
    }

    static KernelCounters read(NamespaceHosts.Host host) {
        CommandResult r = host.exec(Duration.ofSeconds(5), "cat", "/proc/net/netstat");
        return of(r.ok() ? parse(r.stdout()) : Map.of());
    }

    static KernelCounters of(Map<String, Long> values) {
        return new KernelCounters(Map.copyOf(values));
    }

    /** {@code TcpExt: A B ...} followed by {@code TcpExt: 1 2 ...}, as name to value. */
    static Map<String, Long> parse(String netstat) {
        Map<String, Long> out = new HashMap<>();
        String[] lines = netstat.split("\n");
        for (int i = 0; i + 1 < lines.length; i++) {
            String[] names = lines[i].trim().split("\\s+");
            String[] numbers = lines[i + 1].trim().split("\\s+");
            if (!names[0].equals("TcpExt:") || !numbers[0].equals("TcpExt:") || names.length != numbers.length) {
                continue;
            }
            for (int k = 1; k < names.length; k++) {
                try {
                    out.put(names[k], Long.parseLong(numbers[k]));
                } catch (NumberFormatException e) {
                    // a line of names read as numbers: not the pair
                }
            }
        }
        return out;
    }

    /** RTOs, undos and lost retransmissions since {@code before}; retransmitted segments from ss. */
    SenderCounts since(KernelCounters before, long retransmissions) {
        Long undos = 0L;
        for (String name : UNDOS) {
            Long d = delta(before, name);
            undos = undos == null || d == null ? null : undos + d;
        }
        return new SenderCounts(delta(before, "TCPTimeouts"), retransmissions, undos,
                delta(before, "TCPLostRetransmit"));
    }

    private Long delta(KernelCounters before, String name) {
        Long now = values.get(name);
        Long then = before.values.get(name);
        return now == null || then == null ? null : now - then;
    }
}
