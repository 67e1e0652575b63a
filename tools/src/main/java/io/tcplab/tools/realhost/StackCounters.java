package io.tcplab.tools.realhost;

import io.tcplab.stack.StackStats;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The stack's own counters when a connection's report was taken: they cover every connection and
 * stray packet the endpoint saw so far, so a report shows what its defences did (RFC 5961 challenge
 * ACKs, drops by {@link io.tcplab.stack.DropReason}).
 *
 * @param challengeAcksSent challenge ACKs sent (RFC 5961 §3.2, §4.2, §5.2), after the rate limit of §7
 * @param drops the non-zero drop counters, by reason name
 */
record StackCounters(long challengeAcksSent, long resetsSent, Map<String, Long> drops) {

    /** A snapshot; call it on the thread that owns the stack. */
    static StackCounters of(StackStats stats) {
        Map<String, Long> drops = new LinkedHashMap<>();
        stats.dropsByReason().forEach((reason, n) -> drops.put(reason.name(), n));
        return new StackCounters(stats.challengeAcksSent(), stats.resetsSent(), drops);
    }

    /** One line: "3 challenge ACKs, 0 resets sent; drops OUT_OF_WINDOW 2, BAD_ACK 1". */
    String line() {
        StringBuilder s = new StringBuilder().append(challengeAcksSent).append(" challenge ACKs, ")
                .append(resetsSent).append(" resets sent; drops");
        if (drops.isEmpty()) {
            s.append(" none");
        }
        String sep = " ";
        for (Map.Entry<String, Long> e : drops.entrySet()) {
            s.append(sep).append(e.getKey()).append(' ').append(e.getValue());
            sep = ", ";
        }
        return s.toString();
    }
}
