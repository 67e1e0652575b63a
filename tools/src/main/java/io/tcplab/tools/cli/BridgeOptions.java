package io.tcplab.tools.cli;

import io.tcplab.tools.link.Limit;
import io.tcplab.tools.link.LinkSchedule;
import io.tcplab.tools.link.PathDefaults;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Option;

/**
 * What {@code link} and {@code ab} share about their real-time link beyond the impairments: the
 * queue of each direction and the schedule of the reverse one. (Their rate and RTT defaults differ,
 * so those stay with each command.)
 */
final class BridgeOptions {
    @Option(names = "--queue", paramLabel = "LIMIT", converter = Converters.Queue.class,
            description = "Queue limit of each direction, e.g. 256KiB or 100p, or none "
                    + "(default: one bandwidth-delay product, at least 64KiB; none when the rate is unlimited).")
    private Limit queue;

    @Option(names = "--at-reverse", paramLabel = "KEY=VALUE@TIME", converter = Converters.Schedule.class,
            description = "Like --at, for the right-to-left direction.")
    private List<LinkSchedule> reverseSchedules = new ArrayList<>();

    /** The queue limit asked for, or one BDP (none at an unlimited rate). */
    Limit queue(long rateBitsPerSec, long rttNanos) {
        return PathDefaults.queueOrDefault(queue, rateBitsPerSec, rttNanos);
    }

    LinkSchedule reverseSchedule() {
        return ImpairmentOptions.merged(reverseSchedules);
    }
}
