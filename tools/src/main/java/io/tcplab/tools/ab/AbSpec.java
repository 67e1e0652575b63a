package io.tcplab.tools.ab;

import io.tcplab.stack.conn.EcnMode;
import io.tcplab.stack.conn.ConnectionOptions;
import io.tcplab.tools.link.LinkParams;
import io.tcplab.tools.link.LinkSchedule;
import java.util.Objects;

/**
 * What an A/B run does: {@code bytes} from left to right through a link with these settings
 * (a fresh link, same seed, for each run, so both see the same loss draws and the schedule
 * counted from their own start), with tcplab's connection options {@code tcplab} (its congestion
 * control spec such as {@code reno}; the kernel gets the algorithm's name, nothing else), sampling the sender every {@code sampleIntervalNanos}.
 */
public record AbSpec(long bytes, ConnectionOptions tcplab, LinkParams forward, LinkParams reverse, LinkSchedule forwardSchedule,
                     LinkSchedule reverseSchedule, long seed, int mtu, long sampleIntervalNanos, long timeoutNanos,
                     int port) {
    public AbSpec {
        Objects.requireNonNull(tcplab, "tcplab");
        Objects.requireNonNull(forward, "forward");
        Objects.requireNonNull(reverse, "reverse");
        Objects.requireNonNull(forwardSchedule, "forwardSchedule");
        Objects.requireNonNull(reverseSchedule, "reverseSchedule");
        if (bytes < 1 || sampleIntervalNanos <= 0 || timeoutNanos <= 0 || port < 1 || port > 65534) {
            throw new IllegalArgumentException("bad A/B spec: bytes " + bytes + ", sample interval "
                    + sampleIntervalNanos + " ns, timeout " + timeoutNanos + " ns, port " + port);
        }
    }

    /** tcplab's algorithm spec, e.g. {@code cubic:beta=0.7}. */
    public String cc() {
        return tcplab.congestionControl;
    }

    /** Whether both sides ask for ECN: tcplab through its options, the kernel sender through tcp_ecn=1. */
    public boolean ecn() {
        return tcplab.ecn;
    }

    /** Which ECN feedback both sides ask for: off, classic or accecn. */
    public EcnMode ecnMode() {
        return tcplab.ecnMode;
    }

    /** The algorithm's name without parameters: what the kernel is asked for. */
    public String ccName() {
        return RealPath.algorithmName(cc());
    }
}
