package io.tcplab.tools.ab;

import io.tcplab.tools.link.LinkParams;
import io.tcplab.tools.link.LinkSchedule;
import java.util.Objects;

/**
 * What an A/B run does: {@code bytes} from left to right through a link with these settings
 * (a fresh link, same seed, for each run, so both see the same loss draws and the schedule
 * counted from their own start), with the congestion control {@code cc} (a tcplab spec such as
 * {@code reno}; the kernel gets its name), sampling the sender every {@code sampleIntervalNanos}.
 */
public record AbSpec(long bytes, String cc, LinkParams forward, LinkParams reverse, LinkSchedule forwardSchedule,
                     LinkSchedule reverseSchedule, long seed, int mtu, long sampleIntervalNanos, long timeoutNanos,
                     int port) {
    public AbSpec {
        Objects.requireNonNull(cc, "cc");
        Objects.requireNonNull(forward, "forward");
        Objects.requireNonNull(reverse, "reverse");
        Objects.requireNonNull(forwardSchedule, "forwardSchedule");
        Objects.requireNonNull(reverseSchedule, "reverseSchedule");
        if (bytes < 1 || sampleIntervalNanos <= 0 || timeoutNanos <= 0 || port < 1 || port > 65534) {
            throw new IllegalArgumentException("bad A/B spec: bytes " + bytes + ", sample interval "
                    + sampleIntervalNanos + " ns, timeout " + timeoutNanos + " ns, port " + port);
        }
    }

    /** The algorithm's name without parameters: what the kernel is asked for. */
    public String ccName() {
        int colon = cc.indexOf(':');
        return (colon < 0 ? cc : cc.substring(0, colon)).trim().toLowerCase(java.util.Locale.ROOT);
    }
}
