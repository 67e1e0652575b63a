package io.tcplab.tools.ab.suite;

import io.tcplab.tools.link.Limit;
import io.tcplab.tools.link.LinkSchedule;
import java.util.List;

/**
 * One path of the parity suite, as {@code tcplab ab}'s options give it: {@code bytes} per run, the
 * rate (0 unlimited) and RTT of each direction, the queue (null: ab's default, one BDP), random
 * loss and reordering on the data direction, ECN on both sides and the CE threshold (null: no
 * marking), the data direction's {@code --at} changes, and the algorithms compared on it.
 */
public record SuitePath(String name, long bytes, long rateBitsPerSec, long rttNanos, Limit queue, double loss,
                        double reorder, boolean ecn, Limit ecnThreshold, LinkSchedule at, List<String> algorithms) {
    public SuitePath {
        algorithms = List.copyOf(algorithms);
    }
}
